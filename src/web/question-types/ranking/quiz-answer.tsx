import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Send } from '../../components/ui/icons.tsx';
import { esQuiz } from '../../i18n/es-quiz.ts';
import type { QuizAnswerProps } from '../quiz-answer-props.ts';
import { RankingList, shownOrder, useShuffledOrder } from './ranking-list.tsx';

const t = esQuiz.phone;

/** 'Ordenar' in a quiz: the shuffled options put in order, then sent. */
export function RankingQuizAnswer({ question, pending, onAnswer }: QuizAnswerProps) {
  const shuffled = useShuffledOrder(question);
  const [order, setOrder] = useState<number[] | null>(null);
  if (!shuffled) return null;
  const shown = shownOrder(question, order, shuffled);
  return (
    <div className="flex flex-col gap-3">
      <RankingList question={question} order={shown} onChange={setOrder} disabled={pending} />
      <Button
        size="lg"
        className="w-full"
        disabled={pending}
        onClick={() => onAnswer({ questionId: question.id, ranking: [...shown] })}
      >
        <Send aria-hidden="true" />
        {pending ? t.submitting : t.submit}
      </Button>
    </div>
  );
}
