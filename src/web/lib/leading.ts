/**
 * The tie group at the top of a count: the options marked 'Más votada'. Every option sharing
 * the top count belongs to it (a tie has no single leader, so one mark covers the group), and
 * there is no group while the top count is 0 (nobody voted: nothing leads).
 */
export type LeadingGroup = {
  /** The ids of the options in the group (empty when nothing leads). */
  ids: ReadonlySet<number>;
  /** More than one option shares the top count. */
  tie: boolean;
};

export function leadingGroup(options: readonly { id: number; count?: number }[]): LeadingGroup {
  const top = Math.max(0, ...options.map((o) => o.count ?? 0));
  if (top === 0) return { ids: new Set(), tie: false };
  const ids = new Set(options.filter((o) => (o.count ?? 0) === top).map((o) => o.id));
  return { ids, tie: ids.size > 1 };
}
