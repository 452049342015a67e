import { CLEAN_CONTAINING_ES, CLEAN_WORDS_ES } from './clean-es.ts';
import { DOUBT_ADDRESSED_ES, DOUBT_LEMMAS_ES } from './doubt-es.ts';
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

/** 'strong': hidden always (flagged); 'doubt': held under 'Filtro estricto'; else 'clean'. */
export type TextRating = 'clean' | 'doubt' | 'strong';

/** The two matchers of a rating: strong words alone, and both lists in one (a clean text,
 *  nearly all of them, is read once). */
function rater(personal: boolean): (text: string) => TextRating {
  const strongWords = [
    ...new Set([...PROFANITY_ES, ...inflections(PROFANITY_LEMMAS_ES, { personal })]),
  ];
  const doubt = [...inflections(DOUBT_LEMMAS_ES, { personal }), ...DOUBT_ADDRESSED_ES];
  const strong = new WordMatcher({ words: strongWords, ...common });
  const any = new WordMatcher({ words: strongWords, exactOnly: doubt, ...common });
  return (text) => {
    if (!any.matches(text)) return 'clean';
    return strong.matches(text) ? 'strong' : 'doubt';
  };
}

export const rateText = rater(true);

export function isProfane(text: string): boolean {
  return rateText(text) === 'strong';
}

/**
 * A nickname's rating: the same lists without verbs' personal forms ('jodí' is vulgar in a
 * sentence; 'Jodi' alone is a name). Built at start like rateText's, not on the first nickname:
 * a quiz's first join is no time to block the event loop.
 */
export const rateName = rater(false);
