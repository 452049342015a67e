import { type Kysely, sql } from 'kysely';
import { type QuestionType, questionTypeRules } from '../../contract/index.ts';
import { runCompiled } from './compiled-queries.ts';
import type { EngineHooks } from './engine-hooks.ts';
import { type Db, touchPoll } from './kysely-rows.ts';
import type { Database } from './schema.ts';
import { padded, rowChunks } from './sql-shapes.ts';
import type {
  CloseOutcome,
  OpenClock,
  QuizAnswer,
  QuizGate,
  QuizRunningClock,
  QuizScorer,
  QuizStandingsRows,
} from './store.ts';

/** The quiz (issue 18): nicknames, question clocks, scoring at close. Engine-neutral SQL. */

/** Undefined when the poll is not a quiz: its ballots pass as before. Compiled once
 *  (compiled-queries.ts): it runs in every ballot's transaction. */
export async function readQuizGate(
  trx: Db,
  hooks: EngineHooks,
  poll: { quiz: number; current_question_id: number | null },
  pollId: number,
  participantIds: string[],
): Promise<QuizGate | undefined> {
  if (Number(poll.quiz) !== 1) return undefined;
  let running: QuizGate['running'] = null;
  const current = poll.current_question_id;
  if (current !== null) {
    const { rows } = await runCompiled(trx, hooks, 'quiz:running', [current, pollId], () =>
      trx
        .selectFrom('questions')
        .select(['id', 'started_at', 'ends_at', 'closed_at'])
        .where('id', '=', current)
        .where('poll_id', '=', pollId),
    );
    const q = rows[0];
    if (q && q.started_at !== null && q.closed_at === null) {
      running = {
        questionId: Number(q.id),
        startedAt: Number(q.started_at),
        endsAt: q.ends_at === null ? null : Number(q.ends_at),
      };
    }
  }
  const players = new Set<string>();
  const moreTime = new Set<string>();
  const ids = [...new Set(participantIds)];
  for (let i = 0; i < ids.length; i += 256) {
    const part = padded(ids.slice(i, i + 256));
    const { rows } = await runCompiled(
      trx,
      hooks,
      `quiz:players:${part.length}`,
      [pollId, ...part],
      () =>
        trx
          .selectFrom('quiz_players')
          .select(['participant_id', 'more_time'])
          .where('poll_id', '=', pollId)
          .where('participant_id', 'in', part),
    );
    for (const r of rows) {
      players.add(r.participant_id);
      if (Number(r.more_time) === 1) moreTime.add(r.participant_id);
    }
  }
  return { running, players, moreTime };
}

/** The running question's clock when every player has answered it (after a write): the close
 *  it triggers names that run, read in the ballot's transaction. One query, compiled once. */
export async function everyoneAnswered(
  trx: Db,
  hooks: EngineHooks,
  pollId: number,
  gate: QuizGate,
): Promise<QuizRunningClock | undefined> {
  if (!gate.running) return undefined;
  const questionId = gate.running.questionId;
  const { rows } = await runCompiled(trx, hooks, 'quiz:everyone', [pollId, questionId], () =>
    trx
      .selectFrom('questions')
      .select((eb) => [
        'respondent_count',
        eb
          .selectFrom('quiz_players')
          .select(eb.fn.countAll().as('n'))
          .where('poll_id', '=', pollId)
          .as('players'),
      ])
      .where('id', '=', questionId),
  );
  const players = Number(rows[0]?.players ?? 0);
  return players > 0 && Number(rows[0]?.respondent_count) >= players
    ? { questionId, startedAt: gate.running.startedAt }
    : undefined;
}

/** Takes or changes a nickname; 'taken' when another player of the poll has its folded key. */
export async function setNickname(
  db: Kysely<Database>,
  hooks: EngineHooks,
  input: {
    pollId: number;
    participantId: string;
    nickname: string;
    key: string;
    keyVersion: number;
    now: Date;
  },
): Promise<'set' | 'taken'> {
  try {
    return await db.transaction().execute(async (trx) => {
      const mine = await trx
        .updateTable('quiz_players')
        .set({ nickname: input.nickname, nickname_key: input.key, key_version: input.keyVersion })
        .where('poll_id', '=', input.pollId)
        .where('participant_id', '=', input.participantId)
        .executeTakeFirst();
      if (Number(mine.numUpdatedRows) === 0) {
        await trx
          .insertInto('quiz_players')
          .values({
            poll_id: input.pollId,
            participant_id: input.participantId,
            nickname: input.nickname,
            nickname_key: input.key,
            key_version: input.keyVersion,
            created_at: input.now.getTime(),
          })
          .execute();
      }
      // The number of players moves the standings (and who has to answer before a close).
      await touchPoll(trx, input.pollId);
      return 'set' as const;
    });
  } catch (error) {
    if (hooks.isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

export async function getNickname(
  db: Db,
  pollId: number,
  participantId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('quiz_players')
    .select('nickname')
    .where('poll_id', '=', pollId)
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
  return row?.nickname;
}

/** Starts the question's clock unless it ever started; answers whether this call started it. */
export async function startQuestionClock(
  db: Kysely<Database>,
  questionId: number,
  now: Date,
): Promise<boolean> {
  const at = now.getTime();
  const result = await db
    .updateTable('questions')
    .set({
      started_at: at,
      // Null without a limit: the host closes it.
      // Cast: PostgreSQL would type the parameter as an integer, too small for epoch ms.
      ends_at: sql<number | null>`case when time_limit_seconds is null then null
        else cast(${at} as bigint) + time_limit_seconds * 1000 end`,
    })
    .where('id', '=', questionId)
    .where('started_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Closes a started question once and scores its answers in the same transaction: one row per
 * player who answered, from the ballots' receipt times. Only the call that closes it scores,
 * so two instances (or a timer and the host) racing to close it score it once.
 */
export function closeQuestion(
  db: Kysely<Database>,
  hooks: EngineHooks,
  questionId: number,
  now: Date,
  score: QuizScorer,
  startedAt?: Date,
): Promise<CloseOutcome> {
  return db.transaction().execute(async (trx) => {
    const q = await trx
      .selectFrom('questions')
      .select([
        'poll_id',
        'type',
        'started_at',
        'closed_at',
        'time_limit_seconds',
        'correct_value',
        'tolerance',
      ])
      .where('id', '=', questionId)
      .executeTakeFirst();
    if (!q) return 'not-found';
    const pollId = Number(q.poll_id);
    await hooks.lockPoll?.(trx, pollId);
    // A timer (or a stale view) names the clock it was armed for: after a reset the question
    // may run again under a new clock, which only its own timer may close.
    const ofRun =
      startedAt === undefined
        ? trx.updateTable('questions')
        : trx.updateTable('questions').where('started_at', '=', startedAt.getTime());
    const closed = await ofRun
      .set({ closed_at: now.getTime() })
      .where('id', '=', questionId)
      .where('started_at', 'is not', null)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) === 0) {
      if (q.started_at === null) return 'not-started';
      if (startedAt !== undefined && Number(q.started_at) !== startedAt.getTime())
        return 'other-run';
      return 'already-closed';
    }
    const options = await trx
      .selectFrom('options')
      .select(['id', 'correct'])
      .where('question_id', '=', questionId)
      .orderBy('ordinal')
      .orderBy('id')
      .execute();
    const players = (eb: typeof trx) =>
      eb.selectFrom('quiz_players').select('participant_id').where('poll_id', '=', pollId);
    const rows = await trx
      .selectFrom('choices as c')
      .innerJoin('ballots as b', 'b.id', 'c.ballot_id')
      .select(['b.participant_id', 'b.created_at', 'c.option_id'])
      .where('c.question_id', '=', questionId)
      .where('b.participant_id', 'in', players(trx))
      // A ranking's choices in their places' order (other types have none).
      .orderBy('c.position')
      .execute();
    const values = await trx
      .selectFrom('number_answers as v')
      .innerJoin('ballots as b', 'b.id', 'v.ballot_id')
      .select(['b.participant_id', 'b.created_at', 'v.value'])
      .where('v.question_id', '=', questionId)
      .where('b.participant_id', 'in', players(trx))
      .execute();
    const answers = new Map<string, QuizAnswer>();
    const answerOf = (participantId: string, createdAt: number) => {
      const answer = answers.get(participantId) ?? {
        elapsedMs: Number(createdAt) - Number(q.started_at),
        optionIds: [],
      };
      answers.set(participantId, answer);
      return answer;
    };
    for (const r of rows)
      answerOf(r.participant_id, r.created_at).optionIds.push(Number(r.option_id));
    for (const v of values) answerOf(v.participant_id, v.created_at).value = Number(v.value);
    const context = {
      type: q.type,
      limitSeconds: q.time_limit_seconds === null ? null : Number(q.time_limit_seconds),
      correctOptionIds: options.filter((o) => Number(o.correct) === 1).map((o) => Number(o.id)),
      optionIdsInOrder: options.map((o) => Number(o.id)),
      correctValue: q.correct_value === null ? null : Number(q.correct_value),
      tolerance: q.tolerance === null ? null : Number(q.tolerance),
    };
    const results = [...answers].map(([participantId, answer]) => {
      const outcome = score(answer, context);
      return {
        question_id: questionId,
        poll_id: pollId,
        participant_id: participantId,
        points: outcome.points,
        correct: outcome.correct ? 1 : 0,
      };
    });
    for (const part of (hooks.rowGroups ?? rowChunks)(results)) {
      await trx.insertInto('quiz_results').values(part).execute();
    }
    await touchPoll(trx, pollId);
    return 'closed';
  });
}

/** Every player of the poll with score and correct answers summed over the closed questions,
 *  and the points of the last closed question (for the rank before it). */
export async function quizStandings(db: Db, pollId: number): Promise<QuizStandingsRows> {
  const closed = await db
    .selectFrom('questions')
    .select(['id'])
    .where('poll_id', '=', pollId)
    .where('closed_at', 'is not', null)
    .orderBy('closed_at')
    .orderBy('id')
    .execute();
  const closedQuestionIds = closed.map((c) => Number(c.id));
  const last = closedQuestionIds.at(-1) ?? -1;
  const players = await db
    .selectFrom('quiz_players as p')
    .leftJoin('quiz_results as r', (join) =>
      join.onRef('r.participant_id', '=', 'p.participant_id').onRef('r.poll_id', '=', 'p.poll_id'),
    )
    .select((eb) => [
      'p.participant_id',
      'p.nickname',
      'p.more_time',
      eb.fn.coalesce(eb.fn.sum<number>('r.points'), sql<number>`0`).as('score'),
      eb.fn.coalesce(eb.fn.sum<number>('r.correct'), sql<number>`0`).as('correct'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(sql`case when r.question_id = ${last} then r.points else 0 end`),
          sql<number>`0`,
        )
        .as('last_points'),
    ])
    .where('p.poll_id', '=', pollId)
    .groupBy(['p.participant_id', 'p.nickname', 'p.more_time'])
    .execute();
  return {
    closedQuestionIds,
    players: players.map((p) => ({
      participantId: p.participant_id,
      nickname: p.nickname,
      score: Number(p.score),
      correct: Number(p.correct),
      lastPoints: Number(p.last_points),
      moreTime: Number(p.more_time) === 1,
    })),
  };
}

/** One player's rows of the closed questions (an unanswered question has none). */
export async function playerResults(db: Db, pollId: number, participantId: string) {
  const rows = await db
    .selectFrom('quiz_results')
    .select(['question_id', 'points', 'correct'])
    .where('poll_id', '=', pollId)
    .where('participant_id', '=', participantId)
    .execute();
  return rows.map((r) => ({
    questionId: Number(r.question_id),
    points: Number(r.points),
    correct: Number(r.correct) === 1,
  }));
}

export async function quizResults(db: Db, pollId: number) {
  const rows = await db
    .selectFrom('quiz_results')
    .select(['participant_id', 'question_id', 'points', 'correct'])
    .where('poll_id', '=', pollId)
    .execute();
  return rows.map((r) => ({
    participantId: r.participant_id,
    questionId: Number(r.question_id),
    points: Number(r.points),
    correct: Number(r.correct) === 1,
  }));
}

/** Started, unclosed questions with a limit: timers to arm when an instance starts. */
export async function openClocks(db: Db): Promise<OpenClock[]> {
  const rows = await db
    .selectFrom('questions as q')
    .innerJoin('polls as p', 'p.id', 'q.poll_id')
    .select(['q.id', 'q.started_at', 'q.ends_at', 'p.slug'])
    .where('q.started_at', 'is not', null)
    .where('q.closed_at', 'is', null)
    .where('q.ends_at', 'is not', null)
    .execute();
  return rows.map((r) => ({
    questionId: Number(r.id),
    slug: r.slug,
    startedAt: Number(r.started_at),
    endsAt: Number(r.ends_at),
  }));
}

/**
 * A reset is a fresh game (issue 24): clocks, scores and players go with the votes, so every
 * question runs again, nicknames are free and nobody of the last group is ranked. A quiz shows
 * no question until the presenter starts the first one again (a question left current would
 * never start: a clock starts when its question becomes current).
 */
export async function resetQuiz(trx: Db, pollId: number): Promise<void> {
  await trx.deleteFrom('quiz_results').where('poll_id', '=', pollId).execute();
  await trx.deleteFrom('homework_turns').where('poll_id', '=', pollId).execute();
  await trx.deleteFrom('quiz_players').where('poll_id', '=', pollId).execute();
  // Also a game played with 'Concurso' off for now: turned on again, it starts from the top.
  await trx
    .updateTable('polls')
    .set({ current_question_id: null })
    .where('id', '=', pollId)
    .where((eb) =>
      eb.or([
        eb('quiz', '=', 1),
        eb.exists(
          eb
            .selectFrom('questions')
            .select('questions.id')
            .where('questions.poll_id', '=', pollId)
            .where('questions.started_at', 'is not', null),
        ),
      ]),
    )
    .execute();
  await trx
    .updateTable('questions')
    .set({ started_at: null, ends_at: null, closed_at: null })
    .where('poll_id', '=', pollId)
    .execute();
}

/** Marks an option correct or not; in a single or yes/no question a correct one unmarks the
 *  others (one correct answer). */
export async function setOptionCorrect(
  trx: Db,
  option: { id: number; questionId: number },
  type: string,
  correct: boolean,
): Promise<void> {
  if (correct && questionTypeRules[type as QuestionType]?.correct === 'one') {
    await trx
      .updateTable('options')
      .set({ correct: 0 })
      .where('question_id', '=', option.questionId)
      .where('id', '!=', option.id)
      .execute();
  }
  await trx
    .updateTable('options')
    .set({ correct: correct ? 1 : 0 })
    .where('id', '=', option.id)
    .execute();
}
