import { QUIZ_MAX_POINTS } from '../../../contract/index.ts';

/**
 * Points of a correct answer received `elapsedMs` after the question started: 1000 at once,
 * falling linearly to 500 at the limit (elapsed clamped to [0, limit]); 1000 without a limit.
 */
export function pointsFor(elapsedMs: number, limitSeconds: number | null): number {
  if (limitSeconds === null) return QUIZ_MAX_POINTS;
  const limitMs = limitSeconds * 1000;
  const elapsed = Math.min(Math.max(elapsedMs, 0), limitMs);
  return Math.round(QUIZ_MAX_POINTS * (1 - elapsed / (2 * limitMs)));
}
