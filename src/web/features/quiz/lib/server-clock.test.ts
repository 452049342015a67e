import { describe, expect, it } from 'vitest';
import {
  addSample,
  type ClockSample,
  clockOffset,
  MAX_SAMPLES,
  remainingMs,
  SAMPLE_LIFETIME_MS,
  secondsShown,
} from './server-clock.ts';

const SERVER_START = Date.parse('2026-11-25T19:00:00.000Z');

/** A frame the server wrote at `server` ms after SERVER_START, seen `travel` ms later by a
 *  phone whose clock is `skew` ms ahead of the server's. */
function seen(server: number, travel: number, skew: number): ClockSample {
  return { serverNow: SERVER_START + server, seenAt: SERVER_START + server + travel + skew };
}

describe('server clock correction', () => {
  it('puts a phone 30 s fast or slow on the server time, within the travel time', () => {
    for (const skew of [30_000, -30_000, 0]) {
      const samples = [seen(0, 120, skew), seen(5000, 40, skew), seen(9000, 300, skew)];
      const estimate = clockOffset(samples.reduce<ClockSample[]>(addSample, []));
      // The best sample (40 ms of travel) is 40 ms short of the true offset (−skew).
      expect(estimate).toBe(-skew - 40);
    }
  });

  it('agrees with the server on the seconds left within half a second despite ±30 s of skew', () => {
    const endsAt = new Date(SERVER_START + 20_000).toISOString();
    for (const skew of [30_000, -30_000]) {
      const samples = [seen(0, 200, skew), seen(1000, 60, skew)].reduce<ClockSample[]>(
        addSample,
        [],
      );
      const offset = clockOffset(samples);
      // 7.3 s into the question by the server's clock, read on the phone's own clock.
      const phoneNow = SERVER_START + 7300 + skew;
      const left = remainingMs(endsAt, offset, phoneNow);
      expect(Math.abs(left - 12_700)).toBeLessThanOrEqual(500);
      expect(secondsShown(left)).toBe(13);
    }
  });

  it('keeps the largest recent sample: a replayed, old frame cannot pull the clock back', () => {
    let samples = addSample([], seen(10_000, 50, 0));
    // A frame replayed after a reconnect: written long ago, seen now.
    samples = addSample(samples, { serverNow: SERVER_START, seenAt: SERVER_START + 10_100 });
    expect(clockOffset(samples)).toBe(-50);
  });

  it('forgets samples older than their lifetime, so a clock set by hand is followed', () => {
    let samples = addSample([], seen(0, 10, 0));
    // The phone's clock is set back 60 s; later frames show the new offset.
    samples = addSample(samples, seen(SAMPLE_LIFETIME_MS + 1000, 10, -60_000));
    expect(clockOffset(samples)).toBe(60_000 - 10);
  });

  it('keeps at most MAX_SAMPLES', () => {
    let samples: ClockSample[] = [];
    for (let i = 0; i < MAX_SAMPLES + 5; i++) samples = addSample(samples, seen(i * 100, 10, 0));
    expect(samples).toHaveLength(MAX_SAMPLES);
    expect(samples.at(-1)?.serverNow).toBe(SERVER_START + (MAX_SAMPLES + 4) * 100);
  });

  it('trusts the local clock before any frame, and never counts below zero', () => {
    expect(clockOffset([])).toBe(0);
    const endsAt = new Date(SERVER_START).toISOString();
    expect(remainingMs(endsAt, 0, SERVER_START + 5000)).toBe(0);
    expect(secondsShown(19_001)).toBe(20);
    expect(secondsShown(0)).toBe(0);
  });
});
