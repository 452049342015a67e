import { sql } from 'kysely';
import { runCompiled } from './compiled-queries.ts';
import type { EngineHooks } from './engine-hooks.ts';
import type { Db } from './kysely-rows.ts';
import { padded, rowChunks } from './sql-shapes.ts';

/**
 * `poll_participants` (migrations 016 and 024): one row per (poll, participant id) with a
 * ballot, whose `id` is the participant's number in the poll, which the one-vote rows reference
 * (`answered_questions.participant_number`). A number is kept as long as the participant has a
 * ballot in the poll: a recount deletes only the rows left without one.
 */

/**
 * Adds the poll's rows of `participants` that are missing (SQLite's ballot batch; PostgreSQL's
 * does it inside its one statement, postgres-batch-folds.ts), and answers how many were added
 * (the participant counter's increase) and the numbers of those in `numbered` (the ballots
 * that leave one-vote rows). An insert that finds its row adds nothing, so two ballots of a new
 * person count one. New rows' numbers come back from the insert (RETURNING); the others', only
 * when asked for, from one read.
 */
export async function addParticipants(
  trx: Db,
  hooks: EngineHooks,
  pollId: number,
  participants: readonly string[],
  numbered: ReadonlySet<string>,
): Promise<{ added: number; numbers: Map<string, number> }> {
  const rows = [...new Set(participants)].map((id) => ({ poll_id: pollId, participant_id: id }));
  const numbers = new Map<string, number>();
  let added = 0;
  for (const part of rows.length > 0 ? (hooks.rowGroups ?? rowChunks)(rows) : []) {
    const result = await runCompiled(
      trx,
      hooks,
      `count:participants:${part.length}`,
      part.flatMap((row) => [row.poll_id, row.participant_id]),
      () =>
        trx
          .insertInto('poll_participants')
          .values(part)
          .onConflict((oc) => oc.columns(['poll_id', 'participant_id']).doNothing())
          .returning(['id', 'participant_id']),
    );
    added += result.rows.length;
    for (const r of result.rows) numbers.set(r.participant_id, Number(r.id));
  }
  const known = [...numbered].filter((id) => !numbers.has(id));
  for (const chunk of known.length > 0 ? rowChunks(known) : []) {
    const part = padded(chunk);
    const { rows: found } = await runCompiled(
      trx,
      hooks,
      `count:numbers:${part.length}`,
      [pollId, ...part],
      () =>
        trx
          .selectFrom('poll_participants')
          .select(['id', 'participant_id'])
          .where('poll_id', '=', pollId)
          .where('participant_id', 'in', part),
    );
    for (const r of found) numbers.set(r.participant_id, Number(r.id));
  }
  return { added, numbers };
}

/** The participant's number in the poll, added if missing (a restored ballot's one-vote rows). */
export async function participantNumber(
  trx: Db,
  pollId: number,
  participantId: string,
): Promise<number> {
  await trx
    .insertInto('poll_participants')
    .values({ poll_id: pollId, participant_id: participantId })
    .onConflict((oc) => oc.columns(['poll_id', 'participant_id']).doNothing())
    .execute();
  const row = await trx
    .selectFrom('poll_participants')
    .select('id')
    .where('poll_id', '=', pollId)
    .where('participant_id', '=', participantId)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Makes the poll's rows those of the participants with a ballot, keeping every number still in
 * use: deletes the rows left without a ballot (their one-vote rows went with their ballots),
 * adds the missing ones. Deleting and re-inserting them all would renumber everyone and, by
 * the cascade, drop every one-vote row of the poll.
 */
export async function recountParticipants(trx: Db, pollId: number): Promise<void> {
  // NOT IN, not a NOT EXISTS per row: ballots are indexed by poll, not by participant, and
  // both engines build the subquery's set once (O(ballots of the poll)).
  await trx
    .deleteFrom('poll_participants')
    .where('poll_id', '=', pollId)
    .where('participant_id', 'not in', (eb) =>
      eb
        .selectFrom('ballots')
        .select('ballots.participant_id')
        .where('ballots.poll_id', '=', pollId),
    )
    .execute();
  await sql`insert into poll_participants (poll_id, participant_id)
    select distinct b.poll_id, b.participant_id from ballots b
    where b.poll_id = ${pollId} and not exists (select 1 from poll_participants p
      where p.poll_id = b.poll_id and p.participant_id = b.participant_id)`.execute(trx);
}
