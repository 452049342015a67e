import { NUMBER_DECIMALS_MAX, NUMBER_UNIT_MAX } from '../../../../contract/limits.ts';
import type { CreateQuestionBody, Question } from '../../../../contract/poll.ts';
import { Input, Label, Select } from '../../../components/ui/input.tsx';
import { esTypeEditor as t } from '../../../i18n/es-type-editor.ts';
import { formatNumber } from '../../../question-types/number/format.ts';
import { parseSpanishNumber } from '../../../question-types/number/parse.ts';

/** A number question's settings as typed: texts until sent ('3,5' reads as 3.5). */
export type NumberDraft = {
  min: string;
  max: string;
  decimals: number;
  unit: string;
  correctValue: string;
  tolerance: string;
};

const DECIMALS = Array.from({ length: NUMBER_DECIMALS_MAX + 1 }, (_, n) => n);

export const NEW_NUMBER: NumberDraft = {
  min: '0',
  max: '100',
  decimals: 0,
  unit: '',
  correctValue: '',
  tolerance: '0',
};

// Read as the phone reads, within the contract's widest bounds; the server judges the rest.
const read = (text: string, decimals = NUMBER_DECIMALS_MAX) => {
  const parsed = parseSpanishNumber(text, { min: -1e12, max: 1e12, decimals });
  return 'value' in parsed ? parsed.value : null;
};

/** What is wrong with the draft, said beside the submit; null when it can be sent. */
export function numberDraftProblem(draft: NumberDraft, quiz: boolean): string | null {
  const min = read(draft.min, draft.decimals);
  const max = read(draft.max, draft.decimals);
  if (min === null) return t.numberInvalid(t.numberMin);
  if (max === null) return t.numberInvalid(t.numberMax);
  if (min >= max) return t.rangeInvalid;
  if (
    quiz &&
    draft.correctValue.trim() !== '' &&
    read(draft.correctValue, draft.decimals) === null
  ) {
    return t.numberInvalid(t.correctValue);
  }
  if (quiz && read(draft.tolerance || '0') === null) return t.numberInvalid(t.tolerance);
  return null;
}

export function numberBody(draft: NumberDraft, quiz: boolean): Partial<CreateQuestionBody> {
  const unit = draft.unit.trim();
  const correct = read(draft.correctValue, draft.decimals);
  return {
    number: {
      min: read(draft.min, draft.decimals) ?? 0,
      max: read(draft.max, draft.decimals) ?? 0,
      decimals: draft.decimals,
      ...(unit && { unit }),
    },
    ...(quiz &&
      correct !== null && { correctValue: correct, tolerance: read(draft.tolerance || '0') ?? 0 }),
  };
}

type NumberFieldsProps = {
  id: string;
  value: NumberDraft;
  onChange: (value: NumberDraft) => void;
  quiz: boolean;
};

/** A new number question's range, decimals and unit; in a quiz its correct value and margin. */
export function NumberFields({ id, value, onChange, quiz }: NumberFieldsProps) {
  const field = (key: 'min' | 'max' | 'correctValue' | 'tolerance', label: string) => (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        inputMode="decimal"
        autoComplete="off"
        value={value[key]}
        maxLength={20}
        onChange={(e) => onChange({ ...value, [key]: e.target.value })}
      />
    </div>
  );
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('min', t.numberMin)}
        {field('max', t.numberMax)}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={`${id}-decimals`}>{t.numberDecimals}</Label>
          <Select
            id={`${id}-decimals`}
            value={value.decimals}
            onChange={(e) => onChange({ ...value, decimals: Number(e.target.value) })}
          >
            {DECIMALS.map((n) => (
              <option key={n} value={n}>
                {t.decimalsOption(n)}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={`${id}-unit`}>{t.numberUnit}</Label>
          <Input
            id={`${id}-unit`}
            value={value.unit}
            maxLength={NUMBER_UNIT_MAX}
            placeholder={t.numberUnitPlaceholder}
            autoComplete="off"
            onChange={(e) => onChange({ ...value, unit: e.target.value.slice(0, NUMBER_UNIT_MAX) })}
          />
        </div>
      </div>
      {quiz ? (
        <div className="grid gap-2">
          <div className="grid gap-4 sm:grid-cols-2">
            {field('correctValue', t.correctValue)}
            {field('tolerance', t.tolerance)}
          </div>
          <p className="text-sm text-muted-foreground">{t.toleranceNote}</p>
        </div>
      ) : null}
      <p className="text-sm text-muted-foreground">{t.numberNote}</p>
    </div>
  );
}

/** A saved number question's settings, as a line under its text. */
export function NumberSummary({ question, quiz }: { question: Question; quiz: boolean }) {
  const s = question.number;
  if (!s) return null;
  const f = (v: number) => formatNumber(v, s.decimals);
  return (
    <div className="grid gap-1 text-sm text-muted-foreground" data-testid="question-format">
      <p>{t.numberSummary(f(s.min), f(s.max), s.decimals, s.unit)}</p>
      {quiz && question.correctValue != null ? (
        <p>{t.correctSummary(f(question.correctValue), f(question.tolerance ?? 0))}</p>
      ) : null}
    </div>
  );
}
