import { QUIZ_MAX_POINTS } from '../../../contract/index.ts';
import type { QuizScorer, QuizStandingsRows } from '../../store/store.ts';
import { nicknameKey } from './nickname.ts';

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

/** Correct when the chosen set equals the correct set (a question with none scores nothing). */
export const scoreAnswer: QuizScorer = (answer, question) => {
  const correctSet = new Set(question.correctOptionIds);
  const chosen = new Set(answer.optionIds);
  const correct =
    correctSet.size > 0 &&
    chosen.size === correctSet.size &&
    [...chosen].every((id) => correctSet.has(id));
  return { correct, points: correct ? pointsFor(answer.elapsedMs, question.limitSeconds) : 0 };
};

export interface RankedPlayer {
  participantId: string;
  nickname: string;
  score: number;
  correct: number;
  rank: number;
  previousRank: number | null;
}

/** Competition ranks (1, 2, 2, 4) of `scores`, by index. */
function ranksOf(scores: number[]): number[] {
  const order = scores.map((s, i) => [s, i] as const).sort((a, b) => b[0] - a[0]);
  const ranks = new Array<number>(scores.length);
  order.forEach(([score, index], position) => {
    const prev = order[position - 1];
    ranks[index] = prev && prev[0] === score ? ranks[prev[1]]! : position + 1;
  });
  return ranks;
}

/** Every player ranked, best first (ties by nickname); previousRank is the rank before the last
 *  closed question, null until a second question closed. */
export function rankPlayers(rows: QuizStandingsRows): RankedPlayer[] {
  const { players, closedQuestionIds } = rows;
  const ranks = ranksOf(players.map((p) => p.score));
  const before =
    closedQuestionIds.length > 1 ? ranksOf(players.map((p) => p.score - p.lastPoints)) : null;
  return players
    .map((p, i) => ({
      participantId: p.participantId,
      nickname: p.nickname,
      score: p.score,
      correct: p.correct,
      rank: ranks[i]!,
      previousRank: before ? before[i]! : null,
    }))
    .sort((a, b) => a.rank - b.rank || a.nickname.localeCompare(b.nickname, 'es'));
}

/** The nickname's uniqueness key: nicknameKey (nickname.ts), by how the name looks. */
export function foldNickname(nickname: string): string {
  return nicknameKey(nickname);
}
