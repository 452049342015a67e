import { z } from 'zod';
import { COMBINING_MARKS_RUN_MAX } from './limits.ts';
import { validationMessages as m } from './messages.ts';

/**
 * The rules every text a person types goes through (titles, questions, options), on the server
 * and wherever the web app validates: text is stored as Unicode NFC, so the same words are the
 * same bytes; characters that only exist to deceive or break the display are refused.
 */

/** C0 and C1 controls, DEL and NUL: no visible meaning in a one-line text, and NUL breaks
 *  PostgreSQL's text type. */
const CONTROL = /\p{Cc}/u;
/** Embeddings, overrides and isolates reorder what follows them: `gnp.exe` shown as `exe.png`. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/** Half of a UTF-16 pair alone is no character at all (JSON can carry one as \uD800). */
const LONE_SURROGATE = /\p{Cs}/u;
/** Stacked marks draw over the lines around them ("Zalgo" text). Invisible characters between
 *  them (zero-width joiners and spaces, which show nothing and join nothing there) do not end
 *  the run: 48 marks split by joiners stack on one letter all the same (issue 19). The
 *  lookahead keeps invisible and mark apart (a variation selector is both), so the pattern
 *  cannot backtrack; flag u, not v, which older phones' browsers lack. */
const INVISIBLE_NOT_MARK = '(?:(?!\\p{M})\\p{Default_Ignorable_Code_Point})*';
const COMBINING_RUN = new RegExp(
  `\\p{M}(?:${INVISIBLE_NOT_MARK}\\p{M}){${COMBINING_MARKS_RUN_MAX},}`,
  'u',
);
/** What shows nothing: zero-width spaces and joiners, word joiner, soft hyphen, variation
 *  selectors, Hangul fillers (all Default_Ignorable), and the blank braille pattern. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** Whether the text shows nothing once spaces and invisible characters are set aside. */
export function isBlank(text: string): boolean {
  return text.replace(INVISIBLE, '').trim() === '';
}

/** Characters a person sees (grapheme clusters: 'é' or '👍🏽' is one), spaces and invisible
 *  characters left out: what "at least 2 visible characters" counts. Counting stops at `upTo`
 *  (segmenting a whole answer costs ~15 µs; the rule only needs the first two). */
export function visibleLength(text: string, upTo = Number.POSITIVE_INFINITY): number {
  const shown = text.replace(INVISIBLE, '').replace(/\s+/gu, '');
  let n = 0;
  for (const _ of graphemes.segment(shown)) if (++n >= upTo) break;
  return n;
}
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Two visible ASCII characters are two graphemes whatever surrounds them (none of them joins
 *  a neighbour): the usual answer, decided without segmenting. */
const TWO_ASCII_GRAPHIC = /[\x21-\x7e][\s\S]*[\x21-\x7e]/;

/** Whether the text shows at least `n` characters (as visibleLength counts them). */
export function hasVisible(text: string, n: number): boolean {
  if (n <= 2 && TWO_ASCII_GRAPHIC.test(text)) return true;
  return visibleLength(text, n) >= n;
}

/** NFC, trimmed, and '' when nothing visible is left, so "required" means something to see. */
function tidy(text: string): string {
  const normalized = text.normalize('NFC').trim();
  return isBlank(normalized) ? '' : normalized;
}

/**
 * A string field under these rules. `required` is the message for an empty (or invisible)
 * text; without it an empty text passes as '' (the new-question form's empty option rows).
 */
export function cleanText({
  max,
  tooLong,
  required,
}: {
  max: number;
  tooLong: string;
  required?: string;
}) {
  let schema = z
    .string()
    .overwrite(tidy)
    .refine((s) => !CONTROL.test(s), m.controlCharacters)
    .refine((s) => !BIDI_CONTROL.test(s), m.bidiControls)
    .refine((s) => !LONE_SURROGATE.test(s), m.invalidCharacters)
    .refine((s) => !COMBINING_RUN.test(s), m.combiningMarks);
  if (required) schema = schema.min(1, required);
  return schema.max(max, tooLong);
}
