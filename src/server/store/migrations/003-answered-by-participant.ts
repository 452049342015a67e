import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The one-vote records keyed (participant, question) instead of (question, participant): the
 * same rule, but a ballot's records now sit together in one page of the key's index instead of
 * one random page per question, which was a third of SQLite's work per ballot (it writes those
 * pages on every commit). An index on the question keeps its deletes cheap.
 */
export const answeredByParticipant: Migration = {
  // Kysely<any> is how migrations are typed: they must not depend on today's schema types.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('answered_questions_next')
      .addColumn('question_id', 'integer', (c) =>
        c.notNull().references('questions.id').onDelete('cascade'),
      )
      .addColumn('participant_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('ballot_id', 'integer', (c) =>
        c.notNull().references('ballots.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('answered_questions_participant_pk', [
        'participant_id',
        'question_id',
      ])
      .execute();
    await sql`insert into answered_questions_next (question_id, participant_id, ballot_id)
      select question_id, participant_id, ballot_id from answered_questions`.execute(db);
    await db.schema.dropTable('answered_questions').execute();
    await db.schema.alterTable('answered_questions_next').renameTo('answered_questions').execute();
    await db.schema
      .createIndex('answered_questions_question')
      .on('answered_questions')
      .column('question_id')
      .execute();
    await db.schema
      .createIndex('answered_questions_ballot')
      .on('answered_questions')
      .column('ballot_id')
      .execute();
  },
};
