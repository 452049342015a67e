import type { Kysely } from 'kysely';
import { type Db, toPoll, touchPoll } from './kysely-rows.ts';
import type { Database } from './schema.ts';
import type { PollRecord } from './store.ts';
import type { HomeworkProgressRow, HomeworkStore, HomeworkTurn } from './store-homework.ts';

/** Homework (issue 27): the poll's window and the self-paced quiz's turns. Engine-neutral SQL. */

type TurnRow = {
  question_id: number;
  started_at: number;
  ends_at: number | null;
  answered_at: number | null;
  points: number;
  correct: number;
};

function toTurn(row: TurnRow): HomeworkTurn {
  return {
    questionId: Number(row.question_id),
    startedAt: new Date(Number(row.started_at)),
    endsAt: row.ends_at === null ? null : new Date(Number(row.ends_at)),
    answeredAt: row.answered_at === null ? null : new Date(Number(row.answered_at)),
    points: Number(row.points),
    correct: Number(row.correct) === 1,
  };
}

const TURN_COLUMNS = [
  'question_id',
  'started_at',
  'ends_at',
  'answered_at',
  'points',
  'correct',
] as const;

export class KyselyHomework implements HomeworkStore {
  constructor(private readonly db: Kysely<Database>) {}

  async homeworkTurns(pollId: number, participantId: string): Promise<HomeworkTurn[]> {
    const rows = await this.db
      .selectFrom('homework_turns')
      .select(TURN_COLUMNS)
      .where('poll_id', '=', pollId)
      .where('participant_id', '=', participantId)
      .orderBy('started_at')
      .orderBy('question_id')
      .execute();
    return rows.map(toTurn);
  }

  async openHomeworkTurn(input: Parameters<HomeworkStore['openHomeworkTurn']>[0]) {
    const { pollId, participantId, questionId, limitSeconds, now } = input;
    return this.db.transaction().execute(async (trx) => {
      const player = await trx
        .selectFrom('quiz_players')
        .select('more_time')
        .where('poll_id', '=', pollId)
        .where('participant_id', '=', participantId)
        .executeTakeFirst();
      const factor = Number(player?.more_time) === 1 ? 2 : 1;
      const start = now.getTime();
      await trx
        .insertInto('homework_turns')
        .values({
          poll_id: pollId,
          participant_id: participantId,
          question_id: questionId,
          started_at: start,
          ends_at: limitSeconds === null ? null : start + limitSeconds * 1000 * factor,
        })
        .onConflict((oc) => oc.columns(['poll_id', 'participant_id', 'question_id']).doNothing())
        .execute();
      const row = await trx
        .selectFrom('homework_turns')
        .select(TURN_COLUMNS)
        .where('poll_id', '=', pollId)
        .where('participant_id', '=', participantId)
        .where('question_id', '=', questionId)
        .executeTakeFirstOrThrow();
      return toTurn(row);
    });
  }

  async answerHomeworkTurn(input: Parameters<HomeworkStore['answerHomeworkTurn']>[0]) {
    const result = await this.db
      .updateTable('homework_turns')
      .set({
        answered_at: input.answeredAt.getTime(),
        points: input.points,
        correct: input.correct ? 1 : 0,
      })
      .where('poll_id', '=', input.pollId)
      .where('participant_id', '=', input.participantId)
      .where('question_id', '=', input.questionId)
      .where('answered_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async homeworkProgress(pollId: number, runningAt: Date): Promise<HomeworkProgressRow[]> {
    const at = runningAt.getTime();
    const rows = await this.db
      .selectFrom('quiz_players as p')
      .leftJoin('homework_turns as t', (join) =>
        join
          .onRef('t.poll_id', '=', 'p.poll_id')
          .onRef('t.participant_id', '=', 'p.participant_id'),
      )
      .select((eb) => [
        'p.participant_id',
        'p.nickname',
        'p.more_time',
        eb.fn.count<number>('t.question_id').as('opened'),
        eb.fn.count<number>('t.answered_at').as('answered'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(
                eb.and([
                  eb('t.question_id', 'is not', null),
                  eb('t.answered_at', 'is', null),
                  eb.or([eb('t.ends_at', 'is', null), eb('t.ends_at', '>=', at)]),
                ]),
              )
              .then(1)
              .else(0)
              .end(),
          )
          .as('running'),
        eb.fn.sum<number>('t.points').as('score'),
      ])
      .where('p.poll_id', '=', pollId)
      .groupBy(['p.participant_id', 'p.nickname', 'p.more_time'])
      .orderBy('p.nickname')
      .execute();
    return rows.map((r) => ({
      participantId: r.participant_id,
      nickname: r.nickname,
      moreTime: Number(r.more_time) === 1,
      opened: Number(r.opened),
      answered: Number(r.answered),
      running: Number(r.running ?? 0),
      score: Number(r.score ?? 0),
    }));
  }

  async setMoreTime(input: Parameters<HomeworkStore['setMoreTime']>[0]) {
    return this.db.transaction().execute(async (trx) => {
      const player = await trx
        .updateTable('quiz_players')
        .set({ more_time: input.moreTime ? 1 : 0 })
        .where('poll_id', '=', input.pollId)
        .where('nickname', '=', input.nickname)
        .returning('participant_id')
        .executeTakeFirst();
      if (!player) return false;
      if (input.moreTime) {
        // The turn running now doubles too: the need is the player's, not the next question's.
        // A turn doubled before (its end already past start + limit) is left as it is.
        const running = await trx
          .selectFrom('homework_turns as t')
          .innerJoin('questions as q', 'q.id', 't.question_id')
          .select(['t.question_id', 't.started_at', 'q.time_limit_seconds'])
          .where('t.poll_id', '=', input.pollId)
          .where('t.participant_id', '=', player.participant_id)
          .where('t.answered_at', 'is', null)
          .where('t.ends_at', '>=', input.now.getTime())
          .execute();
        for (const turn of running) {
          if (turn.time_limit_seconds === null) continue;
          await trx
            .updateTable('homework_turns')
            .set({ ends_at: Number(turn.started_at) + Number(turn.time_limit_seconds) * 2000 })
            .where('poll_id', '=', input.pollId)
            .where('participant_id', '=', player.participant_id)
            .where('question_id', '=', Number(turn.question_id))
            .execute();
        }
      }
      await touchPoll(trx, input.pollId);
      return true;
    });
  }

  async questionWaitsForMoreTime(questionId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('quiz_players as p')
      .innerJoin('questions as q', 'q.poll_id', 'p.poll_id')
      .select('p.participant_id')
      .where('q.id', '=', questionId)
      .where('p.more_time', '=', 1)
      // One who answered already is waited for no longer.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('answered_questions as a')
              .innerJoin('poll_participants as n', 'n.id', 'a.participant_number')
              .select('a.question_id')
              .whereRef('a.question_id', '=', 'q.id')
              .whereRef('n.poll_id', '=', 'p.poll_id')
              .whereRef('n.participant_id', '=', 'p.participant_id'),
          ),
        ),
      )
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async hasMoreTime(pollId: number, participantId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('quiz_players')
      .select('more_time')
      .where('poll_id', '=', pollId)
      .where('participant_id', '=', participantId)
      .executeTakeFirst();
    return Number(row?.more_time) === 1;
  }

  async closeDuePoll(pollId: number, now: Date): Promise<PollRecord | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const closed = await trx
        .updateTable('polls')
        .set({ status: 'closed' })
        .where('id', '=', pollId)
        .where('status', '=', 'open')
        .where('closes_at', 'is not', null)
        .where('closes_at', '<=', now.getTime())
        .returning('id')
        .executeTakeFirst();
      if (!closed) return undefined;
      await settle(trx, pollId, now);
      await touchPoll(trx, pollId);
      const row = await trx
        .selectFrom('polls')
        .selectAll()
        .where('id', '=', pollId)
        .executeTakeFirstOrThrow();
      return toPoll(row);
    });
  }

  async settleHomework(pollId: number, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await settle(trx, pollId, now);
      await touchPoll(trx, pollId);
    });
  }

  async pollDeadlines() {
    const rows = await this.db
      .selectFrom('polls')
      .select(['id', 'slug', 'closes_at'])
      .where('status', '=', 'open')
      .where('closes_at', 'is not', null)
      .execute();
    return rows.map((r) => ({
      pollId: Number(r.id),
      slug: r.slug,
      closesAt: new Date(Number(r.closes_at)),
    }));
  }
}

/** The answered turns become the quiz's results and its questions close: from here on the
 *  leaderboard, the players' results and `correct` are what a closed live quiz shows. */
async function settle(trx: Db, pollId: number, now: Date): Promise<void> {
  const poll = await trx
    .selectFrom('polls')
    .select('quiz')
    .where('id', '=', pollId)
    .executeTakeFirst();
  // A poll that is not a quiz has nothing to score, and its questions no clock.
  if (Number(poll?.quiz) !== 1) return;
  await trx
    .insertInto('quiz_results')
    .columns(['question_id', 'poll_id', 'participant_id', 'points', 'correct'])
    .expression((eb) =>
      eb
        .selectFrom('homework_turns')
        .select(['question_id', 'poll_id', 'participant_id', 'points', 'correct'])
        .where('poll_id', '=', pollId)
        .where('answered_at', 'is not', null),
    )
    .onConflict((oc) => oc.columns(['question_id', 'participant_id']).doNothing())
    .execute();
  const at = now.getTime();
  await trx
    .updateTable('questions')
    .set((eb) => ({ started_at: eb.fn.coalesce('started_at', eb.val(at)), closed_at: at }))
    .where('poll_id', '=', pollId)
    .where('closed_at', 'is', null)
    .execute();
}
