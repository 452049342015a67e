/**
 * Questions and options in the host's order (spec: "sorted by ordinal"). The id breaks ties, so
 * two items that briefly share an ordinal (mid-reorder, a live edit) never swap places on screen.
 */
export function byOrdinal<T extends { ordinal: number; id: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.ordinal - b.ordinal || a.id - b.id);
}
