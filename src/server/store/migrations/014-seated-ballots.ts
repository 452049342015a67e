import type { Kysely, Migration } from 'kysely';

/**
 * A room behind one address (issues 24, 25). Each ballot keeps whether its participant id held
 * the poll's participation stream before voting (1) or not (0, and every ballot stored before
 * this migration): the integrity view judges new and bulk-issued ids among unseated ballots
 * only, so a class that joined in a wave is never flagged, while scripts that never open the page
 * still are.
 */
export const seatedBallots: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('ballots')
      .addColumn('seated', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
