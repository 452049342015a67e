import type { SummaryQuestion } from '../../../contract/summary.ts';

export type NumberResult = {
  decimals: number;
  unit: string | null;
  bins: { from: number; to: number; count: number }[];
  /** The tallest bin's count (at least 1): the bars' scale. */
  tallest: number;
  median: number | null;
  mean: number | null;
  min: number | null;
  max: number | null;
  /** Quiz: the accepted band, once the caller may know it. */
  band: { from: number; to: number } | null;
  correctValue: number | null;
  tolerance: number | null;
  /** Where a value falls along the histogram, 0–100 (clamped): the median's and band's marks. */
  at: (value: number) => number;
};

/** A number question's summary as its histogram draws it. */
export function numberResult(question: SummaryQuestion): NumberResult {
  const settings = question.number ?? { min: 0, max: 1, decimals: 0, unit: null };
  const bins = question.histogram ?? [];
  const low = bins[0]?.from ?? settings.min;
  const high = bins.at(-1)?.to ?? settings.max;
  const at = (value: number) =>
    high > low ? Math.min(100, Math.max(0, ((value - low) * 100) / (high - low))) : 0;
  const correctValue = question.correctValue ?? null;
  const tolerance = question.tolerance ?? null;
  return {
    decimals: settings.decimals,
    unit: settings.unit,
    bins,
    tallest: Math.max(1, ...bins.map((b) => b.count)),
    median: question.median ?? null,
    mean: question.mean ?? null,
    min: question.min ?? null,
    max: question.max ?? null,
    band:
      correctValue === null
        ? null
        : { from: correctValue - (tolerance ?? 0), to: correctValue + (tolerance ?? 0) },
    correctValue,
    tolerance,
    at,
  };
}
