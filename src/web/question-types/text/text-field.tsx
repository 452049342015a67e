import { useState } from 'react';
import { TEXT_ANSWER_MAX, TEXT_ANSWER_MIN_VISIBLE } from '../../../contract/limits.ts';
import { esOpenFields as t } from '../../i18n/es-open-fields.ts';
import { Legend } from '../legend.tsx';
import type { PhoneFieldProps } from '../phone-field-props.ts';

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
export function TextField({ question, position, reply, onReply }: PhoneFieldProps) {
  const value = typeof reply === 'string' ? reply : '';
  const onChange = onReply;
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
