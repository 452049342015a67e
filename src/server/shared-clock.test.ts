import { describe, expect, it } from 'vitest';
import { SharedClock } from './shared-clock.ts';

describe('SharedClock', () => {
  it('charges a lone job its wall time', () => {
    let now = 0;
    const clock = new SharedClock(() => now);
    const began = clock.start();
    now = 120;
    expect(clock.end(began)).toBe(120);
  });

  it('charges overlapping jobs their share: the charges add up to the busy wall time', () => {
    let now = 0;
    const clock = new SharedClock(() => now);
    // 32 builds started together, all ending after 1 s of wall time: 1 s in all, not 32 s.
    const started = Array.from({ length: 32 }, () => clock.start());
    now = 1_000;
    const charges = started.map((began) => clock.end(began));
    const total = charges.reduce((sum, ms) => sum + ms, 0);
    expect(total).toBeCloseTo(1_000, 6);
    expect(Math.max(...charges)).toBeLessThanOrEqual(1_000);
  });

  it('splits only the time the jobs overlapped', () => {
    let now = 0;
    const clock = new SharedClock(() => now);
    const a = clock.start();
    now = 100; // a alone: 100
    const b = clock.start();
    now = 300; // both: 100 each
    expect(clock.end(a)).toBeCloseTo(200, 6);
    now = 350; // b alone: 50
    expect(clock.end(b)).toBeCloseTo(150, 6);
    // Idle time is nobody's.
    now = 1_000;
    const c = clock.start();
    now = 1_010;
    expect(clock.end(c)).toBeCloseTo(10, 6);
  });
});
