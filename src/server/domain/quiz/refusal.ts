import { QUIZ_GRACE_MS } from '../../../contract/index.ts';
import type { QuizRefusal } from '../../store/store.ts';

/**
 * Why a quiz refuses a ballot, if it does: only players, only the running question, and not
 * after its end plus the network's grace. The store calls it inside the ballot's transaction
 * (ballot-judge.ts), against the quiz's state read there.
 */
export const quizRefusal: QuizRefusal = (gate, ballot) => {
  const { running } = gate;
  // 'Más tiempo' (issue 27, WCAG 2.2.1): twice the limit for the players the host named.
  const extra =
    running?.endsAt != null && gate.moreTime?.has(ballot.participantId)
      ? running.endsAt - running.startedAt
      : 0;
  const late =
    running?.endsAt != null && ballot.now.getTime() > running.endsAt + extra + QUIZ_GRACE_MS;
  if (!running || late || ballot.answers.some((a) => a.questionId !== running.questionId)) {
    return 'question-closed';
  }
  if (!gate.players.has(ballot.participantId)) return 'nickname-required';
  return undefined;
};
