import { useEffect } from 'react';
import { esCore as es } from '../i18n/es-core.ts';

/**
 * '{page} — Sondeo', or just 'Sondeo': tabs of the panel, the results and the vote page of one
 * poll must not look alike. A pure function so server-rendered HTML can use the same title.
 */
export function documentTitle(page?: string | null): string {
  return page ? `${page} — ${es.brand}` : es.brand;
}

/** Sets the tab's title while the screen is shown (undefined: not known yet, keep 'Sondeo'). */
export function useDocumentTitle(page?: string | null): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
  useEffect(
    () => () => {
      document.title = documentTitle();
    },
    [],
  );
}
