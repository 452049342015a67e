import { z } from 'zod';
import { ANSWERS_PAGE_MAX, SUMMARY_ANSWERS_MAX, TEXT_ANSWER_MAX } from './limits.ts';
import { validationMessages as m } from './messages.ts';
import { SlugParams } from './poll.ts';
import { AnswerState, SummaryTextAnswer } from './summary.ts';
import { cleanText } from './text.ts';

/** The host's moderation of open answers (issue 13, T13-API.md). */

const Id = z.coerce.number().int().positive();

export const AnswerParams = SlugParams.extend({ answerId: Id });
export const QuestionAnswersParams = SlugParams.extend({ questionId: Id });

/** Approve a held answer, show a flagged one, or hide any. */
export const ModerateAnswerBody = z.object({ state: z.enum(['visible', 'hidden']) });
export type ModerateAnswerBody = z.infer<typeof ModerateAnswerBody>;
export const ModerateAnswerResponse = z.object({ id: z.number().int(), state: AnswerState });
export type ModerateAnswerResponse = z.infer<typeof ModerateAnswerResponse>;

/** Every held answer of the question made visible (flagged ones stay flagged). */
export const ApproveAnswersResponse = z.object({ approved: z.number().int() });
export type ApproveAnswersResponse = z.infer<typeof ApproveAnswersResponse>;

/** A word (folded the way the cloud folds it) out of, or back into, the public cloud. */
export const HiddenWordBody = z.object({
  word: cleanText({ max: TEXT_ANSWER_MAX, tooLong: m.answerTooLong, required: m.wordRequired }),
  hidden: z.boolean(),
});
export type HiddenWordBody = z.input<typeof HiddenWordBody>;
/** The question's hidden words, folded, sorted. */
export const HiddenWordsResponse = z.object({ hiddenWords: z.array(z.string()) });
export type HiddenWordsResponse = z.infer<typeof HiddenWordsResponse>;

/** Keyset paging newest first: `before` is the last id of the previous page. */
export const ListAnswersQuery = z.object({
  before: Id.optional(),
  limit: z.coerce.number().int().min(1).max(ANSWERS_PAGE_MAX).default(SUMMARY_ANSWERS_MAX),
});
export type ListAnswersQuery = z.input<typeof ListAnswersQuery>;
export const AnswersPage = z.object({
  answers: z.array(SummaryTextAnswer),
  /** Pass as `before` for the next page; null at the end. */
  nextBefore: z.number().int().nullable(),
});
export type AnswersPage = z.infer<typeof AnswersPage>;
