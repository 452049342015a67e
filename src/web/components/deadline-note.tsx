import { useEffect, useState } from 'react';
import { deadlineWords, lastHourCountdown } from '../lib/deadline.ts';

/**
 * 'Entrega hasta el jueves 4, 23:59' under a homework's title, and 'Quedan 12:34' in its last
 * hour. The countdown is read aloud only when asked: a live region ticking every second
 * would drown a screen reader.
 */
export function DeadlineNote({ closesAt, offsetMs = 0 }: { closesAt: string; offsetMs?: number }) {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offsetMs), 1000);
    return () => clearInterval(timer);
  }, [offsetMs]);
  const countdown = lastHourCountdown(closesAt, now);
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 text-sm" data-testid="deadline-note">
      <span>Entrega hasta el {deadlineWords(closesAt)}</span>
      {countdown ? (
        <span className="font-semibold tabular-nums" data-testid="deadline-countdown">
          Quedan {countdown}
        </span>
      ) : null}
    </p>
  );
}
