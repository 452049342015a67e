import type { SummaryOption, SummaryQuestion } from '../../../../contract/summary.ts';

/** Rounded share of a base; 0 when nobody answered (spec §5). */
export function percentOf(count: number, base: number): number {
  return base > 0 ? Math.round((count * 100) / base) : 0;
}

/**
 * What a percentage is a share of. Single and yes/no: the question's answers (one per person).
 * Multiple: the people who answered it, so 'Luz' chosen by all 3 voters is 100 %, and the
 * options may add up past 100 % (a person picks several).
 */
export function percentBase(question: SummaryQuestion): number {
  return question.type === 'multiple' ? question.respondents : (question.totalAnswers ?? 0);
}

export type RankedOption = Omit<SummaryOption, 'count'> & {
  count: number;
  percent: number;
  leading: boolean;
};

/**
 * Options by count, highest first (ties keep the host's order). Every option sharing the top
 * count is marked leading, provided that count is above 0: a tie has no single winner.
 * A question whose counts are hidden has none to rank: callers show it hidden instead.
 */
export function rankOptions(question: SummaryQuestion): RankedOption[] {
  const base = percentBase(question);
  const sorted = question.options
    .map((option) => ({ ...option, count: option.count ?? 0 }))
    .sort((a, b) => b.count - a.count || a.ordinal - b.ordinal || a.id - b.id);
  const top = sorted[0]?.count ?? 0;
  return sorted.map((option) => ({
    ...option,
    percent: percentOf(option.count, base),
    leading: top > 0 && option.count === top,
  }));
}
