import { IDEMPOTENCY_TTL_MS } from '../../contract/index.ts';
import type { CastVoteInput, CastVoteResult, QuizGate } from './store.ts';

/**
 * The one judge of a ballot (issue 26): both write paths (a lone ballot and a batch, in
 * kysely-vote-batch.ts) read the poll's state once, then judge each ballot here in arrival
 * order, exactly as its own transaction would. Pure: the state is updated in place as ballots
 * are accepted, so the next ballot of a batch sees them.
 */
export interface BallotState {
  /** Idempotency-Keys of the poll that the batch names, with what they answered. */
  remembered: Map<string, { hash: string; saved: number; createdAt: number }>;
  open: boolean;
  /** Option id → its question, for every option of the poll. */
  questionOf: Map<number, number>;
  /** Options per question (a ranking names every one of them). */
  optionCount: Map<number, number>;
  /** Questions whose answers are open texts, and those answered by a number. */
  textQuestions: Set<number>;
  numberQuestions: Set<number>;
  /** (question, participant) pairs already answered, for one vote per question. */
  answered: Set<string>;
  /** The quiz's state (undefined when the poll is not a quiz). */
  quiz: QuizGate | undefined;
}

/** The ballot's outcome, and an expired Idempotency-Key whose row the caller deletes. */
export interface Verdict {
  result: CastVoteResult;
  expiredKey?: string;
}

/** Whether each answer still fits the poll as stored (the domain checked a cached copy). */
function fitsPoll(input: CastVoteInput, state: BallotState): boolean {
  return input.answers.every((a) => {
    if (a.text) return state.textQuestions.has(a.questionId);
    if (a.value !== undefined) return state.numberQuestions.has(a.questionId);
    const ofQuestion = a.optionIds.every((id) => state.questionOf.get(id) === a.questionId);
    // A ranking places every option: one added since makes the ballot stale.
    return ofQuestion && (!a.ranked || state.optionCount.get(a.questionId) === a.optionIds.length);
  });
}

export function judgeBallot(input: CastVoteInput, state: BallotState): Verdict {
  const { participantId, answers, idempotency } = input;
  const now = input.now.getTime();
  let expiredKey: string | undefined;
  // A remembered key answers first, whatever happened since (closed poll, one-vote record).
  const known = idempotency && state.remembered.get(idempotency.key);
  if (idempotency && known) {
    if (known.createdAt > now - IDEMPOTENCY_TTL_MS) {
      return {
        result:
          known.hash === idempotency.ballotHash
            ? { outcome: 'replayed', saved: known.saved }
            : { outcome: 'idempotency-mismatch' },
      };
    }
    // Expired but not swept yet: the key is free again (the caller deletes its row).
    expiredKey = idempotency.key;
    state.remembered.delete(idempotency.key);
  }
  if (!state.open) return { result: { outcome: 'poll-not-open' }, expiredKey };
  if (!fitsPoll(input, state)) return { result: { outcome: 'stale-ballot' }, expiredKey };
  // The quiz's rules are the domain's (domain/quiz/refusal.ts), passed in with the ballot.
  const refusal = state.quiz && input.quizRefusal?.(state.quiz, input);
  if (refusal) return { result: { outcome: refusal }, expiredKey };
  if (input.oneVotePerQuestion) {
    const already = answers
      .map((a) => a.questionId)
      .filter((q) => state.answered.has(answeredKey(q, participantId)))
      .sort((a, b) => a - b);
    if (already.length > 0) {
      return { result: { outcome: 'already-voted', questionIds: already }, expiredKey };
    }
    for (const a of answers) state.answered.add(answeredKey(a.questionId, participantId));
  }
  const saved = answers.length;
  if (idempotency) {
    state.remembered.set(idempotency.key, { hash: idempotency.ballotHash, saved, createdAt: now });
  }
  return { result: { outcome: 'stored', saved }, expiredKey };
}

/** The key of a (question, participant) pair in BallotState.answered. */
export function answeredKey(questionId: number, participantId: string): string {
  return `${questionId}\u0000${participantId}`;
}
