import { type Kysely, sql } from 'kysely';
import type { EngineHooks } from './engine-hooks.ts';
import type { Db } from './kysely-rows.ts';
import type { Database } from './schema.ts';
import type { QaVoteSource } from './store-qa.ts';

/**
 * Issue 25: the integrity view of audience upvotes, and the host's discard that sets a source's
 * upvotes aside (not counted, kept, restorable), as ballots have. Engine-neutral SQL.
 */

/** The second an id was issued in (integer division on both engines: bigint / integer). */
const issuedSecond = sql<number>`v.participant_issued_at / 1000`;

/** The poll's upvotes, through their questions (qa_votes has no poll of its own). */
const pollVotes = (db: Db, pollId: number) =>
  db
    .selectFrom('qa_votes as v')
    .innerJoin('qa_questions as q', 'q.id', 'v.question_id')
    .where('q.poll_id', '=', pollId);

/** One GROUP BY over the poll's votes (read by the host only), one for the bulk seconds. */
export async function qaVoteSources(
  db: Kysely<Database>,
  pollId: number,
  bulkIds: number,
): Promise<QaVoteSource[]> {
  const rows = await pollVotes(db, pollId)
    .select((eb) => [
      'v.source',
      eb.fn.sum<number>(sql`case when v.discarded = 0 then 1 else 0 end`).as('votes'),
      eb.fn.sum<number>('v.discarded').as('discarded'),
      eb.fn.sum<number>('v.fresh_participant').as('fresh'),
    ])
    .groupBy('v.source')
    .execute();
  const bulkRows = await pollVotes(db, pollId)
    .select((eb) => ['v.source', eb.fn.countAll().as('n')])
    .where('v.participant_issued_at', 'is not', null)
    .groupBy(['v.source', issuedSecond])
    .having((eb) => eb.fn.count('v.participant_id').distinct(), '>=', bulkIds)
    .execute();
  const bulk = new Map<string, number>();
  for (const r of bulkRows) bulk.set(r.source, (bulk.get(r.source) ?? 0) + Number(r.n));
  return rows
    .map((r) => ({
      source: r.source,
      votes: Number(r.votes ?? 0),
      discarded: Number(r.discarded ?? 0),
      freshParticipants: Number(r.fresh ?? 0),
      bulkIssued: bulk.get(r.source) ?? 0,
    }))
    .sort((a, b) => b.votes - a.votes || a.source.localeCompare(b.source));
}

/** Moves the upvotes of `sources` (all when undefined) between counted and set aside, then
 *  recounts the poll's questions; returns how many moved. */
export async function setQaVotesAside(
  db: Kysely<Database>,
  hooks: EngineHooks,
  pollId: number,
  aside: boolean,
  sources: readonly string[] | undefined,
): Promise<number> {
  if (sources?.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    await hooks.lockPoll?.(trx, pollId);
    let query = trx
      .updateTable('qa_votes')
      .set({ discarded: aside ? 1 : 0 })
      .where('discarded', '=', aside ? 0 : 1)
      .where('question_id', 'in', (eb) =>
        eb.selectFrom('qa_questions').select('qa_questions.id').where('poll_id', '=', pollId),
      );
    if (sources) query = query.where('source', 'in', [...sources]);
    const moved = Number((await query.executeTakeFirst()).numUpdatedRows);
    if (moved > 0) {
      await trx
        .updateTable('qa_questions')
        .set({
          votes: sql<number>`(select count(*) from qa_votes
            where qa_votes.question_id = qa_questions.id and qa_votes.discarded = 0)`,
        })
        .where('poll_id', '=', pollId)
        .execute();
    }
    return moved;
  });
}
