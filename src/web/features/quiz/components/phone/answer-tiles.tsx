import { QuizAnswer } from '../../../../question-types/quiz-answers.tsx';

/** The answer control of a quiz question, by its type (question-types/quiz-answers.tsx). */
export const AnswerTiles = QuizAnswer;
