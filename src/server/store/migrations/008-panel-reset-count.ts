import type { Kysely, Migration } from 'kysely';

/**
 * Issue 17, a poll run again: `reset_count` counts the host's vote resets. The phone ties its
 * 'vote sent' flag to it, so a participant who voted before a reset can vote in the next run.
 */
export const panelResetCount: Migration = {
  // Kysely<any> is how migrations are typed: they must not depend on today's schema types.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('polls')
      .addColumn('reset_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
