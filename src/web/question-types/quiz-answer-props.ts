import type { Question } from '../../contract/poll.ts';
import type { Answer } from '../../contract/vote.ts';

/** What the quiz phone gives a question's answer control (question-types/quiz-answers.tsx). */
export type QuizAnswerProps = {
  question: Question;
  /** The answer is on its way: the control waits. */
  pending: boolean;
  onAnswer: (answer: Answer) => void;
};
