import { CLEAN_CONTAINING_ES, CLEAN_WORDS_ES } from './clean-es.ts';
import { DOUBT_ES } from './doubt-es.ts';
import { GLUE_AFTER_ES, GLUE_BEFORE_ES, GLUE_BETWEEN_ES, GLUE_ENDINGS_ES } from './glue-es.ts';
import { inflections } from './inflect.ts';
import { WordMatcher } from './matcher.ts';
import {
  PROFANITY_ES,
  PROFANITY_GLUED_ES,
  PROFANITY_LEMMAS_ES,
  PROFANITY_STEMS_ES,
} from './profanity-es.ts';

/**
 * Whether an open answer contains a word of the profanity list (profanity-es.ts) or of the
 * words held on doubt (doubt-es.ts), however it is spelled (matcher.ts, fold.ts), while Spanish
 * words that look alike stay clean (clean-es.ts).
 */
const STRONG_WORDS = [...new Set([...PROFANITY_ES, ...inflections(PROFANITY_LEMMAS_ES)])];
const common = {
  stems: PROFANITY_STEMS_ES,
  glued: PROFANITY_GLUED_ES,
  clean: CLEAN_WORDS_ES,
  cleanContaining: CLEAN_CONTAINING_ES,
  inserted: true,
  glue: {
    before: GLUE_BEFORE_ES,
    after: GLUE_AFTER_ES,
    between: GLUE_BETWEEN_ES,
    endings: GLUE_ENDINGS_ES,
  },
};
const STRONG = new WordMatcher({ words: STRONG_WORDS, ...common });
/** Both lists in one: a clean answer (nearly all of them) is read once. */
const ANY = new WordMatcher({ words: STRONG_WORDS, exactOnly: DOUBT_ES, ...common });

/** 'strong': hidden always (flagged); 'doubt': held under 'Filtro estricto'; else 'clean'. */
export type TextRating = 'clean' | 'doubt' | 'strong';

export function rateText(text: string): TextRating {
  if (!ANY.matches(text)) return 'clean';
  return STRONG.matches(text) ? 'strong' : 'doubt';
}

export function isProfane(text: string): boolean {
  return STRONG.matches(text);
}
