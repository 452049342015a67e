import { describe, expect, it } from 'vitest';
import { leadingGroup } from './leading.ts';

const options = (counts: (number | undefined)[]) =>
  counts.map((count, i) => ({ id: i + 1, ordinal: i + 1, count }));

describe('leadingGroup', () => {
  it('marks the one option with the top count', () => {
    const group = leadingGroup(options([2, 5, 1]));
    expect([...group.ids]).toEqual([2]);
    expect(group.tie).toBe(false);
  });

  it('puts every option tied at the top in one group, wherever they stand', () => {
    const group = leadingGroup(options([3, 1, 3, 0, 3]));
    expect([...group.ids]).toEqual([1, 3, 5]);
    expect(group.tie).toBe(true);
  });

  it('marks a tie of two as one tie group, not the options below it', () => {
    const group = leadingGroup(options([4, 4, 2, 2]));
    expect([...group.ids]).toEqual([1, 2]);
    expect(group.tie).toBe(true);
  });

  it('marks nothing when the top count is 0 or there are no counts', () => {
    expect(leadingGroup(options([0, 0, 0])).ids.size).toBe(0);
    expect(leadingGroup(options([undefined, undefined])).ids.size).toBe(0);
    expect(leadingGroup([]).ids.size).toBe(0);
    expect(leadingGroup(options([0, 0])).tie).toBe(false);
  });

  it('an option without a count (hidden) counts as 0', () => {
    expect([...leadingGroup(options([undefined, 1])).ids]).toEqual([2]);
  });
});
