import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE } from '../helpers/browser.ts';
import { HomePage } from './pages/home-page.ts';
import { axeViolations } from './support/axe.ts';
import { HOST_SECRETS_KEY, setUpAppUnderTest } from './support/fixture.ts';

/** Issue 17: 'Mis encuestas' on the home page, and participant navigation in the header. */
const app = setUpAppUnderTest();

const myPolls = (page: Page) => page.getByRole('region', { name: 'Mis encuestas' });
const cards = (page: Page) => myPolls(page).getByRole('listitem');

describe('Mis encuestas', () => {
  it('lists the polls created in this browser after a reload, and forgets one when asked', async () => {
    const page = await app.newPage(PHONE);
    const home = new HomePage(page, app.server.url);
    await home.goto();
    // A browser holding no code has no section and no header link.
    expect(await myPolls(page).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Mis encuestas' }).count()).toBe(0);

    const first = await home.createPoll('Repaso de fotosíntesis');
    await home.goto();
    const second = await home.createPoll('Tutoría del martes');
    await page.reload();
    await page.getByRole('link', { name: 'Mis encuestas' }).click();
    await page.waitForURL(/\/#mis-encuestas$/);
    await cards(page).nth(1).waitFor();
    // Newest change first, each with its status, counts and actions.
    expect(await cards(page).getByRole('heading').allTextContents()).toEqual([
      'Tutoría del martes',
      'Repaso de fotosíntesis',
    ]);
    const newest = cards(page).first();
    expect(await newest.textContent()).toContain('Borrador');
    expect(await newest.textContent()).toContain('0 preguntas · 0 participantes');
    expect(await newest.getByRole('link', { name: 'Abrir panel' }).getAttribute('href')).toBe(
      `/host/${second}`,
    );
    expect(await newest.getByRole('link', { name: 'Presentar' }).getAttribute('href')).toBe(
      `/present/${second}`,
    );
    expect(await newest.getByRole('link', { name: 'Resultados' }).getAttribute('href')).toBe(
      `/r/${second}`,
    );
    expect(await axeViolations(page)).toEqual([]);

    // Removing asks first; cancelling keeps it.
    const remove = newest.getByRole('button', { name: /^Quitar «Tutoría del martes»/ });
    await remove.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    expect(await cards(page).count()).toBe(2);
    await remove.click();
    await dialog.getByRole('button', { name: 'Quitar de este dispositivo' }).click();
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await cards(page).getByRole('heading').textContent()).toBe('Repaso de fotosíntesis');
    // Focus stays in the section, not on the page's body.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Mis encuestas');

    // Only the code is forgotten: the poll is still there, and the list stays short on reload.
    const stored = await page.evaluate((key) => localStorage.getItem(key), HOST_SECRETS_KEY);
    expect(Object.keys(JSON.parse(stored ?? '{}'))).toEqual([first]);
    expect((await page.request.get(`${app.server.url}/api/v1/polls/${second}`)).status()).toBe(200);
    await page.reload();
    await cards(page).first().waitFor();
    expect(await cards(page).count()).toBe(1);
  });

  it('shows a poll that no longer opens as such, and removes it', async () => {
    const seeded = await app.seedPoll({
      title: 'Sigue aquí',
      questions: [{ text: '¿Sí?', type: 'yesno' }],
    });
    const page = await app.newPage({ width: 1280, height: 800 }, seeded);
    await page.addInitScript((key) => {
      const map = JSON.parse(localStorage.getItem(key) ?? '{}');
      localStorage.setItem(key, JSON.stringify({ ...map, zzzzzzzz: 'codigo-de-una-borrada' }));
    }, HOST_SECRETS_KEY);
    await page.goto(`${app.server.url}/`);
    await cards(page).nth(1).waitFor();
    const gone = cards(page).filter({ hasText: 'Esta encuesta ya no existe' });
    expect(await gone.count()).toBe(1);
    expect(await gone.getByRole('link').count()).toBe(0);
    expect(await cards(page).first().getByRole('heading').textContent()).toBe('Sigue aquí');
    expect(await cards(page).first().textContent()).toContain('1 pregunta · 0 participantes');
    expect(await axeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeViolations(page)).toEqual([]);
    await gone.getByRole('button', { name: /^Quitar/ }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Quitar de este dispositivo' })
      .click();
    await expect.poll(() => cards(page).count()).toBe(1);
  });
});

describe('participant navigation', () => {
  it("offers 'Panel' only to a browser that holds the poll's code", async () => {
    const seeded = await app.seedPoll({
      title: 'Navegación',
      questions: [{ text: '¿Sí?', type: 'yesno' }],
      status: 'open',
    });
    const nav = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });

    const participant = await app.newPage(PHONE);
    await participant.goto(`${app.server.url}/p/${seeded.slug}`);
    await participant.locator('[data-hydrated]').waitFor();
    await nav(participant).getByRole('link', { name: 'Resultados' }).waitFor();
    expect(await nav(participant).getByRole('link', { name: 'Panel' }).count()).toBe(0);
    expect(await nav(participant).getByRole('link', { name: 'Mis encuestas' }).count()).toBe(0);

    const host = await app.newPage(PHONE, seeded);
    await host.goto(`${app.server.url}/p/${seeded.slug}`);
    await host.locator('[data-hydrated]').waitFor();
    await nav(host).getByRole('link', { name: 'Panel' }).waitFor();
    // Its 'Mis encuestas' leads to the list on the home page, scrolled into view.
    await nav(host).getByRole('link', { name: 'Mis encuestas' }).click();
    await host.waitForURL(/\/#mis-encuestas$/);
    await cards(host).first().waitFor();
    await expect
      .poll(async () => (await myPolls(host).boundingBox())?.y ?? -1)
      .toBeLessThan(PHONE.height / 2);
    expect((await myPolls(host).boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
  });
});
