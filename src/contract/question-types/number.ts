import { z } from 'zod';
import { NUMBER_ABS_MAX, NUMBER_DECIMALS_MAX, NUMBER_UNIT_MAX } from '../limits.ts';
import { numberMessages as n } from '../messages.ts';
import { cleanText } from '../text.ts';
import type { QuestionTypeRules } from './type-rules.ts';

/** Whether `value` has at most `decimals` decimals (as typed in base 10, within float noise). */
export function fitsDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) <= 1e-9 * Math.max(1, Math.abs(scaled));
}

/**
 * A number as Spanish writes it: '.' between thousands (from 1.000 on, unlike Intl's es-ES,
 * which leaves 4 digits alone), ',' before the decimals, at most `decimals` of them, trailing
 * zeros dropped ('3,5', '1.250', '-0,25'). Shared by messages, exports and screens.
 */
export function formatSpanishNumber(value: number, decimals = NUMBER_DECIMALS_MAX): string {
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = '0', fraction = ''] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const kept = fraction.replace(/0+$/, '');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${grouped}${kept ? `,${kept}` : ''}`;
}

const Bound = z
  .number({ error: n.bounds })
  .min(-NUMBER_ABS_MAX, n.bounds)
  .max(NUMBER_ABS_MAX, n.bounds);

/** A number question's settings: the accepted range, the decimals a value may have, a unit. */
export const NumberSettings = z.object({
  min: z.number(),
  max: z.number(),
  /** 0 to 3. */
  decimals: z.number().int(),
  /** Shown after the value ('años', 'km', '€'); null for none. */
  unit: z.string().nullable(),
});
export type NumberSettings = z.infer<typeof NumberSettings>;

const NumberUnit = cleanText({ max: NUMBER_UNIT_MAX, tooLong: n.unitTooLong }).nullable();

export const NumberInput = z
  .object({
    min: Bound,
    max: Bound,
    decimals: z
      .number({ error: n.decimals })
      .int(n.decimals)
      .min(0, n.decimals)
      .max(NUMBER_DECIMALS_MAX, n.decimals)
      .default(0),
    unit: NumberUnit.optional(),
  })
  .refine((s) => s.min < s.max, { message: n.minBelowMax, path: ['max'] })
  .refine((s) => fitsDecimals(s.min, s.decimals) && fitsDecimals(s.max, s.decimals), {
    message: n.boundsDecimals,
    path: ['min'],
  });
export type NumberInput = z.input<typeof NumberInput>;

/** Quiz: the value that scores in full, as the host types it. */
export const CorrectValue = z.number({ error: n.correctValue }).nullable();
/** Quiz: how far from correctValue still scores in full (≥ 0); 4 × away scores nothing. */
export const Tolerance = z
  .number({ error: n.tolerance })
  .min(0, n.tolerance)
  .max(2 * NUMBER_ABS_MAX, n.tolerance)
  .nullable();

/** 'Escribe un número entre 0 y 100' with the question's own bounds and decimals. */
export function numberRangeMessage(settings: Pick<NumberSettings, 'min' | 'max' | 'decimals'>) {
  const { min, max, decimals } = settings;
  const range = `entre ${formatSpanishNumber(min, decimals)} y ${formatSpanishNumber(max, decimals)}`;
  return decimals === 0 ? `Escribe un número entero ${range}` : `Escribe un número ${range}`;
}

/** The message for a value with more decimals than the question takes. */
export function numberDecimalsMessage(decimals: number): string {
  if (decimals === 0) return 'Escribe un número entero, sin decimales';
  return decimals === 1
    ? 'Escribe un número con un decimal como máximo'
    : `Escribe un número con ${decimals} decimales como máximo`;
}

/** What is wrong with a value for these settings, or null when it fits. */
export function numberValueProblem(value: number, settings: NumberSettings): string | null {
  if (!Number.isFinite(value) || value < settings.min || value > settings.max) {
    return numberRangeMessage(settings);
  }
  return fitsDecimals(value, settings.decimals) ? null : numberDecimalsMessage(settings.decimals);
}

/** Número (issue 26): one value in [min, max] with at most `decimals` decimals. */
export const numberRules: QuestionTypeRules = {
  name: 'number',
  answerKey: 'value',
  options: { kind: 'none', notAllowed: n.optionsNotAllowed },
  settings: { field: 'number', required: n.required, onlyForThisType: n.onlyForNumber },
  correct: 'value',
  rounds: 'average',
  checkDraft(draft, report) {
    const settings = draft.number;
    if (!settings || draft.correctValue == null) return;
    if (numberValueProblem(draft.correctValue, { ...settings, unit: null })) {
      report(['correctValue'], n.correctValueOutside);
    }
  },
};
