import { Button } from '../../components/ui/button.tsx';
import { esQuiz } from '../../i18n/es-quiz.ts';
import type { QuizAnswerProps } from '../quiz-answer-props.ts';

const t = esQuiz.phone;

/** A scale in a quiz (allowed, scoring nothing): a row of numbers, one tap answers. */
export function ScaleQuizAnswer({ question, pending, onAnswer }: QuizAnswerProps) {
  const max = question.scale?.max ?? 5;
  return (
    <ul className="grid grid-cols-5 gap-2">
      {Array.from({ length: max }, (_, i) => i + 1).map((value) => (
        <li key={value}>
          <Button
            variant="outline"
            size="lg"
            className="w-full text-lg tabular-nums"
            disabled={pending}
            aria-label={t.scaleValue(value, max)}
            onClick={() => onAnswer({ questionId: question.id, value })}
          >
            {value}
          </Button>
        </li>
      ))}
    </ul>
  );
}
