import { createHash } from 'node:crypto';
import type { Answer, VoteResponse } from '../../contract/index.ts';
import type {
  PollRecord,
  PollStore,
  QuestionWithOptions,
  QuizRunningClock,
  StoreAnswer,
} from '../store/store.ts';
import { DomainError } from './errors.ts';
import type { PollEvents } from './events.ts';
import { checkTurnBallot, scoreTurn, type TurnBallot } from './homework/self-paced.ts';
import { isSelfPaced, refuseAfterDeadline, refuseBeforeOpening } from './homework/window.ts';
import { type BlockedTest, blockedTest } from './moderation/blocked-words.ts';
import type { ReadPoll } from './poll-view.ts';
import { questionModule } from './question-types/index.ts';
import { quizRefusal } from './quiz/refusal.ts';

export interface CastVoteOutcome extends VoteResponse {
  /** True when an Idempotency-Key replayed an earlier success and nothing was stored. */
  replayed: boolean;
  /** Quiz: this ballot completed the answers of every player to the running question. */
  everyoneAnswered?: QuizRunningClock;
}

function invalid(message: string, details?: Record<string, unknown>): DomainError {
  return new DomainError('INVALID_BALLOT', message, details);
}

/**
 * Checks a ballot against the poll's questions: each answer's question belongs to the poll and
 * appears once, in the shape of its type, as the type's module judges it (question-types/).
 * Throws INVALID_BALLOT saying which rule broke.
 */
export function validateBallot(
  questions: QuestionWithOptions[],
  answers: Answer[],
  maxSelections = Number.POSITIVE_INFINITY,
): void {
  if (answers.length === 0) throw invalid('Responde al menos una pregunta');
  const selections = answers.reduce((n, a) => n + ('optionIds' in a ? a.optionIds.length : 0), 0);
  if (selections > maxSelections) {
    throw invalid(`Un voto admite como máximo ${maxSelections} opciones elegidas en total`, {
      selections,
      max: maxSelections,
    });
  }
  const byId = new Map(questions.map((q) => [q.id, q]));
  const seen = new Set<number>();
  for (const answer of answers) {
    const question = byId.get(answer.questionId);
    if (!question) {
      throw invalid(`La pregunta ${answer.questionId} no pertenece a esta encuesta`, {
        questionId: answer.questionId,
      });
    }
    if (seen.has(question.id)) {
      throw invalid(`La pregunta «${question.text}» aparece más de una vez`, {
        questionId: question.id,
      });
    }
    seen.add(question.id);
    questionModule(question.type).checkAnswer(question, answer, invalid);
  }
}

/**
 * A validated ballot as the store takes it, each answer as its type's module stores it (a
 * scale's value becomes the option standing for it; an open answer carries its cloud words and
 * whether it matched the profanity list or one of the host's blocked words).
 */
export function storeAnswers(
  questions: QuestionWithOptions[],
  answers: Answer[],
  isBlocked?: BlockedTest,
  strictFilter = true,
): StoreAnswer[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  return answers.map((a) => {
    const question = byId.get(a.questionId)!;
    return questionModule(question.type).toStoreAnswer(question, a, { isBlocked, strictFilter });
  });
}

/**
 * The same answers give the same hash whatever order they were sent in. Choices keep the form
 * they always had (so keys remembered before issue 13 still match); open answers and values are
 * told apart from choices by their shape.
 */
export function ballotHash(answers: Answer[]): string {
  const canonical = answers
    .map((a) => {
      if ('optionIds' in a) return [a.questionId, [...a.optionIds].sort((x, y) => x - y)] as const;
      if ('text' in a) return [a.questionId, { text: a.text }] as const;
      // A ranking's order is its meaning: kept as sent.
      if ('ranking' in a) return [a.questionId, { ranking: a.ranking }] as const;
      return [a.questionId, { value: a.value }] as const;
    })
    .sort((a, b) => a[0] - b[0]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

export interface CastVoteDeps {
  store: PollStore;
  events: PollEvents;
  /** The poll and its questions, cached by the app: this is the hot path. */
  readPoll: ReadPoll;
  /** MAX_BALLOT_SELECTIONS (limits.ts). */
  maxSelections?: number;
  /** Quiz: closes the question's run (QuizCloser.close), called when the last player answered:
   *  only the run the ballot was stored in, so a reset and restart meanwhile is left running. */
  closeQuestion?: (slug: string, clock: QuizRunningClock) => Promise<unknown>;
  /** Quiz: told of every other answer to a live question (QuizCloser.answered): in the extra
   *  time of 'Más tiempo', the last such player's answer ends the room's wait. */
  answeredQuestion?: (slug: string, questionId: number) => Promise<unknown>;
  /** Where a failed close is told (it is not awaited: the ballot is stored either way). */
  onCloseError?: (error: unknown) => void;
}

/** Who sent the ballot, as the HTTP layer knows it. */
export interface Voter {
  participantId: string;
  /** The participant id was issued moments ago (a new cookie). */
  freshParticipant?: boolean;
  /** When the participant id was issued (ms): ids issued in bulk are a bank (integrity.ts). */
  participantIssuedAt?: number;
  /** Keyed hash of the client's address for this poll. */
  source?: string;
  /** The id held the poll's participation stream before voting (rate/seats.ts). */
  seated?: boolean;
}

/**
 * With the presenter pace on, participants answer only the question the presenter shows
 * (issue 19): a ballot touching any other is refused whole. The poll came from the cache, which
 * may be a moment behind the presenter's last move; before refusing, the store says which
 * question is current now, so a phone answering the question just shown is never refused.
 */
async function requireCurrentQuestion(store: PollStore, poll: PollRecord, answers: Answer[]) {
  const onlyCurrent = (current: number | null) =>
    current !== null && answers.every((a) => a.questionId === current);
  if (onlyCurrent(poll.currentQuestionId)) return;
  const now = await store.getPollById(poll.id);
  if (now?.presenterPace && !onlyCurrent(now.currentQuestionId)) {
    throw new DomainError('QUESTION_NOT_CURRENT', undefined, {
      currentQuestionId: now.currentQuestionId,
    });
  }
}

export async function castVote(
  {
    store,
    events,
    readPoll,
    maxSelections,
    closeQuestion,
    answeredQuestion,
    onCloseError,
  }: CastVoteDeps,
  slug: string,
  voter: Voter,
  answers: Answer[],
  idempotencyKey?: string,
): Promise<CastVoteOutcome> {
  const context = await readPoll(slug);
  if (!context) throw new DomainError('POLL_NOT_FOUND');
  const { poll, questions, blockedWords } = context;
  // With a key the store decides, since a retry of a vote taken before closing must replay.
  if (poll.status !== 'open' && !idempotencyKey) throw new DomainError('POLL_NOT_OPEN');
  validateBallot(questions, answers, maxSelections);
  const now = new Date();
  refuseBeforeOpening(poll, now);
  if (!idempotencyKey) refuseAfterDeadline(poll, now);
  // A self-paced quiz (issue 27) checks the player's own clock instead of the room's.
  let turn: TurnBallot | undefined;
  if (isSelfPaced(poll)) {
    turn = await checkTurnBallot(store, poll, questions, voter.participantId, answers, now);
  } else if (poll.presenterPace) await requireCurrentQuestion(store, poll, answers);

  const stored = storeAnswers(
    questions,
    answers,
    blockedWords?.length ? blockedTest(blockedWords) : undefined,
    poll.strictFilter,
  );
  const result = await store.castVote({
    pollId: poll.id,
    participantId: voter.participantId,
    source: voter.source,
    freshParticipant: voter.freshParticipant,
    participantIssuedAt: voter.participantIssuedAt,
    seated: voter.seated,
    answers: stored,
    quizRefusal: turn ? undefined : quizRefusal,
    // A quiz takes one answer per player per question, whatever the setting says.
    oneVotePerQuestion: poll.oneVotePerQuestion || poll.quiz,
    idempotency: idempotencyKey
      ? { key: idempotencyKey, ballotHash: ballotHash(answers) }
      : undefined,
    now,
  });
  switch (result.outcome) {
    case 'stored':
      if (turn) await scoreTurn(store, poll, voter.participantId, turn, stored[0]!, now);
      events.votesChanged(
        poll.slug,
        stored.filter((a) => a.text).map((a) => a.questionId),
      );
      // Quiz: the last player's answer closes the question (not awaited: the answer is stored).
      if (result.everyoneAnswered !== undefined && closeQuestion) {
        closeQuestion(poll.slug, result.everyoneAnswered).catch((error: unknown) =>
          onCloseError?.(error),
        );
      } else if (poll.quiz && !turn && answeredQuestion) {
        answeredQuestion(poll.slug, stored[0]!.questionId).catch((error: unknown) =>
          onCloseError?.(error),
        );
      }
      return { saved: result.saved, replayed: false, everyoneAnswered: result.everyoneAnswered };
    case 'replayed':
      return { saved: result.saved, replayed: true };
    case 'idempotency-mismatch':
      throw new DomainError('IDEMPOTENCY_MISMATCH');
    case 'already-voted':
      throw new DomainError('ALREADY_VOTED', undefined, { questionIds: result.questionIds });
    case 'poll-not-open':
      throw new DomainError('POLL_NOT_OPEN');
    case 'stale-ballot':
      throw invalid('La encuesta cambió mientras votabas; recarga la página');
    case 'question-closed':
      throw new DomainError('QUESTION_CLOSED');
    case 'nickname-required':
      throw new DomainError('NICKNAME_REQUIRED');
  }
}
