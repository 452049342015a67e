import type { Leaderboard } from '../../../contract/index.ts';
import type { PollRecord } from '../../store/store.ts';
import type { Standings } from '../quiz/game.ts';

/** What a quiz round keeps beside its summaries: its standings as they closed, and per closed
 *  question how many players were scored and how many of them were right. */
export interface RoundQuiz {
  leaderboard: Leaderboard;
  correct: { questionId: number; scored: number; correct: number }[];
}

/** The quiz's standings and correctness now (the current round's, or one about to close). */
export async function quizOfRound(standings: Standings, poll: PollRecord): Promise<RoundQuiz> {
  const view = await standings.of(poll);
  const leaderboard: Leaderboard = {
    entries: view.ranked.map((p) => ({
      rank: p.rank,
      nickname: p.nickname,
      score: p.score,
      correct: p.correct,
      previousRank: p.previousRank,
    })),
    players: view.ranked.length,
  };
  // Per closed question: players scored at its close, and those right.
  const correct = view.closedQuestionIds.map((questionId) => {
    let scored = 0;
    let right = 0;
    for (const mine of view.results.values()) {
      const r = mine.get(questionId);
      if (!r) continue;
      scored++;
      if (r.correct) right++;
    }
    return { questionId, scored, correct: right };
  });
  return { leaderboard, correct };
}

/** Whole percent of players right, per closed question. */
export function correctPercents(quiz: RoundQuiz | null): Map<number, number> {
  const percents = new Map<number, number>();
  for (const q of quiz?.correct ?? []) {
    if (q.scored > 0) percents.set(q.questionId, Math.round((100 * q.correct) / q.scored));
  }
  return percents;
}
