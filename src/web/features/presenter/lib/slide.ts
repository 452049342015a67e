import type { SummaryOption, SummaryQuestion } from '../../../../contract/summary.ts';
import { leadingGroup } from '../../../lib/leading.ts';
import { byOrdinal } from '../../../lib/order.ts';
import { traitsOf } from '../../../question-types/registry.ts';

export type SlideOption = SummaryOption & {
  count: number;
  percent: number;
  /** In the tie group at the top ('Más votada'). */
  leading: boolean;
  /** The top is shared: the mark says so. */
  tie: boolean;
};

/**
 * Options in the host's order (a projected chart whose rows jump as votes arrive is hard to
 * follow from the back of a room; the results page keeps the same order), each with its
 * percentage and whether it is in the tie group at the top (none while the top count is 0).
 */
export function slideOptions(question: SummaryQuestion): SlideOption[] {
  // The people who answered a multiple question (its shares may sum past 100 %), the answers
  // otherwise (one per person); 0 when nobody answered.
  const base = traitsOf(question.type).percentBase(question);
  const group = leadingGroup(question.options);
  return byOrdinal(question.options).map((option) => {
    // The host always gets counts; absent ones (a hidden question to anyone else) count as 0.
    const count = option.count ?? 0;
    return {
      ...option,
      count,
      percent: base > 0 ? Math.round((count * 100) / base) : 0,
      leading: group.ids.has(option.id),
      tie: group.tie,
    };
  });
}
