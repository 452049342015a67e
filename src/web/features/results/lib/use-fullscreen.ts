import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { es } from '../../../i18n/es.ts';

/** Fullscreen of the whole document, so the layout can hide its header (it watches the same). */
export function useFullscreen(): { active: boolean; toggle: () => Promise<void> } {
  const [active, setActive] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const update = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = useCallback(async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      // iPhone Safari has no requestFullscreen at all: calling it throws, which lands below.
      else await document.documentElement.requestFullscreen();
    } catch {
      toast.error(es.results.fullscreenError, {
        description: es.results.fullscreenErrorDescription,
      });
    }
  }, []);
  return { active, toggle };
}

/** Forces the dark token set on the whole page while `enabled`; restores it on exit. */
export function useDarkTheme(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const root = document.documentElement;
    root.classList.add('dark');
    return () => root.classList.remove('dark');
  }, [enabled]);
}
