import type { Kysely } from 'kysely';
import type { EngineHooks } from './engine-hooks.ts';
import { recountVotes } from './kysely-counters.ts';
import { touchPoll } from './kysely-rows.ts';
import { recountText } from './kysely-text.ts';
import type { Database } from './schema.ts';
import type { BallotSource } from './store.ts';

/** One GROUP BY over the (poll, source) index: O(ballots of the poll), read by the host only. */
export async function ballotSources(db: Kysely<Database>, pollId: number): Promise<BallotSource[]> {
  const rows = await db
    .selectFrom('ballots')
    .select((eb) => [
      'source',
      eb.fn.countAll().as('n'),
      eb.fn.min('created_at').as('first'),
      eb.fn.max('created_at').as('last'),
      eb.fn.sum('fresh_participant').as('fresh'),
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
    }))
    .sort((a, b) => b.ballots - a.ballots || a.source.localeCompare(b.source));
}

export async function discardSource(
  db: Kysely<Database>,
  pollId: number,
  source: string,
  hooks: EngineHooks,
  maxWords: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await hooks.lockPoll?.(trx, pollId);
    // Choices, open answers and one-vote records go with their ballots (ON DELETE CASCADE).
    const result = await trx
      .deleteFrom('ballots')
      .where('poll_id', '=', pollId)
      .where('source', '=', source)
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
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
