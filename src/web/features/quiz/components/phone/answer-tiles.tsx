import { type FormEvent, useState } from 'react';
import type { Question } from '../../../../../contract/poll.ts';
import type { Answer } from '../../../../../contract/vote.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Check, Send } from '../../../../components/ui/icons.tsx';
import { esQuiz } from '../../../../i18n/es-quiz.ts';
import { cn } from '../../../../lib/cn.ts';
import { byOrdinal } from '../../../../lib/order.ts';
import { tileLook } from '../../lib/tiles.ts';
import { TileShape } from '../tile-shape.tsx';

const t = esQuiz.phone;

type AnswerTilesProps = {
  question: Question;
  pending: boolean;
  onAnswer: (answer: Answer) => void;
};

/**
 * The answers of a quiz question as large tiles: one tap answers a single or yes/no question;
 * a multiple one is chosen tile by tile and sent. Open-text and scale questions (allowed in a
 * quiz, scoring nothing) get a field and a row of numbers.
 */
export function AnswerTiles({ question, pending, onAnswer }: AnswerTilesProps) {
  if (question.type === 'text')
    return <TextAnswer question={question} pending={pending} onAnswer={onAnswer} />;
  if (question.type === 'scale')
    return <ScaleAnswer question={question} pending={pending} onAnswer={onAnswer} />;
  return <ChoiceTiles question={question} pending={pending} onAnswer={onAnswer} />;
}

function ChoiceTiles({ question, pending, onAnswer }: AnswerTilesProps) {
  const options = byOrdinal(question.options);
  const multiple = question.type === 'multiple';
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
                <span className="leading-snug [overflow-wrap:anywhere]">{option.text}</span>
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

function TextAnswer({ question, pending, onAnswer }: AnswerTilesProps) {
  const [text, setText] = useState('');
  const trimmed = text.trim();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (trimmed.length >= 2 && !pending) onAnswer({ questionId: question.id, text: trimmed });
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <label htmlFor="quiz-text" className="font-medium">
        {t.textLabel}
      </label>
      <textarea
        id="quiz-text"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t.textPlaceholder}
        rows={3}
        className="w-full rounded-md border border-control bg-background p-3 text-base"
      />
      <Button type="submit" size="lg" className="w-full" disabled={trimmed.length < 2 || pending}>
        <Send aria-hidden="true" />
        {pending ? t.submitting : t.submit}
      </Button>
    </form>
  );
}

function ScaleAnswer({ question, pending, onAnswer }: AnswerTilesProps) {
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
