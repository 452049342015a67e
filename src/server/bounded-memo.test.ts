import { describe, expect, it } from 'vitest';
import { BoundedMemo } from './bounded-memo.ts';

describe('BoundedMemo', () => {
  it('computes each input once while it is remembered', () => {
    const memo = new BoundedMemo<number>(10);
    let calls = 0;
    const length = (s: string) => {
      calls++;
      return s.length;
    };
    expect(memo.get('abc', length)).toBe(3);
    expect(memo.get('abc', length)).toBe(3);
    expect(calls).toBe(1);
  });

  it('never remembers a failure, so failures cost what they cost without it', () => {
    const memo = new BoundedMemo<number>(10);
    let calls = 0;
    const fail = () => {
      calls++;
      return undefined;
    };
    for (let i = 0; i < 5; i++) expect(memo.get('forged', fail)).toBeUndefined();
    expect(calls).toBe(5);
    expect(memo.size).toBe(0);
  });

  it('holds at most max answers, forgetting the oldest first', () => {
    const memo = new BoundedMemo<string>(3);
    for (const key of ['a', 'b', 'c', 'd']) memo.get(key, (k) => k.toUpperCase());
    expect(memo.size).toBe(3);
    let recomputed = '';
    memo.get('a', (k) => {
      recomputed = k;
      return k;
    });
    expect(recomputed).toBe('a');
    expect(memo.size).toBe(3);
    const none = new BoundedMemo<string>(0);
    expect(none.get('x', () => 'X')).toBe('X');
    expect(none.size).toBe(0);
  });
});

describe('BoundedMemo once full', () => {
  it('forgets the oldest in constant time: a full memo takes new keys as fast as an empty one', () => {
    // Finding the oldest with `map.keys().next()` walked every entry deleted since the map's
    // last rehash: at 100,000 entries each new key cost ~17 µs, ~100× the cost of filling.
    const max = 100_000;
    const memo = new BoundedMemo<number>(max);
    const keys = Array.from({ length: 2 * max }, (_, i) => `participant-${i}`);
    const started = performance.now();
    for (let i = 0; i < max; i++) memo.get(keys[i]!, () => i);
    const filling = performance.now() - started;
    for (let i = max; i < 2 * max; i++) memo.get(keys[i]!, () => i);
    const evicting = performance.now() - started - filling;
    expect(memo.size).toBe(max);
    // The newest are remembered, the oldest forgotten.
    expect(memo.get(keys[2 * max - 1]!, () => -1)).toBe(2 * max - 1);
    expect(memo.get(keys[max - 1]!, () => -1)).toBe(-1);
    expect(evicting).toBeLessThan(10 * Math.max(filling, 5));
  });
});
