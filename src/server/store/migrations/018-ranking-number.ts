import type { Kysely, Migration } from 'kysely';

/**
 * Issue 26: two question types.
 *
 * - Ranking ('Ordenar'): a ballot's answer is its choices, one per option, each with its
 *   `position` (1 = top); null for every other type's choices.
 * - Number ('Número'): the question's range, decimals and unit, and in a quiz the correct
 *   value and the margin; a ballot's answer is one row of `number_answers`. Values are
 *   doubles on both engines: the bounds keep 3 decimals exact (NUMBER_ABS_MAX).
 */
export const rankingNumber: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema
  async up(db: Kysely<any>) {
    await db.schema.alterTable('choices').addColumn('position', 'integer').execute();
    for (const column of ['number_min', 'number_max', 'correct_value', 'tolerance']) {
      await db.schema.alterTable('questions').addColumn(column, 'double precision').execute();
    }
    await db.schema.alterTable('questions').addColumn('number_decimals', 'integer').execute();
    await db.schema.alterTable('questions').addColumn('number_unit', 'varchar(64)').execute();
    await db.schema
      .createTable('number_answers')
      .addColumn('ballot_id', 'integer', (c) =>
        c.notNull().references('ballots.id').onDelete('cascade'),
      )
      .addColumn('question_id', 'integer', (c) =>
        c.notNull().references('questions.id').onDelete('cascade'),
      )
      .addColumn('value', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('number_answers_pk', ['ballot_id', 'question_id'])
      .execute();
    // A summary reads a question's values in order: the index hands them over sorted.
    await db.schema
      .createIndex('number_answers_question')
      .on('number_answers')
      .columns(['question_id', 'value'])
      .execute();
  },
};
