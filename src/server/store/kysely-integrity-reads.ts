import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';
import type { BallotSource, QuizAnswerTiming } from './store.ts';

/** The integrity view's reads (issue 25): a poll's ballots grouped by source, and a quiz's
 *  answer timings, in steps the event loop can breathe between. */

/**
 * Ballots one step of the integrity view covers (issue 25: one GROUP BY over a 200,000-ballot
 * poll held SQLite's event loop for its whole length, ~2.3 s). Each step groups one range of
 * ballot ids in SQL and the ranges are merged here; between steps the caller's `pause` lets every
 * room go first. SQLite runs a step synchronously (a few ms for this many ballots); PostgreSQL
 * runs it in its own process, so there a step is bigger and costs fewer round trips
 * (EngineHooks.scanStepRows).
 */
export const INTEGRITY_STEP_ROWS = 1_000;

/** Waits for the caller's next slice of the event loop (domain/time-slices.ts). */
export type Pause = () => Promise<void>;
const noPause: Pause = async () => {};

/** The second an id was issued in (integer division on both engines: bigint / integer). */
const issuedSecond = sql<number>`participant_issued_at / 1000`;

/**
 * A column the planner must not pick an index for (a unary plus, on both engines): a step reads
 * its range of ids through the primary key, while the (poll, source) index would have it read
 * every ballot of the poll at each step.
 */
const unindexed = (column: string) => sql<number>`+${sql.ref(column)}`;

/**
 * Steps through the poll's ballots by ranges of ids of `step` ballots (keyset on the
 * `ballots_poll` index): `visit(afterId, lastId)` for each range, `lastId` undefined for the last.
 */
async function byRanges(
  db: Kysely<Database>,
  pollId: number,
  step: number,
  pause: Pause,
  visit: (afterId: number, lastId: number | undefined) => Promise<void>,
): Promise<void> {
  let afterId = 0;
  for (;;) {
    const end = await db
      .selectFrom('ballots')
      .select('id')
      .where('poll_id', '=', pollId)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(1)
      .offset(step - 1)
      .executeTakeFirst();
    const lastId = end === undefined ? undefined : Number(end.id);
    await visit(afterId, lastId);
    if (lastId === undefined) return;
    afterId = lastId;
    await pause();
  }
}

/**
 * Every source of the poll with its ballots, most first. Bulk-issued: per source, the unseated
 * ballots whose ids were issued in a second in which at least `bulkIds` of the ids this source
 * voted with, from no participation page, were issued. A class scanning the QR within seconds
 * is seated, so its wave never counts there.
 */
export async function ballotSources(
  db: Kysely<Database>,
  pollId: number,
  bulkIds: number,
  step = INTEGRITY_STEP_ROWS,
  pause: Pause = noPause,
): Promise<BallotSource[]> {
  const bySource = new Map<string, BallotSource>();
  /** Unseated ballots with an issue time, per source and second of issue. */
  const issued = new Map<string, Map<number, number>>();
  await byRanges(db, pollId, step, pause, async (afterId, lastId) => {
    const inRange = db
      .selectFrom('ballots')
      .where(unindexed('poll_id'), '=', pollId)
      .where('id', '>', afterId)
      .$if(lastId !== undefined, (q) => q.where('id', '<=', lastId!));
    const rows = await inRange
      .select((eb) => [
        'source',
        eb.fn.countAll().as('n'),
        eb.fn.min('created_at').as('first'),
        eb.fn.max('created_at').as('last'),
        // New ids count among unseated ballots only: a phone votes from the page it holds.
        eb.fn.sum(sql<number>`fresh_participant * (1 - seated)`).as('fresh'),
        eb.fn.sum('seated').as('seated'),
      ])
      .groupBy('source')
      .execute();
    for (const r of rows) {
      const first = Number(r.first);
      const last = Number(r.last);
      const s = bySource.get(r.source);
      if (!s) {
        bySource.set(r.source, {
          source: r.source,
          ballots: Number(r.n),
          firstAt: new Date(first),
          lastAt: new Date(last),
          freshParticipants: Number(r.fresh ?? 0),
          bulkIssued: 0,
          seated: Number(r.seated ?? 0),
        });
        continue;
      }
      s.ballots += Number(r.n);
      if (first < s.firstAt.getTime()) s.firstAt = new Date(first);
      if (last > s.lastAt.getTime()) s.lastAt = new Date(last);
      s.freshParticipants += Number(r.fresh ?? 0);
      s.seated += Number(r.seated ?? 0);
    }
    const seconds = await inRange
      .select((eb) => ['source', issuedSecond.as('second'), eb.fn.countAll().as('n')])
      .where('participant_issued_at', 'is not', null)
      .where('seated', '=', 0)
      .groupBy(['source', issuedSecond])
      .execute();
    for (const r of seconds) {
      let bySecond = issued.get(r.source);
      if (!bySecond) {
        bySecond = new Map();
        issued.set(r.source, bySecond);
      }
      const second = Number(r.second);
      bySecond.set(second, (bySecond.get(second) ?? 0) + Number(r.n));
    }
  });
  for (const [source, bySecond] of issued) {
    let bulk = 0;
    for (const n of bySecond.values()) if (n >= bulkIds) bulk += n;
    const s = bySource.get(source);
    if (s) s.bulkIssued = bulk;
  }
  return [...bySource.values()].sort(
    (a, b) => b.ballots - a.ballots || a.source.localeCompare(b.source),
  );
}

/** Per source, question, option and delay bucket: the answers to started questions; grouped
 *  by ranges of ballots like ballotSources. The delays are bucketed (and the long ones counted
 *  in the last bucket) so a big poll gives a few rows per source, not one per ballot. */
export async function quizAnswerTimings(
  db: Kysely<Database>,
  pollId: number,
  delays: { bucketMs: number; lastBucket: number },
  step = INTEGRITY_STEP_ROWS,
  pause: Pause = noPause,
): Promise<QuizAnswerTiming[]> {
  const timings = new Map<string, QuizAnswerTiming>();
  const { bucketMs, lastBucket } = delays;
  const delay = sql<number>`(b.created_at - q.started_at)`;
  const bucket = sql<number>`case when ${delay} >= ${lastBucket * bucketMs} then ${lastBucket}
    when ${delay} < 0 then 0 else cast(${delay} / ${bucketMs} as integer) end`;
  await byRanges(db, pollId, step, pause, async (afterId, lastId) => {
    const rows = await db
      .selectFrom('ballots as b')
      .innerJoin('choices as c', 'c.ballot_id', 'b.id')
      .innerJoin('questions as q', 'q.id', 'c.question_id')
      .select((eb) => [
        'b.source',
        'c.question_id',
        'c.option_id',
        bucket.as('bucket'),
        eb.fn.countAll().as('n'),
      ])
      .where(unindexed('b.poll_id'), '=', pollId)
      .where('b.id', '>', afterId)
      .$if(lastId !== undefined, (q) => q.where('b.id', '<=', lastId!))
      .where('q.started_at', 'is not', null)
      .groupBy(['b.source', 'c.question_id', 'c.option_id', sql`4`])
      .execute();
    for (const r of rows) {
      const key = `${r.question_id}:${r.option_id}:${r.bucket}:${r.source}`;
      const t = timings.get(key);
      if (t) {
        t.answers += Number(r.n);
      } else {
        timings.set(key, {
          source: r.source,
          questionId: Number(r.question_id),
          optionId: Number(r.option_id),
          delayBucket: Number(r.bucket),
          answers: Number(r.n),
        });
      }
    }
  });
  return [...timings.values()];
}
