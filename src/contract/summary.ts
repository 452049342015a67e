import { z } from 'zod';
import { PollStatus, QuestionType } from './poll.ts';

export const SummaryOption = z.object({
  id: z.number().int(),
  text: z.string(),
  ordinal: z.number().int(),
  /** Absent while the question's results are hidden from this caller. */
  count: z.number().int().optional(),
});
export type SummaryOption = z.infer<typeof SummaryOption>;

export const SummaryQuestion = z.object({
  id: z.number().int(),
  text: z.string(),
  type: QuestionType,
  ordinal: z.number().int(),
  /** Sum of the option counts (choices). Absent while hidden from this caller. */
  totalAnswers: z.number().int().optional(),
  /** Ballots that answered this question: the percentage base of a multiple question (shares
   *  of people, which may add up past 100 %). Public even while the results are hidden. */
  respondents: z.number().int(),
  /** The host has hidden the results: others get no counts; the host gets them, marked. */
  hidden: z.boolean(),
  options: z.array(SummaryOption),
});
export type SummaryQuestion = z.infer<typeof SummaryQuestion>;

export const Summary = z.object({
  slug: z.string(),
  title: z.string(),
  status: PollStatus,
  /** Number of ballots. */
  totalVotes: z.number().int(),
  updatedAt: z.string(),
  questions: z.array(SummaryQuestion),
});
export type Summary = z.infer<typeof Summary>;
