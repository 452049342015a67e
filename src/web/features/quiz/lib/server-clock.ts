/**
 * The phone's and the projector's view of the server's clock. Every poll frame carries `now`
 * (the server's time when it wrote the frame); the moment this page saw the frame is measured
 * with its own clock. `now − seenAt` is the true offset minus the frame's travel time, which is
 * never negative, so the largest recent sample is the closest to the truth: a frame that waited
 * in a queue (a reconnect's replay, a slow hydration) can only make a sample smaller, never
 * pull the countdown ahead of the server.
 */
export type ClockSample = {
  /** The server's `now`, in ms since the epoch. */
  serverNow: number;
  /** This page's Date.now() when it saw the frame. */
  seenAt: number;
};

/** Samples older than this are dropped: a phone's clock may be set while the game runs. */
export const SAMPLE_LIFETIME_MS = 5 * 60_000;
/** Enough to ride out a burst of late frames; the list never grows with the game's length. */
export const MAX_SAMPLES = 20;

/** Keeps the samples worth keeping, newest last, with `sample` added. */
export function addSample(samples: readonly ClockSample[], sample: ClockSample): ClockSample[] {
  const fresh = samples.filter((s) => sample.seenAt - s.seenAt <= SAMPLE_LIFETIME_MS);
  return [...fresh, sample].slice(-MAX_SAMPLES);
}

/** Server time minus this page's time, in ms (0 with no sample: trust the local clock). */
export function clockOffset(samples: readonly ClockSample[]): number {
  if (samples.length === 0) return 0;
  return Math.max(...samples.map((s) => s.serverNow - s.seenAt));
}

/** Milliseconds left until `endsAt` (ISO 8601) by the server's clock, never below 0. */
export function remainingMs(endsAt: string, offsetMs: number, localNow: number): number {
  return Math.max(0, Date.parse(endsAt) - (localNow + offsetMs));
}

/** The whole seconds a countdown shows: 19.2 s left reads 20, as on the projector. */
export function secondsShown(remaining: number): number {
  return Math.ceil(remaining / 1000);
}

/**
 * The end of a live question for a player with 'Más tiempo' (WCAG 2.2.1, issue 27): twice its
 * limit from the start, the time the server takes that player's answer; null without a limit.
 */
export function extendedEnd(clock: { startedAt: string; endsAt: string | null }): string | null {
  if (!clock.endsAt) return null;
  const startedAt = Date.parse(clock.startedAt);
  return new Date(2 * Date.parse(clock.endsAt) - startedAt).toISOString();
}
