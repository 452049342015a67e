import { z } from 'zod';
import { TEXT_ANSWER_MAX } from './limits.ts';
import { validationMessages as m } from './messages.ts';
import { cleanText } from './text.ts';

/**
 * 'Palabras bloqueadas' (issue 17): words or short phrases a host blocks for one poll, on top of
 * the profanity list. An open answer that holds one, in any spelling the matcher folds, is
 * stored flagged like a profane one: shown to no one but the host. The server caps how many and
 * how long (BLOCKED_WORDS_MAX, BLOCKED_WORD_LENGTH_MAX in limits.ts); an answer's length bounds
 * them here.
 */
export const BlockedWords = z.object({
  /** As the host typed them, each once, sorted by code point. */
  words: z.array(z.string()),
});
export type BlockedWords = z.infer<typeof BlockedWords>;

export const BlockedWordsBody = z.object({
  /** The whole list: it replaces the poll's (an empty one clears it). */
  words: z.array(
    cleanText({ max: TEXT_ANSWER_MAX, tooLong: m.answerTooLong, required: m.wordRequired }),
  ),
  /** Also flag the visible and held answers and audience questions already in that hold a word
   *  of the list. */
  applyToExisting: z.boolean().default(false),
});
export type BlockedWordsBody = z.input<typeof BlockedWordsBody>;

export const BlockedWordsResponse = BlockedWords.extend({
  /** Answers and audience questions already in that were flagged now (0 without
   *  applyToExisting). */
  flagged: z.number().int(),
});
export type BlockedWordsResponse = z.infer<typeof BlockedWordsResponse>;
