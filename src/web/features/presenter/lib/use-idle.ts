import { useEffect, useState } from 'react';

/**
 * True after `ms` without pointer movement or a touch; false again at the next one. The
 * presenter's buttons fade while idle so the projected screen is clean.
 */
export function useIdle(ms: number, enabled: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setIdle(false);
      return;
    }
    let timer = setTimeout(() => setIdle(true), ms);
    const wake = () => {
      clearTimeout(timer);
      setIdle(false);
      timer = setTimeout(() => setIdle(true), ms);
    };
    const events = ['pointermove', 'pointerdown', 'focusin'] as const;
    for (const name of events) window.addEventListener(name, wake);
    return () => {
      clearTimeout(timer);
      for (const name of events) window.removeEventListener(name, wake);
    };
  }, [ms, enabled]);
  return idle;
}
