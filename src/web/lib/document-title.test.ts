import { describe, expect, it } from 'vitest';
import { es } from '../i18n/es.ts';
import { documentTitle } from './document-title.ts';

describe('documentTitle', () => {
  it('names the screen before the brand, so tabs of one poll tell apart', () => {
    expect(documentTitle()).toBe('Sondeo');
    expect(documentTitle(es.titles.panel('Clase'))).toBe('Clase · Panel — Sondeo');
    expect(documentTitle(es.titles.results('Clase'))).toBe('Clase · Resultados — Sondeo');
    expect(documentTitle(es.titles.vote('Clase'))).toBe('Clase · Votar — Sondeo');
    expect(documentTitle(es.titles.notFound)).toBe('Página no encontrada — Sondeo');
  });
});
