import { SCALE_LABEL_MAX, SCALE_MAXES } from '../../../../contract/limits.ts';
import type { ScaleMax } from '../../../../contract/poll.ts';
import { Input, Label } from '../../../components/ui/input.tsx';
import { es } from '../../../i18n/es.ts';
import { cn } from '../../../lib/cn.ts';

const t = es.questions;

export type ScaleDraft = { max: ScaleMax; minLabel: string; maxLabel: string };

export const NEW_SCALE: ScaleDraft = { max: 5, minLabel: '', maxLabel: '' };

type ScaleFieldsProps = { id: string; value: ScaleDraft; onChange: (value: ScaleDraft) => void };

/** A new scale question's range (1 to 5 or 1 to 10) and the optional names of its ends. */
export function ScaleFields({ id, value, onChange }: ScaleFieldsProps) {
  const label = (key: 'minLabel' | 'maxLabel', text: string, placeholder: string) => (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={`${id}-${key}`}>{text}</Label>
      <Input
        id={`${id}-${key}`}
        value={value[key]}
        maxLength={SCALE_LABEL_MAX}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(e) => onChange({ ...value, [key]: e.target.value.slice(0, SCALE_LABEL_MAX) })}
      />
    </div>
  );
  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t.scaleRange}</legend>
        <div className="flex flex-wrap gap-2">
          {SCALE_MAXES.map((max) => (
            <label
              key={max}
              className={cn(
                'flex h-11 cursor-pointer items-center gap-2 rounded-lg border-2 px-4 text-sm font-medium has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
                value.max === max ? 'border-primary bg-secondary' : 'border-border',
              )}
            >
              <input
                type="radio"
                name={`${id}-max`}
                checked={value.max === max}
                onChange={() => onChange({ ...value, max })}
                className="accent-primary"
              />
              {t.scaleOption(max)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {label('minLabel', t.scaleMinLabel, t.scaleMinPlaceholder)}
        {label('maxLabel', t.scaleMaxLabel(value.max), t.scaleMaxPlaceholder)}
      </div>
      <p className="text-sm text-muted-foreground">{t.scaleNote}</p>
    </div>
  );
}
