import { z } from 'zod';
import { PollStatus, QuestionType } from './poll.ts';

export const SummaryOption = z.object({
  id: z.number().int(),
  text: z.string(),
  ordinal: z.number().int(),
  count: z.number().int(),
});
export type SummaryOption = z.infer<typeof SummaryOption>;

export const SummaryQuestion = z.object({
  id: z.number().int(),
  text: z.string(),
  type: QuestionType,
  ordinal: z.number().int(),
  /** Sum of the option counts: the percentage base, so a multiple question adds up to 100. */
  totalAnswers: z.number().int(),
  /** Ballots that answered this question. */
  respondents: z.number().int(),
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
