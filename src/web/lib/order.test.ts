import { describe, expect, it } from 'vitest';
import { byOrdinal } from './order.ts';

describe('byOrdinal', () => {
  it('sorts by ordinal, then id', () => {
    const items = [
      { id: 3, ordinal: 2 },
      { id: 2, ordinal: 1 },
      { id: 1, ordinal: 1 },
    ];
    expect(byOrdinal(items).map((x) => x.id)).toEqual([1, 2, 3]);
  });

  it('leaves its input alone', () => {
    const items = [
      { id: 2, ordinal: 2 },
      { id: 1, ordinal: 1 },
    ];
    byOrdinal(items);
    expect(items.map((x) => x.id)).toEqual([2, 1]);
  });
});
