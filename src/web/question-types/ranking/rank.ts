import type { SummaryOption, SummaryQuestion } from '../../../contract/summary.ts';
import { byOrdinal } from '../../lib/order.ts';

export type RankedOption = SummaryOption & {
  /** 1-based place by mean place (ties share the order the host authored). */
  place: number;
  meanRank: number | null;
  points: number;
  positions: number[];
  /** Points as a share of the most an option can get (everyone put it first), 0–100. */
  percent: number;
};

/**
 * A ranking's options by mean place, best first (an option nobody placed goes last), each with
 * its share of the most points it could have: the bar the results and the projector draw.
 */
export function rankOptions(question: SummaryQuestion): RankedOption[] {
  const n = question.options.length;
  const most = question.respondents * n;
  return byOrdinal(question.options)
    .map((option) => ({
      ...option,
      meanRank: option.meanRank ?? null,
      points: option.points ?? 0,
      positions: option.positions ?? Array.from({ length: n }, () => 0),
      percent: most > 0 ? Math.round(((option.points ?? 0) * 100) / most) : 0,
    }))
    .sort(
      (a, b) => (a.meanRank ?? Number.POSITIVE_INFINITY) - (b.meanRank ?? Number.POSITIVE_INFINITY),
    )
    .map((option, index) => ({ ...option, place: index + 1 }));
}
