import type { Kysely, Migration } from 'kysely';

/**
 * Issue 27, part A.
 *
 * - `polls.results_after_vote`, 'Resultados tras votar': a participant who answered a question
 *   sees its results; off (0) for every poll there was.
 * - `questions.explanation`, 'Explicación': the why of the answer, shown once the question's
 *   results are revealed or its quiz clock closed; null when there is none. `text`, not
 *   varchar(500): the contract bounds it (in UTF-16 units, which no varchar counts).
 */
export const afterTheVote: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('polls')
      .addColumn('results_after_vote', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('questions').addColumn('explanation', 'text').execute();
  },
};
