import { z } from 'zod';
import { validationMessages as m } from './messages.ts';

export const Answer = z.object({
  questionId: z.number().int().positive(),
  optionIds: z.array(z.number().int().positive()).min(1).max(200),
});
export type Answer = z.infer<typeof Answer>;

export const Ballot = z.object({
  answers: z.array(Answer).min(1, m.answersRequired).max(200),
});
export type Ballot = z.infer<typeof Ballot>;

/** saved = number of answers stored. */
export const VoteResponse = z.object({ saved: z.number().int() });
export type VoteResponse = z.infer<typeof VoteResponse>;
