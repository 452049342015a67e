import { MathText } from '../../components/math-text.tsx';
import { Check } from '../../components/ui/icons.tsx';
import { esCore as es } from '../../i18n/es-core.ts';
import { cn } from '../../lib/cn.ts';
import { byOrdinal } from '../../lib/order.ts';
import type { PhoneFieldProps } from '../phone-field-props.ts';
import { traitsOf } from '../registry.ts';

/**
 * One question as a fieldset of real radio or checkbox inputs. Each option is a label that
 * spans the full row (≥ 56 px), so the whole row is the touch target.
 */
export function ChoiceField({ question, position, reply, onChoose }: PhoneFieldProps) {
  const multiple = traitsOf(question.type).picks === 'many';
  const chosen = Array.isArray(reply) ? reply : [];
  const hintId = `q-${question.id}-hint`;
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={hintId}>
      <legend className="mb-1 text-lg leading-snug font-semibold">
        <span className="mr-1.5 text-muted-foreground tabular-nums">{position}.</span>
        <MathText text={question.text} />
      </legend>
      <p id={hintId} className="-mt-1 text-base text-muted-foreground">
        {multiple ? es.vote.chooseMany : es.vote.chooseOne}
      </p>
      {byOrdinal(question.options).map((option) => {
        const checked = chosen.includes(option.id);
        return (
          <label
            key={option.id}
            className={cn(
              'relative flex min-h-14 w-full cursor-pointer items-center gap-3 rounded-xl border-2 bg-card px-4 py-3 text-base transition-colors select-none',
              'hover:border-primary/50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
              checked ? 'border-primary bg-secondary font-medium' : 'border-border',
            )}
          >
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={`q-${question.id}`}
              value={option.id}
              checked={checked}
              onChange={() => onChoose(option.id)}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className={cn(
                'flex size-6 shrink-0 items-center justify-center border-2 transition-colors',
                multiple ? 'rounded-md' : 'rounded-full',
                checked ? 'border-primary bg-primary text-primary-foreground' : 'border-control',
              )}
            >
              {checked ? (
                multiple ? (
                  <Check className="size-4" strokeWidth={3} />
                ) : (
                  <span className="size-2.5 rounded-full bg-primary-foreground" />
                )
              ) : null}
            </span>
            <span className="min-w-0 flex-1">
              <MathText text={option.text} />
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
