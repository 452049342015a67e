import { describe, expect, it } from 'vitest';
import { AdaptiveWindow, DEFAULT_WINDOW_POLICY, windowFor } from './coalescing-window.ts';

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
  it('a classroom gets a short window, a hall the full one', () => {
    const room = new AdaptiveWindow();
    room.recordLoad(0.4);
    room.recordBroadcast(0.8, 200);
    expect(room.ms).toBe(14);
    const hall = new AdaptiveWindow();
    hall.recordLoad(0.4);
    hall.recordBroadcast(30, 5000);
    expect(hall.ms).toBe(200);
  });

  it('never goes below what the number of streams costs, however fast the write loop was', () => {
    const window = new AdaptiveWindow();
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
    const window = new AdaptiveWindow();
    for (const ms of [1, 1, 40, 1, 1]) window.recordBroadcast(ms, 200);
    expect(window.ms).toBe(10);
    for (const ms of [30, 30, 30]) window.recordBroadcast(ms, 5000);
    expect(window.ms).toBe(200);
  });
});
