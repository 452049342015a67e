import { type Kysely, sql } from 'kysely';
import type { EngineHooks } from './engine-hooks.ts';
import { recountVotes } from './kysely-counters.ts';
import { touchPoll } from './kysely-rows.ts';
import { recountText } from './kysely-text.ts';
import type { Database } from './schema.ts';
import type { BallotSource } from './store.ts';

/** Sources deleted per statement: bound parameters stay far below either engine's cap. */
const DISCARD_CHUNK = 500;

/** The second an id was issued in (integer division on both engines: bigint / integer). */
const issuedSecond = sql<number>`participant_issued_at / 1000`;

/**
 * Per source, the unseated ballots whose ids were issued in a bulk: seconds in which at least
 * `bulkIds` of the ids this source voted with, from no participation page, were issued. A class
 * scanning the QR within seconds is seated, so its wave never counts here. Only those seconds come back (few rows).
 */
async function bulkIssuedBySource(
  db: Kysely<Database>,
  pollId: number,
  bulkIds: number,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('ballots')
    .select((eb) => ['source', eb.fn.countAll().as('n')])
    .where('poll_id', '=', pollId)
    .where('participant_issued_at', 'is not', null)
    .where('seated', '=', 0)
    .groupBy(['source', issuedSecond])
    .having((eb) => eb.fn.countAll(), '>=', bulkIds)
    .execute();
  const bulk = new Map<string, number>();
  for (const r of rows) bulk.set(r.source, (bulk.get(r.source) ?? 0) + Number(r.n));
  return bulk;
}

/** One GROUP BY over the (poll, source) index: O(ballots of the poll), read by the host only. */
export async function ballotSources(
  db: Kysely<Database>,
  pollId: number,
  bulkIds: number,
): Promise<BallotSource[]> {
  const bulk = await bulkIssuedBySource(db, pollId, bulkIds);
  const rows = await db
    .selectFrom('ballots')
    .select((eb) => [
      'source',
      eb.fn.countAll().as('n'),
      eb.fn.min('created_at').as('first'),
      eb.fn.max('created_at').as('last'),
      // New ids count among unseated ballots only: a phone votes from the page it holds.
      eb.fn.sum(sql<number>`fresh_participant * (1 - seated)`).as('fresh'),
      eb.fn.sum('seated').as('seated'),
    ])
    .where('poll_id', '=', pollId)
    .groupBy('source')
    .execute();
  return rows
    .map((r) => ({
      source: r.source,
      ballots: Number(r.n),
      firstAt: new Date(Number(r.first)),
      lastAt: new Date(Number(r.last)),
      freshParticipants: Number(r.fresh ?? 0),
      bulkIssued: bulk.get(r.source) ?? 0,
      seated: Number(r.seated ?? 0),
    }))
    .sort((a, b) => b.ballots - a.ballots || a.source.localeCompare(b.source));
}

export async function discardSources(
  db: Kysely<Database>,
  pollId: number,
  sources: readonly string[],
  hooks: EngineHooks,
  maxWords: number,
): Promise<number> {
  if (sources.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    await hooks.lockPoll?.(trx, pollId);
    let deleted = 0;
    for (let i = 0; i < sources.length; i += DISCARD_CHUNK) {
      // Choices, open answers and one-vote records go with their ballots (ON DELETE CASCADE).
      const result = await trx
        .deleteFrom('ballots')
        .where('poll_id', '=', pollId)
        .where('source', 'in', sources.slice(i, i + DISCARD_CHUNK))
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    if (deleted > 0) {
      await recountVotes(trx, pollId);
      await recountText(trx, pollId, maxWords);
      await touchPoll(trx, pollId);
    }
    return deleted;
  });
}

export async function serverKey(
  db: Kysely<Database>,
  name: string,
  generate: () => string,
): Promise<string> {
  // Insert-if-absent, then read: whoever inserted first wins on every instance.
  await db
    .insertInto('server_keys')
    .values({ name, value: generate(), created_at: Date.now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_keys')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
