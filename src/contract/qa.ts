import { z } from 'zod';
import { SlugParams } from './poll.ts';
import {
  QA_NICKNAME_MAX,
  QA_PAGE_DEFAULT,
  QA_PAGE_MAX,
  QA_TEXT_MAX,
  QA_TEXT_MIN_VISIBLE,
  qaMessages,
} from './qa-limits.ts';
import { cleanText, hasVisible } from './text.ts';

export * from './qa-limits.ts';

/**
 * Issue 20: audience Q&A ('Preguntas del público'). People ask with the participation page's
 * anonymous participant cookie, vote questions up (one vote per participant id per question) and
 * the host moderates. Routes in routes.ts (`askQa` … `clearQa`), frames `qa` on the event stream.
 */

/**
 * `visible`: everyone sees it. `held`: waits for the host ('Revisar antes de mostrar'); its author
 * sees it as 'Pendiente de revisión'. `flagged`: matched the profanity list; only the host sees it
 * ('Oculta por el filtro'). `hidden`: the host took it off ('Ocultar'); only the host sees it.
 */
export const QA_STATES = ['visible', 'held', 'flagged', 'hidden'] as const;
export const QaState = z.enum(QA_STATES);
export type QaState = z.infer<typeof QaState>;

export const QaSort = z.enum(['top', 'recent']);
export type QaSort = z.infer<typeof QaSort>;

export const QaQuestion = z.object({
  id: z.number().int(),
  text: z.string(),
  /** As the asker typed it; null: 'Anónimo'. */
  nickname: z.string().nullable(),
  votes: z.number().int(),
  /** Whether the caller's participant id voted it up (false in stream frames: they are the
   *  same for everyone; a page keeps its own votes). */
  votedByMe: z.boolean(),
  state: QaState,
  /** 'Destacar': at most one question of a poll at a time. */
  pinned: z.boolean(),
  answered: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type QaQuestion = z.infer<typeof QaQuestion>;

const QaText = cleanText({
  max: QA_TEXT_MAX,
  tooLong: qaMessages.textTooLong,
  required: qaMessages.textRequired,
}).refine((text) => text === '' || hasVisible(text, QA_TEXT_MIN_VISIBLE), {
  message: qaMessages.textTooShort,
});
const QaNickname = cleanText({ max: QA_NICKNAME_MAX, tooLong: qaMessages.nicknameTooLong });

export const AskQaBody = z.object({
  text: QaText,
  /** Blank or missing: anonymous. */
  nickname: QaNickname.nullable().optional(),
});
export type AskQaBody = z.input<typeof AskQaBody>;

export const ListQaQuery = z.object({
  sort: QaSort.default('top'),
  limit: z.coerce.number().int().min(1).max(QA_PAGE_MAX).default(QA_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type ListQaQuery = z.input<typeof ListQaQuery>;

export const QaList = z.object({
  questions: z.array(QaQuestion),
  /** How many the caller may see in all (for 'Ver más'). */
  total: z.number().int(),
});
export type QaList = z.infer<typeof QaList>;

export const QaParams = SlugParams.extend({ id: z.coerce.number().int().positive() });

export const QaVoteBody = z.object({ up: z.boolean() });
export type QaVoteBody = z.input<typeof QaVoteBody>;
export const QaVoteResponse = z.object({ votes: z.number().int(), votedByMe: z.boolean() });
export type QaVoteResponse = z.infer<typeof QaVoteResponse>;

export const UpdateQaBody = z
  .object({
    /** 'Aprobar' (visible) or 'Ocultar' (hidden). */
    state: z.enum(['visible', 'hidden']).optional(),
    pinned: z.boolean().optional(),
    answered: z.boolean().optional(),
  })
  .refine((b) => b.state !== undefined || b.pinned !== undefined || b.answered !== undefined, {
    message: 'No hay cambios que guardar',
  });
export type UpdateQaBody = z.input<typeof UpdateQaBody>;

export const ClearQaResponse = z.object({ deleted: z.number().int() });
export type ClearQaResponse = z.infer<typeof ClearQaResponse>;

/** How many questions there are, by where the host's card lists them. */
export const QaCounts = z.object({
  /** Visible and not answered. */
  visible: z.number().int(),
  answered: z.number().int(),
  /** Held, flagged or hidden: only the host sees them (0 in the audience's frame). */
  pending: z.number().int(),
});
export type QaCounts = z.infer<typeof QaCounts>;

/**
 * The `qa` frame of the event stream: the first QA_FRAME_QUESTIONS questions of both sorts that
 * the audience may see (visible, not answered), the answered ones newest first, the highlighted
 * one, and the counts. The host's frame is the same with `pending` counted. Sent after every
 * change of the poll's questions or votes, coalesced like summaries.
 */
export const QaFrame = z.object({
  top: z.array(QaQuestion),
  recent: z.array(QaQuestion),
  answered: z.array(QaQuestion),
  pinned: QaQuestion.nullable(),
  counts: QaCounts,
});
export type QaFrame = z.infer<typeof QaFrame>;
