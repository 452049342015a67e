import {
  type Answer,
  type HomeworkProgress,
  homeworkMessages,
  type NextQuestionResponse,
  type PlayerClock,
  QUIZ_GRACE_MS,
} from '../../../contract/index.ts';
import type {
  HomeworkTurn,
  PollRecord,
  PollStore,
  QuestionWithOptions,
  StoreAnswer,
} from '../../store/store.ts';
import { DomainError } from '../errors.ts';
import { findPollAsHost, type ReadPoll, readPollFromStore, toQuestionView } from '../poll-view.ts';
import { scoreAnswer } from '../quiz/scoring.ts';
import { isSelfPaced, refuseAfterDeadline, refuseBeforeOpening } from './window.ts';

/**
 * A self-paced quiz (issue 27): each player runs through the questions in order, each with a
 * clock the server starts when that player opens it. Answers are timed by the server as they
 * arrive; their points are kept per turn and reach the leaderboard only at the deadline
 * (store.settleHomework), so nobody learns an answer's worth from a classmate's phone.
 */

/** The turn still running at `now`: opened, unanswered, its time (plus the grace) not up. */
function runningTurn(turns: HomeworkTurn[], now: Date, graceMs = 0): HomeworkTurn | undefined {
  const last = turns.at(-1);
  if (!last || last.answeredAt) return undefined;
  if (last.endsAt && now.getTime() > last.endsAt.getTime() + graceMs) return undefined;
  return last;
}

function clockOf(turn: HomeworkTurn): PlayerClock {
  return {
    questionId: turn.questionId,
    startedAt: turn.startedAt.toISOString(),
    endsAt: turn.endsAt?.toISOString() ?? null,
  };
}

/** GET …/me's `clock`: the question the caller has open in a self-paced quiz. */
export async function playerClock(
  store: PollStore,
  poll: PollRecord,
  participantId: string,
  now: Date,
): Promise<PlayerClock | null> {
  if (!isSelfPaced(poll) || !participantId) return null;
  const turn = runningTurn(await store.homeworkTurns(poll.id, participantId), now);
  return turn ? clockOf(turn) : null;
}

/** POST …/me/next: the caller's open question, or its next one opened now. */
export async function nextQuestion(
  store: PollStore,
  slug: string,
  participantId: string,
  now: Date,
  /** The app's cached poll and questions (a hall opens its questions at once); default: the
   *  store. The clock itself is always the store's. */
  readPoll: ReadPoll = readPollFromStore(store),
): Promise<NextQuestionResponse> {
  const context = await readPoll(slug);
  if (!context) throw new DomainError('POLL_NOT_FOUND');
  const { poll, questions } = context;
  if (!isSelfPaced(poll)) {
    throw new DomainError('QUESTION_NOT_CURRENT', homeworkMessages.notSelfPaced);
  }
  if (poll.status !== 'open') throw new DomainError('POLL_NOT_OPEN');
  refuseBeforeOpening(poll, now);
  refuseAfterDeadline(poll, now);
  if ((await store.getNickname(poll.id, participantId)) === undefined) {
    throw new DomainError('NICKNAME_REQUIRED');
  }
  const turns = await store.homeworkTurns(poll.id, participantId);
  let turn = runningTurn(turns, now);
  if (!turn) {
    const opened = new Set(turns.map((t) => t.questionId));
    const next = questions.find((q) => !opened.has(q.id));
    if (next) {
      turn = await store.openHomeworkTurn({
        pollId: poll.id,
        participantId,
        questionId: next.id,
        limitSeconds: next.timeLimitSeconds,
        now,
      });
    }
  }
  const question = turn && questions.find((q) => q.id === turn.questionId);
  if (!turn || !question) {
    return {
      questionId: null,
      clock: null,
      question: null,
      position: questions.length,
      questions: questions.length,
    };
  }
  return {
    questionId: turn.questionId,
    clock: { startedAt: turn.startedAt.toISOString(), endsAt: turn.endsAt?.toISOString() ?? null },
    // `correct` stays hidden: the question closes for everyone at the deadline.
    question: toQuestionView(question, 'public', true),
    position: questions.indexOf(question) + 1,
    questions: questions.length,
  };
}

/** A ballot of a self-paced quiz, checked before it is stored: its turn, to be scored after. */
export interface TurnBallot {
  turn: HomeworkTurn;
  question: QuestionWithOptions;
}

/**
 * Only the question the player has open, alone, before its time is up plus the network's grace
 * (the live quiz's rule, per player). The store's one-answer-per-question record then lets only
 * one of racing ballots in.
 */
export async function checkTurnBallot(
  store: PollStore,
  poll: PollRecord,
  questions: QuestionWithOptions[],
  participantId: string,
  answers: Answer[],
  now: Date,
): Promise<TurnBallot> {
  refuseBeforeOpening(poll, now);
  const turns = await store.homeworkTurns(poll.id, participantId);
  if (turns.length === 0 && (await store.getNickname(poll.id, participantId)) === undefined) {
    throw new DomainError('NICKNAME_REQUIRED');
  }
  const turn = runningTurn(turns, now, QUIZ_GRACE_MS);
  const question = turn && questions.find((q) => q.id === turn.questionId);
  if (!turn || !question || answers.some((a) => a.questionId !== turn.questionId)) {
    throw new DomainError('QUESTION_CLOSED');
  }
  return { turn, question };
}

/** Scores the stored answer of the turn (points for correctness only, unless 'Puntos por
 *  rapidez': then by its time on the player's own clock, 'Más tiempo' included). */
export async function scoreTurn(
  store: PollStore,
  poll: PollRecord,
  participantId: string,
  { turn, question }: TurnBallot,
  answer: StoreAnswer,
  now: Date,
): Promise<void> {
  const limitMs = turn.endsAt ? turn.endsAt.getTime() - turn.startedAt.getTime() : null;
  const outcome = scoreAnswer(
    {
      elapsedMs: poll.speedPoints ? now.getTime() - turn.startedAt.getTime() : 0,
      optionIds: answer.optionIds,
      value: answer.value,
    },
    {
      type: question.type,
      limitSeconds: limitMs === null ? null : limitMs / 1000,
      correctOptionIds: question.options.filter((o) => o.correct).map((o) => o.id),
      optionIdsInOrder: question.options.map((o) => o.id),
      correctValue: question.correctValue ?? null,
      tolerance: question.tolerance ?? null,
    },
  );
  await store.answerHomeworkTurn({
    pollId: poll.id,
    participantId,
    questionId: turn.questionId,
    answeredAt: now,
    points: outcome.points,
    correct: outcome.correct,
  });
}

/** GET …/homework: who has finished, and the average score so far (the host's panel). */
export async function homeworkProgress(
  store: PollStore,
  slug: string,
  secret: string | undefined,
  now: Date,
): Promise<HomeworkProgress> {
  const poll = await findPollAsHost(store, slug, secret);
  const questions = (await store.listQuestions(poll.id)).length;
  const rows = await store.homeworkProgress(poll.id, new Date(now.getTime() - QUIZ_GRACE_MS));
  const players = rows.map((r) => ({
    nickname: r.nickname,
    moreTime: r.moreTime,
    answered: r.answered,
    missed: r.opened - r.answered - r.running,
    finished: questions > 0 && r.opened >= questions && r.running === 0,
    score: r.score,
  }));
  const scored = players.filter((p) => p.answered > 0);
  return {
    questions,
    players,
    finished: players.filter((p) => p.finished).length,
    averageScore: scored.length
      ? Math.round((scored.reduce((sum, p) => sum + p.score, 0) / scored.length) * 10) / 10
      : null,
  };
}
