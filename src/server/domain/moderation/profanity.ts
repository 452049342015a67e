import { CLEAN_CONTAINING_ES, CLEAN_WORDS_ES } from './clean-es.ts';
import { WordMatcher } from './matcher.ts';
import { PROFANITY_ES, PROFANITY_GLUED_ES, PROFANITY_STEMS_ES } from './profanity-es.ts';

/**
 * Whether an open answer contains a word of the profanity list (profanity-es.ts), however it is
 * spelled (matcher.ts, fold.ts), while Spanish words that look alike stay clean (clean-es.ts).
 */
const PROFANITY = new WordMatcher({
  words: PROFANITY_ES,
  stems: PROFANITY_STEMS_ES,
  glued: PROFANITY_GLUED_ES,
  clean: CLEAN_WORDS_ES,
  cleanContaining: CLEAN_CONTAINING_ES,
  inserted: true,
});

export function isProfane(text: string): boolean {
  return PROFANITY.matches(text);
}
