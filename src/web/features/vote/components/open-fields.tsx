import { useState } from 'react';
import { TEXT_ANSWER_MAX, TEXT_ANSWER_MIN_VISIBLE } from '../../../../contract/limits.ts';
import type { Question } from '../../../../contract/poll.ts';
import { esOpenFields as t } from '../../../i18n/es-open-fields.ts';
import { cn } from '../../../lib/cn.ts';
import type { Reply } from '../lib/ballot.ts';

type OpenFieldProps = {
  question: Question;
  position: number;
  reply: Reply | undefined;
  onReply: (value: string | number) => void;
};

/** The field of an open-text or a scale question (the vote form's QuestionField picks it). */
export function OpenField({ question, position, reply, onReply }: OpenFieldProps) {
  return question.type === 'scale' ? (
    <ScaleField
      {...{ question, position }}
      value={typeof reply === 'number' ? reply : undefined}
      onChange={onReply}
    />
  ) : (
    <TextField
      {...{ question, position }}
      value={typeof reply === 'string' ? reply : undefined}
      onChange={onReply}
    />
  );
}

type FieldProps<T> = {
  question: Question;
  position: number;
  value: T | undefined;
  onChange: (value: T) => void;
};

function Legend({ question, position }: { question: Question; position: number }) {
  return (
    <legend id={`q-${question.id}-legend`} className="mb-1 text-lg leading-snug font-semibold">
      <span className="mr-1.5 text-muted-foreground tabular-nums">{position}.</span>
      {question.text}
    </legend>
  );
}

// The contract's visibleLength (text.ts) without its module, which brings zod to the phone:
// graphemes once spaces and characters that show nothing are set aside (code points where a
// browser has no Segmenter, Firefox before 125: at worst the server's message says so).
const SHOWS_NOTHING = /[\p{Default_Ignorable_Code_Point}\u2800\s]/gu;
export function visibleLength(text: string): number {
  const shown = text.replace(SHOWS_NOTHING, '');
  if (typeof Intl.Segmenter !== 'function') return [...shown].length;
  return [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(shown)].length;
}

/** An open answer the server takes: 2 characters one can see at least, 140 at most. */
export function textAnswerOk(text: string): boolean {
  return text.trim().length <= TEXT_ANSWER_MAX && visibleLength(text) >= TEXT_ANSWER_MIN_VISIBLE;
}

/**
 * An open answer: one line of up to 140 characters (the server refuses line breaks, so a pasted
 * one becomes a space), with a counter like the host's fields. The form hears of the text only
 * once the server would take it (else ''), so its 'n de m respondidas' and submit follow.
 */
export function TextField({ question, position, value = '', onChange }: FieldProps<string>) {
  const id = `q-${question.id}`;
  const [typed, setTyped] = useState(value);
  const [touched, setTouched] = useState(false);
  const short = touched && typed.trim() !== '' && !textAnswerOk(typed);
  return (
    <fieldset className="flex flex-col gap-2">
      <Legend question={question} position={position} />
      <textarea
        id={`${id}-text`}
        aria-labelledby={`${id}-legend`}
        aria-describedby={`${short ? `${id}-short` : `${id}-hint`} ${id}-counter`}
        aria-invalid={short || undefined}
        rows={3}
        maxLength={TEXT_ANSWER_MAX}
        value={typed}
        autoComplete="off"
        enterKeyHint="done"
        onChange={(e) => {
          const text = e.target.value.replace(/\s*[\r\n]+\s*/g, ' ');
          setTyped(text);
          onChange(textAnswerOk(text) ? text.trim() : '');
        }}
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        onBlur={() => setTouched(true)}
        className="w-full rounded-xl border-2 border-control bg-card px-4 py-3 text-base focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
      <div className="flex justify-between gap-3 text-base text-muted-foreground">
        {short ? (
          <span id={`${id}-short`} className="font-medium text-destructive">
            {t.textTooShort}
          </span>
        ) : (
          <span id={`${id}-hint`}>{t.textHint}</span>
        )}
        <span id={`${id}-counter`} className="shrink-0 tabular-nums">
          {t.counter(typed.length, TEXT_ANSWER_MAX)}
        </span>
      </div>
    </fieldset>
  );
}

/**
 * A rating scale as real radio buttons (arrow keys move the choice, one Tab stop), drawn as a
 * row of numbered buttons at least 56 px tall; the end labels are part of the first and last
 * buttons' names, so a screen reader hears '1, Nada'.
 */
export function ScaleField({ question, position, value, onChange }: FieldProps<number>) {
  const { max = 5, minLabel = null, maxLabel = null } = question.scale ?? {};
  const hintId = `q-${question.id}-hint`;
  const ends = (n: number) => (n === 1 ? minLabel : n === max ? maxLabel : null);
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={hintId}>
      <Legend question={question} position={position} />
      <p id={hintId} className="-mt-1 text-base text-muted-foreground">
        {t.scaleHint(max)}
      </p>
      <div className="grid grid-cols-5 gap-2">
        {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
          <label
            key={n}
            className={cn(
              'flex min-h-14 cursor-pointer items-center justify-center rounded-xl border-2 text-lg font-semibold tabular-nums transition-colors select-none',
              'hover:border-primary/50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
              value === n
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-control bg-card',
            )}
          >
            <input
              type="radio"
              name={`q-${question.id}`}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              // The number, and at an end its name: '1, Nada'.
              aria-label={ends(n) ? `${n}, ${ends(n)}` : undefined}
              className="sr-only"
            />
            {n}
          </label>
        ))}
      </div>
      {minLabel || maxLabel ? (
        <div
          className="flex justify-between gap-3 text-base text-muted-foreground"
          aria-hidden="true"
        >
          <span>{minLabel ? `1 = ${minLabel}` : ''}</span>
          <span>{maxLabel ? `${max} = ${maxLabel}` : ''}</span>
        </div>
      ) : null}
    </fieldset>
  );
}
