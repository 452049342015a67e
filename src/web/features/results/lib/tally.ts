import type { SummaryOption, SummaryQuestion } from '../../../../contract/summary.ts';
import { leadingGroup } from '../../../lib/leading.ts';
import { byOrdinal } from '../../../lib/order.ts';
import { traitsOf } from '../../../question-types/registry.ts';

/** Rounded share of a base; 0 when nobody answered (spec §5). */
export function percentOf(count: number, base: number): number {
  return base > 0 ? Math.round((count * 100) / base) : 0;
}

/**
 * What a percentage is a share of. Single and yes/no: the question's answers (one per person).
 * Multiple: the people who answered it, so 'Luz' chosen by all 3 voters is 100 %, and the
 * options may add up past 100 % (a person picks several). The type's module says which.
 */
export function percentBase(question: SummaryQuestion): number {
  return traitsOf(question.type).percentBase(question);
}

export type TalliedOption = Omit<SummaryOption, 'count'> & {
  count: number;
  percent: number;
  /** In the tie group at the top ('Más votada'). */
  leading: boolean;
  /** The top is shared: the mark says so. */
  tie: boolean;
};

/**
 * Options in the host's order, as the presenter shows them (issue 17: the spec sorted them by
 * count here, so the two screens disagreed and bars jumped places as votes arrived; the authored
 * order is also the one the phones showed). The options sharing the top count, above 0, lead.
 * A question whose counts are hidden has none to tally: callers show it hidden instead.
 */
export function tallyOptions(question: SummaryQuestion): TalliedOption[] {
  const base = percentBase(question);
  const group = leadingGroup(question.options);
  return byOrdinal(question.options).map((option) => {
    const count = option.count ?? 0;
    return {
      ...option,
      count,
      percent: percentOf(count, base),
      leading: group.ids.has(option.id),
      tie: group.tie,
    };
  });
}
