import type { Kysely, Migration } from 'kysely';

/**
 * Issue 24: `polls.strict_filter`, 'Filtro estricto': open answers and audience questions with
 * a word held on doubt wait for the host. On (1) for existing polls too: a poll made for a class
 * before the setting existed holds a class's mild insults like a new one.
 */
export const strictFilter: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('polls')
      .addColumn('strict_filter', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
};
