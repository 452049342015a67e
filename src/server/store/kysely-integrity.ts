import { type Kysely, sql, type Transaction } from 'kysely';
import type { EngineHooks } from './engine-hooks.ts';
import { recountVotes } from './kysely-counters.ts';
import { touchPoll } from './kysely-rows.ts';
import {
  emptySetAside,
  restoreSetAside,
  type SetAsidePlayer,
  setAsideBallots,
  setAsideQuiz,
} from './kysely-set-aside.ts';
import { recountText } from './kysely-text.ts';
import type { Database } from './schema.ts';

/** Sources deleted per statement: bound parameters stay far below either engine's cap. */
const DISCARD_CHUNK = 500;

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
    const now = Date.now();
    let deleted = 0;
    // Source by source, so what is set aside can be restored per source (kysely-set-aside.ts).
    for (const source of new Set(sources)) {
      const rows = await trx
        .selectFrom('ballots')
        .select(['id', 'participant_id'])
        .where('poll_id', '=', pollId)
        .where('source', '=', source)
        .execute();
      if (rows.length === 0) continue;
      const ids = rows.map((r) => Number(r.id));
      await setAsideBallots(trx, pollId, source, ids, now);
      for (let i = 0; i < ids.length; i += DISCARD_CHUNK) {
        // Choices, open answers and one-vote records go with their ballots (ON DELETE CASCADE).
        const result = await trx
          .deleteFrom('ballots')
          .where('id', 'in', ids.slice(i, i + DISCARD_CHUNK))
          .executeTakeFirst();
        deleted += Number(result.numDeletedRows);
      }
      await forgetQuizAnswers(
        trx,
        pollId,
        source,
        [...new Set(rows.map((r) => r.participant_id))],
        now,
      );
    }
    if (deleted > 0) {
      await recountVotes(trx, pollId);
      await recountText(trx, pollId, maxWords);
      await touchPoll(trx, pollId);
    }
    return deleted;
  });
}

/** Puts back what discards set aside (one source, or all), recounted; answers the ballots. */
export async function restoreDiscarded(
  db: Kysely<Database>,
  pollId: number,
  source: string | undefined,
  hooks: EngineHooks,
  maxWords: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await hooks.lockPoll?.(trx, pollId);
    const restored = await restoreSetAside(trx, pollId, source);
    await recountVotes(trx, pollId);
    await recountText(trx, pollId, maxWords);
    await touchPoll(trx, pollId);
    return restored;
  });
}

/** Drops what discards set aside, for good; answers the ballots dropped. */
export async function emptyDiscarded(
  db: Kysely<Database>,
  pollId: number,
  hooks: EngineHooks,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await hooks.lockPoll?.(trx, pollId);
    return emptySetAside(trx, pollId);
  });
}

/**
 * Issue 25: a discard reaches the quiz. A scored answer whose ballot is gone is no longer
 * scored (standings, podium, export and phones' /me are all sums of quiz_results), and a
 * player of the discarded ids with no ballot left in the poll leaves the game.
 */
async function forgetQuizAnswers(
  trx: Transaction<Database>,
  pollId: number,
  source: string,
  voters: readonly string[],
  now: number,
): Promise<void> {
  const orphaned = trx
    .selectFrom('quiz_results as r')
    .select(['r.question_id', 'r.participant_id', 'r.points', 'r.correct'])
    .where('r.poll_id', '=', pollId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('choices as c')
            .innerJoin('ballots as b', 'b.id', 'c.ballot_id')
            .select(sql`1`.as('one'))
            .where('b.poll_id', '=', pollId)
            .whereRef('b.participant_id', '=', 'r.participant_id')
            .whereRef('c.question_id', '=', 'r.question_id'),
        ),
      ),
    );
  const results = await orphaned.execute();
  for (const r of results) {
    await trx
      .deleteFrom('quiz_results')
      .where('question_id', '=', r.question_id)
      .where('participant_id', '=', r.participant_id)
      .execute();
  }
  const players: SetAsidePlayer[] = [];
  for (let i = 0; i < voters.length; i += DISCARD_CHUNK) {
    const gone = await trx
      .selectFrom('quiz_players as p')
      .selectAll()
      .where('p.poll_id', '=', pollId)
      .where('p.participant_id', 'in', voters.slice(i, i + DISCARD_CHUNK))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('ballots as b')
              .select(sql`1`.as('one'))
              .where('b.poll_id', '=', pollId)
              .whereRef('b.participant_id', '=', 'p.participant_id'),
          ),
        ),
      )
      .execute();
    if (gone.length === 0) continue;
    await trx
      .deleteFrom('quiz_players')
      .where('poll_id', '=', pollId)
      .where(
        'participant_id',
        'in',
        gone.map((p) => p.participant_id),
      )
      .execute();
    for (const p of gone) {
      players.push({
        participantId: p.participant_id,
        nickname: p.nickname,
        nicknameKey: p.nickname_key,
        keyVersion: Number(p.key_version),
        createdAt: Number(p.created_at),
      });
    }
  }
  await setAsideQuiz(
    trx,
    pollId,
    source,
    results.map((r) => ({
      questionId: Number(r.question_id),
      participantId: r.participant_id,
      points: Number(r.points),
      correct: Number(r.correct),
    })),
    players,
    now,
  );
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
