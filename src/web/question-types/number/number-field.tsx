import { useState } from 'react';
import { esNumber as t } from '../../i18n/es-number.ts';
import { Legend } from '../legend.tsx';
import type { PhoneFieldProps } from '../phone-field-props.ts';
import { formatNumber } from './format.ts';
import { parseSpanishNumber } from './parse.ts';

/**
 * 'Número' on the phone: one field with the decimal keyboard, the unit beside it and the range
 * under it. It reads '3,5' and '3.5' alike (number/parse.ts); what does not fit is said in
 * Spanish once the person leaves the field or the value is whole, and the form hears of a value
 * only when the server would take it.
 */
export function NumberField({ question, position, reply, onReply }: PhoneFieldProps) {
  const settings = question.number ?? { min: 0, max: 100, decimals: 0, unit: null };
  const id = `q-${question.id}`;
  const [typed, setTyped] = useState(() =>
    typeof reply === 'number' ? formatNumber(reply, settings.decimals) : '',
  );
  const [touched, setTouched] = useState(false);
  const parsed = typed.trim() === '' ? null : parseSpanishNumber(typed, settings);
  const problem = touched && parsed && 'problem' in parsed ? parsed.problem : null;
  const range = t.range(
    formatNumber(settings.min, settings.decimals),
    formatNumber(settings.max, settings.decimals),
    settings.unit,
  );
  return (
    <fieldset className="flex flex-col gap-2">
      <Legend question={question} position={position} />
      <div className="flex items-center gap-3">
        <input
          id={`${id}-number`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          enterKeyHint="done"
          aria-labelledby={`${id}-legend`}
          aria-describedby={problem ? `${id}-problem` : `${id}-range`}
          aria-invalid={problem ? true : undefined}
          placeholder={t.placeholder}
          value={typed}
          maxLength={24}
          onChange={(event) => {
            const text = event.target.value;
            setTyped(text);
            const next = text.trim() === '' ? null : parseSpanishNumber(text, settings);
            onReply(next && 'value' in next ? next.value : '');
          }}
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
          onBlur={() => setTouched(true)}
          className="min-h-14 w-full min-w-0 flex-1 rounded-xl border-2 border-control bg-card px-4 py-3 text-lg tabular-nums focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-destructive"
        />
        {settings.unit ? (
          <span className="shrink-0 text-lg font-medium" aria-hidden="true">
            {settings.unit}
          </span>
        ) : null}
      </div>
      {problem ? (
        <p id={`${id}-problem`} className="text-base font-medium text-destructive" role="alert">
          {problem}
        </p>
      ) : (
        <p id={`${id}-range`} className="text-base text-muted-foreground">
          {range}
        </p>
      )}
    </fieldset>
  );
}
