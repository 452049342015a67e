import type { Kysely, Migration } from 'kysely';

/**
 * Issue 18: 'Concurso' (quiz).
 *
 * - `polls.quiz`: the setting, off for every existing poll.
 * - `questions.time_limit_seconds` (null: no limit) and the question's clock: `started_at`
 *   (set once, the first time the question is current in a quiz), `ends_at` (start + limit,
 *   null without one) and `closed_at` (set once: at ends_at, by the host, or when every player
 *   answered). Epoch milliseconds like every timestamp.
 * - `options.correct`: 0/1.
 * - `quiz_players`: a participant with a nickname in a poll. `nickname_key` is the nickname
 *   folded (case and accents): the UNIQUE (poll_id, nickname_key) is the uniqueness rule
 *   itself, so two phones racing for one name cannot both get it, on either engine.
 * - `quiz_results`: one row per (question, player who answered it), written once when the
 *   question closes: its points and whether it was correct. Scores are sums of these rows, so
 *   the leaderboard is a recount of the stored answers by construction. Deleted with the
 *   question (cascade); a reset deletes the poll's rows.
 */
export const quiz: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: a migration is typed against no schema
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('polls')
      .addColumn('quiz', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    for (const column of ['time_limit_seconds']) {
      await db.schema.alterTable('questions').addColumn(column, 'integer').execute();
    }
    for (const column of ['started_at', 'ends_at', 'closed_at']) {
      await db.schema.alterTable('questions').addColumn(column, 'bigint').execute();
    }
    await db.schema
      .alterTable('options')
      .addColumn('correct', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('quiz_players')
      .addColumn('poll_id', 'integer', (c) =>
        c.notNull().references('polls.id').onDelete('cascade'),
      )
      .addColumn('participant_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('nickname', 'varchar(128)', (c) => c.notNull())
      .addColumn('nickname_key', 'varchar(128)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('quiz_players_pk', ['poll_id', 'participant_id'])
      .addUniqueConstraint('quiz_players_nickname', ['poll_id', 'nickname_key'])
      .execute();

    await db.schema
      .createTable('quiz_results')
      .addColumn('question_id', 'integer', (c) =>
        c.notNull().references('questions.id').onDelete('cascade'),
      )
      .addColumn('poll_id', 'integer', (c) => c.notNull())
      .addColumn('participant_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('correct', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('quiz_results_pk', ['question_id', 'participant_id'])
      .execute();
    await db.schema
      .createIndex('quiz_results_poll')
      .on('quiz_results')
      .columns(['poll_id', 'participant_id'])
      .execute();
  },
};
