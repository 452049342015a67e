import type { Kysely } from 'kysely';
import type { EngineHooks } from './engine-hooks.ts';
import { touchPoll } from './kysely-rows.ts';
import { emptyCurrentRun } from './kysely-votes.ts';
import type { Database } from './schema.ts';
import type { RoundArchive, RoundRecord, RoundWithSummaries } from './store-rounds.ts';

/** Issue 27: archived rounds (migration 021). See store-rounds.ts for each method's rule. */

export async function archiveRound(
  db: Kysely<Database>,
  hooks: EngineHooks,
  maxWords: number,
  pollId: number,
  archive: RoundArchive,
): Promise<'archived' | 'stale'> {
  return db.transaction().execute(async (trx) => {
    await hooks.lockPoll?.(trx, pollId);
    const poll = await trx
      .selectFrom('polls')
      .select('ballot_count')
      .where('id', '=', pollId)
      .executeTakeFirst();
    if (!poll || Number(poll.ballot_count) !== archive.ballots) return 'stale';
    // Rounds deleted by 'Borrar rondas' are gone for good once the next round is archived:
    // their numbers are taken again.
    await trx
      .deleteFrom('poll_rounds')
      .where('poll_id', '=', pollId)
      .where('discarded', '=', 1)
      .execute();
    const taken = await trx
      .selectFrom('poll_rounds')
      .select('round')
      .where('poll_id', '=', pollId)
      .where('round', '>=', archive.round)
      .executeTakeFirst();
    if (taken) return 'stale';
    await trx
      .insertInto('poll_rounds')
      .values({
        poll_id: pollId,
        round: archive.round,
        ballots: archive.ballots,
        host_summary: archive.hostSummary,
        audience_summary: archive.audienceSummary,
        leaderboard: archive.leaderboard,
        export_rows: archive.exportRows,
        closed_at: Date.now(),
      })
      .execute();
    await emptyCurrentRun(trx, pollId, maxWords);
    return 'archived';
  });
}

export async function listRounds(db: Kysely<Database>, pollId: number): Promise<RoundRecord[]> {
  const rows = await db
    .selectFrom('poll_rounds')
    .select(['round', 'ballots', 'closed_at'])
    .where('poll_id', '=', pollId)
    .where('discarded', '=', 0)
    .orderBy('round')
    .execute();
  return rows.map((r) => ({
    round: Number(r.round),
    ballots: Number(r.ballots),
    closedAt: new Date(Number(r.closed_at)),
  }));
}

export async function getRound(
  db: Kysely<Database>,
  pollId: number,
  round: number,
): Promise<RoundWithSummaries | undefined> {
  const row = await db
    .selectFrom('poll_rounds')
    .selectAll()
    .where('poll_id', '=', pollId)
    .where('round', '=', round)
    .where('discarded', '=', 0)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    round: Number(row.round),
    ballots: Number(row.ballots),
    closedAt: new Date(Number(row.closed_at)),
    hostSummary: row.host_summary,
    audienceSummary: row.audience_summary,
    leaderboard: row.leaderboard,
    exportRows: row.export_rows,
  };
}

export async function setRoundsDiscarded(
  db: Kysely<Database>,
  pollId: number,
  discarded: boolean,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('poll_rounds')
      .set({ discarded: discarded ? 1 : 0 })
      .where('poll_id', '=', pollId)
      .where('discarded', '=', discarded ? 0 : 1)
      .executeTakeFirst();
    const changed = Number(result.numUpdatedRows);
    // The poll's version moves, so open results pages and projectors (keyed by it) read the
    // list of rounds again on the poll frame.
    if (changed > 0) await touchPoll(trx, pollId);
    return changed;
  });
}

export async function discardedRounds(db: Kysely<Database>, pollId: number): Promise<number> {
  const row = await db
    .selectFrom('poll_rounds')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('poll_id', '=', pollId)
    .where('discarded', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
