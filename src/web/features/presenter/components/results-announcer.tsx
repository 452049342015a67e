import { useEffect, useRef, useState } from 'react';

/** Screen readers hear the results at most this often, however fast votes arrive. */
export const ANNOUNCE_EVERY_MS = 5000;

/**
 * A polite live region that speaks the newest `message`, at most once per ANNOUNCE_EVERY_MS:
 * the first change at once, later ones gathered until the quiet time is over (the last wins).
 */
export function ResultsAnnouncer({ message }: { message: string }) {
  const [spoken, setSpoken] = useState('');
  const lastAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(message);
  latest.current = message;

  useEffect(() => {
    if (message === '' || timer.current) return;
    const wait = lastAt.current + ANNOUNCE_EVERY_MS - Date.now();
    const speak = () => {
      timer.current = undefined;
      lastAt.current = Date.now();
      setSpoken(latest.current);
    };
    if (wait <= 0) speak();
    else timer.current = setTimeout(speak, wait);
  }, [message]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div
      className="sr-only"
      aria-live="polite"
      aria-atomic="true"
      data-testid="presenter-announcer"
    >
      {spoken}
    </div>
  );
}
