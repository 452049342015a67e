import { z } from 'zod';
import { SCALE_LABEL_MAX } from '../limits.ts';
import { validationMessages as m } from '../messages.ts';
import { cleanText } from '../text.ts';
import type { QuestionTypeRules } from './type-rules.ts';

/** The top of a rating scale (the bottom is always 1). */
export const ScaleMax = z.union([z.literal(5), z.literal(10)], { error: m.scaleMax });
export type ScaleMax = z.infer<typeof ScaleMax>;

/** A scale question's settings; labels name the ends ('Nada' … 'Mucho'), null for none. */
export const Scale = z.object({
  max: ScaleMax,
  minLabel: z.string().nullable(),
  maxLabel: z.string().nullable(),
});
export type Scale = z.infer<typeof Scale>;

/** A label as the host types it: options' hygiene; blank (or null) means no label. */
const ScaleLabel = cleanText({ max: SCALE_LABEL_MAX, tooLong: m.scaleLabelTooLong }).nullable();
export const ScaleInput = z.object({
  max: ScaleMax,
  minLabel: ScaleLabel.optional(),
  maxLabel: ScaleLabel.optional(),
});
export type ScaleInput = z.input<typeof ScaleInput>;

/** Escala: a whole value from 1 to 5 or 10 (stored as the option standing for it). */
export const scaleRules: QuestionTypeRules = {
  name: 'scale',
  answerKey: 'value',
  options: { kind: 'none', notAllowed: m.optionsNotAllowed },
  settings: { field: 'scale', required: m.scaleRequired, onlyForThisType: m.scaleOnlyForScale },
  correct: 'none',
  rounds: 'average',
};
