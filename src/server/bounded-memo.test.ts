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
