import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from './index.ts';

/**
 * Issue 29: the one-vote records keyed by a participant number instead of the 52-character
 * random participant id. Keyed (participant id, question), a new participant's records landed
 * on a random leaf page of a big index, which SQLite's COMMIT writes to the WAL whole and the
 * checkpointer copies again: ~45 % of the store's cost of a ballot. A number handed out in
 * order puts them at the end of the index instead (raw better-sqlite3: 54 → 32 µs of CPU per
 * three-question ballot, bench/RESULTS.md).
 *
 * - `poll_participants` gets `id`, the number (SQLite: a rowid alias, no AUTOINCREMENT: a
 *   number freed by a recount may be handed out again, harmless since its one-vote rows went
 *   with it; PostgreSQL: an identity). (poll_id, participant_id) stays unique: it is what
 *   counts a person once under concurrency.
 * - `answered_questions (question_id, participant_number, ballot_id)`, primary key
 *   (participant_number, question_id): participant first, so the one-vote read (a batch's
 *   voters' answered questions) is an index seek per voter. Deleting a participant's number
 *   deletes its records (a recount deletes only numbers left without a ballot, whose records
 *   went with their ballots already).
 *
 * Existing rows are copied: every one-vote record keeps its question and ballot, and gets the
 * number of its (poll, participant id); a record whose participant had no row (none should)
 * gets one, and the poll's participant count is recounted from the rows.
 */
export function participantNumbers(engine: Engine): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('poll_participants_next')
        .addColumn('id', 'integer', (c) =>
          engine === 'sqlite' ? c.notNull() : c.notNull().generatedByDefaultAsIdentity(),
        )
        .addColumn('poll_id', 'integer', (c) =>
          c.notNull().references('polls.id').onDelete('cascade'),
        )
        .addColumn('participant_id', 'varchar(64)', (c) => c.notNull())
        .addPrimaryKeyConstraint('poll_participants_number_pk', ['id'])
        .addUniqueConstraint('poll_participants_once', ['poll_id', 'participant_id'])
        .execute();
      await sql`insert into poll_participants_next (poll_id, participant_id)
        select poll_id, participant_id from poll_participants
        order by poll_id, participant_id`.execute(db);
      await sql`insert into poll_participants_next (poll_id, participant_id)
        select distinct q.poll_id, a.participant_id
        from answered_questions a join questions q on q.id = a.question_id
        where not exists (select 1 from poll_participants_next p
          where p.poll_id = q.poll_id and p.participant_id = a.participant_id)`.execute(db);
      await db.schema.dropTable('poll_participants').execute();
      await db.schema.alterTable('poll_participants_next').renameTo('poll_participants').execute();
      await sql`update polls set participant_count =
        (select count(*) from poll_participants where poll_participants.poll_id = polls.id)`.execute(
        db,
      );

      // Created after the rename, so its reference names the table's final name on both engines.
      await db.schema
        .createTable('answered_questions_next')
        .addColumn('question_id', 'integer', (c) =>
          c.notNull().references('questions.id').onDelete('cascade'),
        )
        .addColumn('participant_number', 'integer', (c) =>
          c.notNull().references('poll_participants.id').onDelete('cascade'),
        )
        .addColumn('ballot_id', 'integer', (c) =>
          c.notNull().references('ballots.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('answered_questions_number_pk', [
          'participant_number',
          'question_id',
        ])
        .execute();
      await sql`insert into answered_questions_next (question_id, participant_number, ballot_id)
        select a.question_id, p.id, a.ballot_id
        from answered_questions a
        join questions q on q.id = a.question_id
        join poll_participants p on p.poll_id = q.poll_id and p.participant_id = a.participant_id
        order by p.id, a.question_id`.execute(db);
      await db.schema.dropTable('answered_questions').execute();
      await db.schema
        .alterTable('answered_questions_next')
        .renameTo('answered_questions')
        .execute();
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
}
