import type { QuizScorer, QuizStandingsRows } from '../../store/store.ts';
import { questionModule } from '../question-types/index.ts';
import { nicknameKey } from './nickname.ts';
import { pointsFor } from './points.ts';

/** Scores a player's answer with the module of the question's type (question-types/). */
export const scoreAnswer: QuizScorer = (answer, question) =>
  questionModule(question.type).score?.(answer, question) ?? { points: 0, correct: false };

export { pointsFor };

export interface RankedPlayer {
  participantId: string;
  nickname: string;
  score: number;
  correct: number;
  rank: number;
  previousRank: number | null;
  moreTime: boolean;
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
      moreTime: p.moreTime ?? false,
    }))
    .sort((a, b) => a.rank - b.rank || a.nickname.localeCompare(b.nickname, 'es'));
}

/** The nickname's uniqueness key: nicknameKey (nickname.ts), by how the name looks. */
export function foldNickname(nickname: string): string {
  return nicknameKey(nickname);
}
