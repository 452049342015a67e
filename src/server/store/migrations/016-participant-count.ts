import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 25: 'Mis encuestas' counted each poll's people with COUNT(DISTINCT participant_id) over
 * every ballot, on every lookup (a blocking scan of a big poll's ballots on SQLite). Now a live
 * counter, kept by every ballot write in its own transaction:
 *
 * - `poll_participants`: one row per (poll, participant id) that has a ballot; its primary key
 *   is what makes "counted once" hold under concurrency on both engines (an insert that finds
 *   the row does nothing and adds nothing to the count);
 * - `polls.participant_count`: how many rows the poll has there.
 *
 * Writes that delete ballots (reset, discard) recount both from the ballots (recountVotes).
 */
export const participantCount: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('polls')
      .addColumn('participant_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('poll_participants')
      .addColumn('poll_id', 'integer', (c) =>
        c.notNull().references('polls.id').onDelete('cascade'),
      )
      .addColumn('participant_id', 'varchar(64)', (c) => c.notNull())
      .addPrimaryKeyConstraint('poll_participants_pk', ['poll_id', 'participant_id'])
      .execute();
    await sql`insert into poll_participants (poll_id, participant_id)
      select distinct poll_id, participant_id from ballots`.execute(db);
    await sql`update polls set participant_count =
      (select count(*) from poll_participants where poll_participants.poll_id = polls.id)`.execute(
      db,
    );
  },
};
