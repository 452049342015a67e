import type { Kysely, Migration } from 'kysely';

/**
 * Issue 27: rounds ('Nueva ronda'). A round that ends is archived as the summaries it closed
 * with (the host's and everyone else's, as JSON), the rows its export's summary lists, and, in a
 * quiz, its leaderboard; the live
 * tables then start the next round empty, as a reset does. One row per archived round, keyed by
 * (poll, round). `discarded` marks rounds the host deleted ('Borrar rondas') and may still bring
 * back; archiving the next round drops them for good. Deleting the poll deletes them (cascade).
 */
export const rounds: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('poll_rounds')
      .addColumn('poll_id', 'integer', (c) =>
        c.notNull().references('polls.id').onDelete('cascade'),
      )
      .addColumn('round', 'integer', (c) => c.notNull())
      .addColumn('ballots', 'integer', (c) => c.notNull())
      .addColumn('host_summary', 'text', (c) => c.notNull())
      .addColumn('audience_summary', 'text', (c) => c.notNull())
      .addColumn('leaderboard', 'text')
      .addColumn('export_rows', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('closed_at', 'bigint', (c) => c.notNull())
      .addColumn('discarded', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('poll_rounds_pk', ['poll_id', 'round'])
      .execute();
  },
};
