import { z } from 'zod';
import { NICKNAME_MAX, SLUG_PATTERN } from './limits.ts';

/**
 * Homework ('Tarea', issue 27): a poll open between `settings.opensAt` and `settings.closesAt`
 * (either optional), enforced by the server. A quiz with either set is self-paced: each player
 * opens its questions one by one (POST …/me/next), each with its own clock started by the
 * server; the leaderboard, the players' results and `correct` wait for `closesAt`.
 */

export const homeworkMessages = {
  badTime: 'Escribe una fecha y hora válidas (ISO 8601 con zona horaria)',
  closesBeforeOpens: 'El cierre de la tarea debe ser posterior a su apertura',
  closesInPast: 'La hora de cierre ya ha pasado: elige una futura',
  notOpenYet: 'La tarea aún no ha empezado',
  notSelfPaced: 'Esta encuesta no es un concurso a tu ritmo',
} as const;

/** An instant with its offset ('2026-12-03T23:59:00+01:00'); null is none. */
export const HomeworkTime = z.iso
  .datetime({ offset: true, error: homeworkMessages.badTime })
  .nullable();

/** A player's clock of one question of a self-paced quiz (ISO 8601; endsAt null: no limit). */
export const PlayerClock = z.object({
  questionId: z.number().int(),
  startedAt: z.string(),
  endsAt: z.string().nullable(),
});
export type PlayerClock = z.infer<typeof PlayerClock>;

/** 'Más tiempo' (WCAG 2.2.1): PUT /polls/{slug}/players/{nickname}/more-time. */
export const MoreTimeParams = z.object({
  slug: z.string().regex(SLUG_PATTERN),
  nickname: z
    .string()
    .min(1)
    .max(NICKNAME_MAX * 8),
});
export const MoreTimeBody = z.object({ moreTime: z.boolean() });
export type MoreTimeBody = z.infer<typeof MoreTimeBody>;
export const MoreTimeResponse = z.object({ nickname: z.string(), moreTime: z.boolean() });
export type MoreTimeResponse = z.infer<typeof MoreTimeResponse>;

/** GET /polls/{slug}/homework: the host's view of a self-paced quiz's progress. */
export const HomeworkPlayer = z.object({
  nickname: z.string(),
  moreTime: z.boolean(),
  /** Questions answered, and those whose time ran out unanswered. */
  answered: z.number().int(),
  missed: z.number().int(),
  /** Every question answered or out of time. */
  finished: z.boolean(),
  score: z.number().int(),
});
export type HomeworkPlayer = z.infer<typeof HomeworkPlayer>;
export const HomeworkProgress = z.object({
  questions: z.number().int(),
  players: z.array(HomeworkPlayer),
  finished: z.number().int(),
  /** Over the players who answered at least one question; null before any did. */
  averageScore: z.number().nullable(),
});
export type HomeworkProgress = z.infer<typeof HomeworkProgress>;
