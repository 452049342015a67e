import { useCallback, useEffect } from 'react';
import { es } from '../i18n/es.ts';
import { useIsFullscreen } from './fullscreen.ts';
import { notify } from './toast.ts';

/**
 * Fullscreen of the whole document (results page, presenter's `F`), so the layout can hide its
 * header (it watches the same); a browser that refuses says so (spec §8's toast). Not in
 * fullscreen.ts: the phone pages import that one and must not carry the host's strings.
 */
export function useFullscreen(): { active: boolean; toggle: () => Promise<void> } {
  const active = useIsFullscreen();
  const toggle = useCallback(async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      // iPhone Safari has no requestFullscreen at all: calling it throws, which lands below.
      else await document.documentElement.requestFullscreen();
    } catch {
      notify.error(es.results.fullscreenError, {
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
