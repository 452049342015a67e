import type { Kysely, Migration } from 'kysely';

/**
 * The presenter pace (issue 9): a poll setting, off for every existing poll, and the question
 * the presenter shows. No foreign key on the current question: SQLite cannot add one to an
 * existing table, and a deleted question simply stops being current (the poll view drops an id
 * that is not among the poll's questions).
 */
export const presenterPace: Migration = {
  // Kysely<any> is how migrations are typed: they must not depend on today's schema types.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('polls')
      .addColumn('presenter_pace', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('polls').addColumn('current_question_id', 'integer').execute();
  },
};
