import { describe, expect, it } from 'vitest';
import { MissBudget } from './miss-budget.ts';

describe('MissBudget', () => {
  it('only failures spend it: the burst of misses, then the rate', () => {
    let now = 0;
    const budget = new MissBudget({ burst: 3, perSecond: 0.5 }, 100, () => now);
    // Any number of successful tries cost nothing: wait() alone never spends.
    for (let i = 0; i < 100; i++) expect(budget.wait('ip')).toBe(0);
    budget.miss('ip');
    budget.miss('ip');
    budget.miss('ip');
    expect(budget.wait('ip')).toBe(2);
    expect(budget.wait('other')).toBe(0);
    now += 2_000;
    expect(budget.wait('ip')).toBe(0);
  });

  it('holds at most maxKeys addresses', () => {
    const budget = new MissBudget({ burst: 1, perSecond: 0.001 }, 2, () => 0);
    budget.miss('a');
    budget.miss('b');
    budget.miss('c');
    // 'a' was forgotten: a fresh budget.
    expect(budget.wait('a')).toBe(0);
    expect(budget.wait('c')).toBeGreaterThan(0);
  });
});
