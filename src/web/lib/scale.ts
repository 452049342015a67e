import type { SummaryQuestion } from '../../contract/summary.ts';

export type ScaleColumn = {
  value: number;
  count: number;
  /** Share of the answers, rounded (spec §5's percentage). */
  percent: number;
  /** Height of its bar (0..1): share of the most chosen value, so the tallest bar fills the
   *  chart; at least MIN_BAR when anyone chose it, so a single answer still shows. */
  height: number;
  /** The name of this end of the scale ('Nada', 'Mucho'), null elsewhere or without one. */
  label: string | null;
};

export type ScaleResult = {
  max: number;
  columns: ScaleColumn[];
  answers: number;
  average: number | null;
  minLabel: string | null;
  maxLabel: string | null;
};

/** The shortest bar of a value someone chose: a sliver, not nothing, beside a tall one. */
const MIN_BAR = 0.02;

/** A scale question's distribution, 1..max in order, for the results page and the presenter. */
export function scaleResult(question: SummaryQuestion): ScaleResult {
  const max = question.scale?.max ?? question.values?.length ?? 5;
  const minLabel = question.scale?.minLabel ?? null;
  const maxLabel = question.scale?.maxLabel ?? null;
  const counts = new Map((question.values ?? []).map((v) => [v.value, v.count]));
  const answers = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const top = Math.max(0, ...counts.values());
  const columns = Array.from({ length: max }, (_, i) => {
    const value = i + 1;
    const count = counts.get(value) ?? 0;
    return {
      value,
      count,
      percent: answers > 0 ? Math.round((count * 100) / answers) : 0,
      height: count > 0 ? Math.max(count / top, MIN_BAR) : 0,
      label: value === 1 ? minLabel : value === max ? maxLabel : null,
    };
  });
  return { max, columns, answers, average: question.average ?? null, minLabel, maxLabel };
}
