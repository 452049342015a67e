import { z } from 'zod';
import { OPTION_TEXT_MAX, POLL_TITLE_MAX, QUESTION_TEXT_MAX } from './limits.ts';
import { validationMessages as m } from './messages.ts';

export const PollStatus = z.enum(['draft', 'open', 'closed']);
export type PollStatus = z.infer<typeof PollStatus>;

export const QuestionType = z.enum(['single', 'multiple', 'yesno']);
export type QuestionType = z.infer<typeof QuestionType>;

export const Settings = z.object({
  oneVotePerQuestion: z.boolean(),
  resultsPublic: z.boolean(),
});
export type Settings = z.infer<typeof Settings>;

const Id = z.number().int().positive();
const Ordinal = z.number().int().min(1).max(10_000);

export const PollTitle = z
  .string()
  .trim()
  .min(1, m.titleRequired)
  .max(POLL_TITLE_MAX, m.titleTooLong);
export const QuestionText = z
  .string()
  .trim()
  .min(1, m.questionRequired)
  .max(QUESTION_TEXT_MAX, m.questionTooLong);
export const OptionText = z
  .string()
  .trim()
  .min(1, m.optionRequired)
  .max(OPTION_TEXT_MAX, m.optionTooLong);

export const Option = z.object({ id: Id, text: z.string(), ordinal: z.number().int() });
export type Option = z.infer<typeof Option>;

export const Question = z.object({
  id: Id,
  text: z.string(),
  type: QuestionType,
  ordinal: z.number().int(),
  options: z.array(Option),
});
export type Question = z.infer<typeof Question>;

export const Poll = z.object({
  slug: z.string(),
  title: z.string(),
  status: PollStatus,
  settings: Settings,
  questions: z.array(Question),
  /** ISO 8601 timestamps. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Poll = z.infer<typeof Poll>;

export const SlugParams = z.object({ slug: z.string().min(1).max(64) });
export const IdParams = z.object({ id: z.coerce.number().int().positive() });

export const CreatePollBody = z.object({
  title: PollTitle,
  settings: Settings.partial().optional(),
});
export type CreatePollBody = z.input<typeof CreatePollBody>;

/** Only create and duplicate ever return the host secret. */
export const CreatePollResponse = Poll.extend({ host_secret: z.string() });
export type CreatePollResponse = z.infer<typeof CreatePollResponse>;

export const UpdatePollBody = z
  .object({
    title: PollTitle.optional(),
    status: PollStatus.optional(),
    settings: Settings.partial().optional(),
  })
  .refine((b) => b.title !== undefined || b.status !== undefined || b.settings !== undefined, {
    message: m.nothingToUpdate,
  });
export type UpdatePollBody = z.input<typeof UpdatePollBody>;

/** Option rows of the new-question form; empty rows are dropped by the server too. */
export const NewOptionInput = z.object({
  text: z.string().trim().max(OPTION_TEXT_MAX, m.optionTooLong),
  ordinal: Ordinal.optional(),
});

export const CreateQuestionBody = z.object({
  text: QuestionText,
  type: QuestionType,
  /** Ignored for yes/no: the server gives those exactly "Sí" and "No". */
  options: z.array(NewOptionInput).max(200).default([]),
  ordinal: Ordinal.optional(),
});
export type CreateQuestionBody = z.input<typeof CreateQuestionBody>;

export const UpdateQuestionBody = z
  .object({ text: QuestionText.optional(), ordinal: Ordinal.optional() })
  .refine((b) => b.text !== undefined || b.ordinal !== undefined, { message: m.nothingToUpdate });
export type UpdateQuestionBody = z.input<typeof UpdateQuestionBody>;

export const CreateOptionBody = z.object({ text: OptionText, ordinal: Ordinal.optional() });
export type CreateOptionBody = z.input<typeof CreateOptionBody>;

export const UpdateOptionBody = z
  .object({ text: OptionText.optional(), ordinal: Ordinal.optional() })
  .refine((b) => b.text !== undefined || b.ordinal !== undefined, { message: m.nothingToUpdate });
export type UpdateOptionBody = z.input<typeof UpdateOptionBody>;

export const ReorderBody = z.object({
  order: z.array(z.object({ id: Id, ordinal: z.number().int() })).max(1000),
});
export type ReorderBody = z.input<typeof ReorderBody>;

export const DuplicateResponse = z.object({
  slug: z.string(),
  host_secret: z.string(),
  title: z.string(),
});
export type DuplicateResponse = z.infer<typeof DuplicateResponse>;

export const ResetResponse = z.object({ deletedVotes: z.number().int() });
export type ResetResponse = z.infer<typeof ResetResponse>;
