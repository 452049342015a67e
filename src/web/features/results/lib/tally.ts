import type { SummaryOption, SummaryQuestion } from '../../../../contract/summary.ts';

/** Rounded share of the question's answers; 0 when nobody answered (spec §5). */
export function percentOf(count: number, totalAnswers: number): number {
  return totalAnswers > 0 ? Math.round((count * 100) / totalAnswers) : 0;
}

export type RankedOption = SummaryOption & { percent: number; leading: boolean };

/**
 * Options by count, highest first (ties keep the host's order). Every option sharing the top
 * count is marked leading, provided that count is above 0: a tie has no single winner.
 */
export function rankOptions(question: SummaryQuestion): RankedOption[] {
  const sorted = [...question.options].sort(
    (a, b) => b.count - a.count || a.ordinal - b.ordinal || a.id - b.id,
  );
  const top = sorted[0]?.count ?? 0;
  return sorted.map((option) => ({
    ...option,
    percent: percentOf(option.count, question.totalAnswers),
    leading: top > 0 && option.count === top,
  }));
}
