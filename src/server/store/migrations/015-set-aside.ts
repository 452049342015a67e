import type { Kysely, Migration } from 'kysely';

/**
 * Issue 24: a discard can be undone. Discarded ballots are set aside, not deleted: one row per
 * (discard, source, slice of ballots) holding what the discard removed as JSON (ballots with
 * their choices, open answers and one-vote records, and the quiz's scored answers and players),
 * until the host restores them, empties them, or deletes the poll (cascade).
 */
export const setAside: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('set_aside')
      .addColumn('poll_id', 'integer', (c) =>
        c.notNull().references('polls.id').onDelete('cascade'),
      )
      .addColumn('source', 'varchar(64)', (c) => c.notNull())
      .addColumn('ballots', 'integer', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('set_aside_poll')
      .on('set_aside')
      .columns(['poll_id', 'source'])
      .execute();
  },
};
