import type { ComponentType } from 'react';
import type { QuestionType } from '../../contract/poll.ts';
import { ChoiceTiles } from './choice/quiz-tiles.tsx';
import { NumberQuizAnswer } from './number/quiz-answer.tsx';
import type { QuizAnswerProps } from './quiz-answer-props.ts';
import { RankingQuizAnswer } from './ranking/quiz-answer.tsx';
import { ScaleQuizAnswer } from './scale/quiz-answer.tsx';
import { TextQuizAnswer } from './text/quiz-answer.tsx';

/** Each type's answer control on a quiz player's phone (the quiz's own chunk loads them). */
const quizAnswers: Record<QuestionType, ComponentType<QuizAnswerProps>> = {
  single: ChoiceTiles,
  multiple: ChoiceTiles,
  yesno: ChoiceTiles,
  text: TextQuizAnswer,
  scale: ScaleQuizAnswer,
  ranking: RankingQuizAnswer,
  number: NumberQuizAnswer,
};

/** A quiz question's answer control, by its type. */
export function QuizAnswer(props: QuizAnswerProps) {
  const Answer = quizAnswers[props.question.type];
  return <Answer {...props} />;
}
