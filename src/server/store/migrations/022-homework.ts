import type { Kysely, Migration } from 'kysely';

/**
 * Issue 27: homework ('Tarea') and 'Más tiempo'.
 *
 * - `polls.opens_at`, `polls.closes_at` (epoch ms, null: none): the server refuses votes before
 *   the first and closes the poll at the second. `polls.speed_points`: 'Puntos por rapidez' in a
 *   self-paced quiz (off: a correct answer scores in full whenever it comes).
 * - `quiz_players.more_time`: 'Más tiempo' (WCAG 2.2.1), the player's time limits doubled.
 * - `homework_turns`: one row per (player, question) a self-paced quiz opened for that player,
 *   with the player's own clock and, once answered, its points. Written once at opening and
 *   once at answering (a conditional write), so racing requests score once; the rows are copied
 *   into `quiz_results` when the poll closes, and only then does the leaderboard show them.
 */
export const homework: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: a migration is typed against no schema
  async up(db: Kysely<any>) {
    for (const column of ['opens_at', 'closes_at']) {
      await db.schema.alterTable('polls').addColumn(column, 'bigint').execute();
    }
    await db.schema
      .alterTable('polls')
      .addColumn('speed_points', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('quiz_players')
      .addColumn('more_time', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('homework_turns')
      .addColumn('poll_id', 'integer', (c) =>
        c.notNull().references('polls.id').onDelete('cascade'),
      )
      .addColumn('participant_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('question_id', 'integer', (c) =>
        c.notNull().references('questions.id').onDelete('cascade'),
      )
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('ends_at', 'bigint')
      .addColumn('answered_at', 'bigint')
      .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('correct', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('homework_turns_pk', ['poll_id', 'participant_id', 'question_id'])
      .execute();
    // The deadline timers of every instance read the open polls that have one.
    await db.schema.createIndex('polls_closes_at').on('polls').column('closes_at').execute();
  },
};
