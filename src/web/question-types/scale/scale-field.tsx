import { esOpenFields as t } from '../../i18n/es-open-fields.ts';
import { cn } from '../../lib/cn.ts';
import { Legend } from '../legend.tsx';
import type { PhoneFieldProps } from '../phone-field-props.ts';

/**
 * A rating scale as real radio buttons (arrow keys move the choice, one Tab stop), drawn as a
 * row of numbered buttons at least 56 px tall; the end labels are part of the first and last
 * buttons' names, so a screen reader hears '1, Nada'.
 */
export function ScaleField({ question, position, reply, onReply: onChange }: PhoneFieldProps) {
  const value = typeof reply === 'number' ? reply : undefined;
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
