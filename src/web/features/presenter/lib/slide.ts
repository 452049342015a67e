import type { SummaryOption, SummaryQuestion } from '../../../../contract/summary.ts';

export type SlideOption = SummaryOption & { count: number; percent: number; leading: boolean };

/**
 * The base of a percentage: the people who answered for a multiple question (its shares may sum
 * past 100 %), the answers otherwise (one per person); 0 when nobody answered.
 */
export function percentBase(question: SummaryQuestion): number {
  if (question.type === 'multiple') return question.respondents;
  return question.totalAnswers ?? question.options.reduce((sum, o) => sum + (o.count ?? 0), 0);
}

/**
 * Options in the host's order (a projected chart whose rows jump as votes arrive is hard to
 * follow from the back of a room), each with its percentage and whether it leads: every option
 * sharing the top count leads, provided that count is above 0.
 */
export function slideOptions(question: SummaryQuestion): SlideOption[] {
  const base = percentBase(question);
  // The host always gets counts; absent ones (a hidden question to anyone else) count as 0.
  const top = Math.max(0, ...question.options.map((o) => o.count ?? 0));
  return [...question.options]
    .sort((a, b) => a.ordinal - b.ordinal || a.id - b.id)
    .map((option) => {
      const count = option.count ?? 0;
      return {
        ...option,
        count,
        percent: base > 0 ? Math.round((count * 100) / base) : 0,
        leading: top > 0 && count === top,
      };
    });
}

/** Columns and type scale for `n` options, so every option fits a 16:9 screen unscrolled. */
export function optionLayout(n: number): { columns: 1 | 2 | 3; scale: number } {
  if (n <= 5) return { columns: 1, scale: 1 };
  if (n <= 10) return { columns: 2, scale: 1 };
  if (n <= 18) return { columns: 3, scale: 0.85 };
  return { columns: 3, scale: Math.max(0.5, 0.85 * Math.sqrt(18 / n)) };
}
