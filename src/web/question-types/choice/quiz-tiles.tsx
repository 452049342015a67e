import { useState } from 'react';
import { MathText } from '../../components/math-text.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Check, Send } from '../../components/ui/icons.tsx';
import { esQuiz } from '../../i18n/es-quiz.ts';
import { cn } from '../../lib/cn.ts';
import { byOrdinal } from '../../lib/order.ts';
import type { QuizAnswerProps } from '../quiz-answer-props.ts';
import { traitsOf } from '../registry.ts';
import { TileShape } from './tile-shape.tsx';
import { tileLook } from './tiles.ts';

const t = esQuiz.phone;

/**
 * The answers of a quiz question as large tiles: one tap answers a single or yes/no question;
 * a multiple one is chosen tile by tile and sent.
 */
export function ChoiceTiles({ question, pending, onAnswer }: QuizAnswerProps) {
  const options = byOrdinal(question.options);
  const multiple = traitsOf(question.type).picks === 'many';
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set());
  // Two columns while the texts are short enough to read at half the width of a phone.
  const twoColumns = options.length <= 4 && options.every((o) => o.text.length <= 28);

  function choose(optionId: number) {
    if (pending) return;
    if (!multiple) {
      onAnswer({ questionId: question.id, optionIds: [optionId] });
      return;
    }
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(optionId)) next.add(optionId);
      return next;
    });
  }

  return (
    <div className="flex flex-1 flex-col gap-3">
      {multiple ? <p className="text-muted-foreground">{t.chooseAll}</p> : null}
      <ul className={cn('grid flex-1 auto-rows-fr gap-3', twoColumns && 'grid-cols-2')}>
        {options.map((option, index) => {
          const look = tileLook(index);
          const on = chosen.has(option.id);
          return (
            <li key={option.id} className="flex">
              <button
                type="button"
                aria-pressed={multiple ? on : undefined}
                disabled={pending}
                onClick={() => choose(option.id)}
                data-testid="quiz-tile"
                className={cn(
                  'relative flex min-h-24 w-full flex-col items-start justify-between gap-2 rounded-2xl p-4 text-left text-lg font-bold text-white shadow-sm outline-offset-4 transition-transform duration-150 active:scale-[0.98] disabled:opacity-70 motion-reduce:transition-none motion-reduce:active:scale-100',
                  look.colour,
                  multiple && on && 'ring-4 ring-foreground ring-offset-2 ring-offset-background',
                )}
              >
                <span className="flex items-center gap-2 text-2xl leading-none">
                  <TileShape shape={look.shape} />
                  <span data-tile-letter="">{look.letter}</span>
                </span>
                <span className="leading-snug [overflow-wrap:anywhere]">
                  <MathText text={option.text} />
                </span>
                {multiple && on ? (
                  <span
                    className="absolute top-3 right-3 rounded-full bg-white p-1 text-foreground"
                    aria-hidden="true"
                  >
                    <Check className="size-5 text-gray-900" />
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      {multiple ? (
        <Button
          size="lg"
          className="w-full"
          disabled={chosen.size === 0 || pending}
          onClick={() => onAnswer({ questionId: question.id, optionIds: [...chosen] })}
        >
          <Send aria-hidden="true" />
          {pending ? t.submitting : t.submit}
        </Button>
      ) : null}
    </div>
  );
}
