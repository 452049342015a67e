import { useEffect, useRef, useState } from 'react';
import { esQuiz } from '../../../../i18n/es-quiz.ts';
import { cn } from '../../../../lib/cn.ts';
import { secondsShown } from '../../lib/server-clock.ts';

/** Screen readers hear the time left at these seconds only (design.md 'Quiz'). */
const ANNOUNCED_AT = [10, 5] as const;

type CountdownProps = {
  /** Milliseconds left by the server's clock; null without a time limit. */
  remaining: number | null;
  /** The question's limit in seconds, for the ring; null without one. */
  limit: number | null;
  label: string;
  className?: string;
  /** The number's size; the ring follows the box. */
  numberClassName?: string;
};

/**
 * The seconds left, in a `role="timer"` element (not live: a number read every second would
 * drown the question), with a separate polite region that says 'Quedan 10 segundos' and
 * 'Quedan 5 segundos' once each. The ring drains with the time, without motion when the
 * system asks for less.
 */
export function Countdown({ remaining, limit, label, className, numberClassName }: CountdownProps) {
  const seconds = remaining === null ? null : secondsShown(remaining);
  const announcement = useThresholdAnnouncement(seconds);
  const fraction = remaining === null || !limit ? 1 : Math.min(1, remaining / (limit * 1000));
  return (
    <div className={cn('relative flex aspect-square items-center justify-center', className)}>
      <svg
        className="absolute inset-0 size-full -rotate-90"
        viewBox="0 0 100 100"
        aria-hidden="true"
      >
        <circle cx="50" cy="50" r="45" fill="none" strokeWidth="8" className="stroke-bar-track" />
        <circle
          cx="50"
          cy="50"
          r="45"
          fill="none"
          strokeWidth="8"
          strokeLinecap="round"
          pathLength={100}
          strokeDasharray="100"
          strokeDashoffset={100 - fraction * 100}
          className="stroke-primary transition-[stroke-dashoffset] duration-100 ease-linear motion-reduce:transition-none"
        />
      </svg>
      <div
        role="timer"
        aria-label={label}
        className={cn('relative font-extrabold tabular-nums', numberClassName)}
        data-testid="quiz-countdown"
        // The exact time left, for tests comparing screens within the 0.5 s allowed.
        data-remaining-ms={remaining === null ? undefined : Math.round(remaining)}
      >
        {/* Three digits (up to 300 s) get a smaller size, inside the same ring. */}
        <span className={seconds !== null && seconds >= 100 ? 'text-[0.7em]' : undefined}>
          {seconds === null ? '∞' : seconds}
        </span>
        {seconds === null ? <span className="sr-only">{esQuiz.phone.noLimit}</span> : null}
      </div>
      <div className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </div>
  );
}

/** 'Quedan 10 segundos' when the count reaches 10, then 5; never for a question shown with
 *  less time than that left (a reload at 3 s hears nothing). */
function useThresholdAnnouncement(seconds: number | null): string {
  const [message, setMessage] = useState('');
  const previous = useRef(seconds);
  useEffect(() => {
    const before = previous.current;
    previous.current = seconds;
    if (seconds === null || before === null) return;
    const crossed = ANNOUNCED_AT.find((mark) => before > mark && seconds <= mark);
    if (crossed !== undefined) setMessage(esQuiz.phone.secondsLeft(crossed));
  }, [seconds]);
  return message;
}
