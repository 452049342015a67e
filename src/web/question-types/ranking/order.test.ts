import { describe, expect, it } from 'vitest';
import { isOrderOf, moveTo, shuffledOrder } from './order.ts';

const ids = [11, 12, 13, 14, 15, 16, 17, 18];

describe('shuffledOrder', () => {
  it('is the same for the same seed and question, and a permutation', () => {
    const a = shuffledOrder(ids, 'seed-a', 7);
    expect(shuffledOrder([...ids].reverse(), 'seed-a', 7)).toEqual(a);
    expect(isOrderOf(a, ids)).toBe(true);
  });

  it('differs between participants and between questions', () => {
    const a = shuffledOrder(ids, 'seed-a', 7);
    expect(shuffledOrder(ids, 'seed-b', 7)).not.toEqual(a);
    expect(shuffledOrder(ids, 'seed-a', 8)).not.toEqual(a);
  });
});

describe('moveTo', () => {
  it('moves one id, the others keep their order', () => {
    expect(moveTo([1, 2, 3, 4], 2, 0)).toEqual([3, 1, 2, 4]);
    expect(moveTo([1, 2, 3, 4], 0, 1)).toEqual([2, 1, 3, 4]);
    expect(moveTo([1, 2, 3, 4], 3, 9)).toEqual([1, 2, 3, 4]);
  });
});

describe('isOrderOf', () => {
  it('wants every id exactly once', () => {
    expect(isOrderOf([2, 1], [1, 2])).toBe(true);
    expect(isOrderOf([1, 1], [1, 2])).toBe(false);
    expect(isOrderOf([1], [1, 2])).toBe(false);
    expect(isOrderOf([1, 3], [1, 2])).toBe(false);
  });
});
