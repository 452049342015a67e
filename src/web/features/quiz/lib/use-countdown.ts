import { useEffect, useState } from 'react';
import { addSample, type ClockSample, clockOffset, remainingMs } from './server-clock.ts';

/**
 * The offset of the server's clock from this page's, learnt from the `now` of every poll frame
 * (see server-clock.ts). Measured when the frame reaches the screen, a few ms after the stream
 * wrote it to the cache: well inside the half second phones and projector must agree on.
 */
export function useServerOffset(now: string | undefined): number {
  const [samples, setSamples] = useState<readonly ClockSample[]>([]);
  useEffect(() => {
    const serverNow = now ? Date.parse(now) : Number.NaN;
    if (Number.isNaN(serverNow)) return;
    setSamples((current) => addSample(current, { serverNow, seenAt: Date.now() }));
  }, [now]);
  return clockOffset(samples);
}

/** Redrawn this often: a tenth of a second keeps the shown second within the 0.5 s allowed. */
const TICK_MS = 100;

/** Milliseconds left until `endsAt` by the server's clock; null without a limit (or a clock). */
export function useRemainingMs(endsAt: string | null | undefined, offsetMs: number): number | null {
  const [localNow, setLocalNow] = useState(() => Date.now());
  const running = !!endsAt && remainingMs(endsAt, offsetMs, localNow) > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setLocalNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  if (!endsAt) return null;
  // Read the clock at render too: a new question draws its full time at once, not a tick late.
  return remainingMs(endsAt, offsetMs, Math.max(localNow, Date.now()));
}
