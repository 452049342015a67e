import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, PROJECTOR } from '../helpers/browser.ts';
import { setUpAppUnderTest, type Viewport } from './support/fixture.ts';

/**
 * Issue 24, bad links: /present/ZZZZ and /host/ZZZZ asked for a presenter code ('Acceso
 * requerido') for a poll that does not exist, and /999999 (a join code that leads nowhere) went
 * home without a word anyone would see.
 */
const app = setUpAppUnderTest();
const VIEWPORTS: [string, Viewport][] = [
  ['390×844', PHONE],
  ['1920×1080', PROJECTOR],
];

/** The element's box lies within the window, as a person looking at the screen would see it. */
async function inView(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
  });
}

describe.each(VIEWPORTS)('bad links at %s', (_name, viewport) => {
  it.each(['/present/ZZZZ', '/host/ZZZZ'])(
    "%s says 'Encuesta no encontrada', not 'Acceso requerido'",
    async (path) => {
      const page = await app.newPage(viewport);
      await page.goto(`${app.server.url}${path}`);
      await page.getByRole('heading', { name: 'Encuesta no encontrada' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Acceso requerido' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Volver al inicio' }).isVisible()).toBe(true);
    },
  );

  it('an existing poll without a stored code still asks for it', async () => {
    const seeded = await app.seedPoll({ title: 'Existe' });
    for (const path of [`/host/${seeded.slug}`, `/present/${seeded.slug}`]) {
      const page = await app.newPage(viewport);
      await page.goto(`${app.server.url}${path}`);
      await page.getByRole('heading', { name: 'Acceso requerido' }).waitFor();
    }
  });

  it('an unknown join code says so, in view, with the code', async () => {
    const page = await app.newPage(viewport);
    await page.goto(`${app.server.url}/999999`);
    const notice = page.getByTestId('join-link-not-found');
    await notice.waitFor();
    expect(await notice.getAttribute('role')).toBe('alert');
    expect(await notice.innerText()).toContain('Código no encontrado');
    expect(await notice.innerText()).toContain('999999');
    expect(await inView(page, 'join-link-not-found')).toBe(true);
    // The field holds the code, ready to be corrected.
    expect(await page.getByLabel('Código de la encuesta').inputValue()).toBe('999999');
  });
});
