import { describe, expect, it } from 'vitest';
import {
  AdaptiveWindow,
  DEFAULT_WINDOW_POLICY,
  eventLoopLoad,
  windowFor,
} from './coalescing-window.ts';

describe('windowFor', () => {
  it('keeps a frame to a tenth of the time, between 10 and 200 ms', () => {
    expect(windowFor(0)).toBe(10);
    expect(windowFor(0.5)).toBe(10);
    expect(windowFor(2)).toBe(20);
    expect(windowFor(8)).toBe(80);
    expect(windowFor(25)).toBe(200);
    expect(windowFor(1000)).toBe(200);
  });

  it('follows its policy', () => {
    expect(windowFor(3, { ...DEFAULT_WINDOW_POLICY, costShare: 0.5, minMs: 0 })).toBe(6);
  });
});

describe('AdaptiveWindow', () => {
  const idle = () => 0;

  it('a classroom gets a short window, a hall the full one', () => {
    const room = new AdaptiveWindow(DEFAULT_WINDOW_POLICY, idle);
    room.recordLoad(0.4);
    room.recordBroadcast(0.8, 200);
    expect(room.ms).toBe(14);
    const hall = new AdaptiveWindow(DEFAULT_WINDOW_POLICY, idle);
    hall.recordLoad(0.4);
    hall.recordBroadcast(30, 5000);
    expect(hall.ms).toBe(200);
  });

  it('never goes below what the number of streams costs, however fast the write loop was', () => {
    const window = new AdaptiveWindow(DEFAULT_WINDOW_POLICY, idle);
    window.setStreams(5000);
    expect(window.ms).toBe(200);
    window.recordBroadcast(4, 5000);
    expect(window.ms).toBe(200);
    window.setStreams(1000);
    expect(window.ms).toBe(50);
    window.setStreams(100);
    expect(window.ms).toBe(40);
  });

  it('follows the median of recent costs, so one slow frame does not stretch it', () => {
    const window = new AdaptiveWindow(DEFAULT_WINDOW_POLICY, idle);
    for (const ms of [1, 1, 40, 1, 1]) window.recordBroadcast(ms, 200);
    expect(window.ms).toBe(10);
    for (const ms of [30, 30, 30]) window.recordBroadcast(ms, 5000);
    expect(window.ms).toBe(200);
  });
});

describe('a saturated server', () => {
  it('sends a hall fewer frames while ballots wait, never under two a second', () => {
    expect(windowFor(40, DEFAULT_WINDOW_POLICY, 0.5)).toBe(200);
    expect(windowFor(40, DEFAULT_WINDOW_POLICY, 0.95)).toBe(500);
    expect(windowFor(1000, DEFAULT_WINDOW_POLICY, 1)).toBe(500);
    // A classroom's frame stays cheap: its window grows with its cost, not to the cap.
    expect(windowFor(2, DEFAULT_WINDOW_POLICY, 0.95)).toBe(60);
  });

  it('leaves a fixed window fixed (LIVE_WINDOW_MIN_MS=200, the benchmarks\' "before" runs)', () => {
    const fixed = { ...DEFAULT_WINDOW_POLICY, minMs: DEFAULT_WINDOW_POLICY.maxMs };
    expect(windowFor(2, fixed, 0.95)).toBe(200);
    expect(windowFor(40, fixed, 1)).toBe(200);
  });

  it('follows the event loop as it is read now', () => {
    let busy = 0.95;
    const hall = new AdaptiveWindow(DEFAULT_WINDOW_POLICY, () => busy);
    hall.recordLoad(0.4);
    hall.recordBroadcast(40, 2000);
    expect(hall.ms).toBe(500);
    busy = 0.3;
    expect(hall.ms).toBe(200);
  });

  it('reads the real event loop: busy while it spins, idle while it waits', async () => {
    const load = eventLoopLoad();
    const spinUntil = performance.now() + 150;
    while (performance.now() < spinUntil) {
      // busy
    }
    expect(load()).toBeGreaterThan(0.9);
    await new Promise((r) => setTimeout(r, 150));
    expect(load()).toBeLessThan(0.2);
  });
});
