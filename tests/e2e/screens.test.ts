import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE } from '../helpers/browser.ts';
import { HomePage } from './pages/home-page.ts';
import { HostPage } from './pages/host-page.ts';
import { finiteAnimationsEnded } from './support/animations.ts';
import { type Seeded, setUpAppUnderTest, type Viewport } from './support/fixture.ts';

/** Issue 10: every screen explains itself, on a phone and on a laptop. */
const app = setUpAppUnderTest();

const LAPTOP = { width: 1280, height: 800 };
const VIEWPORTS: [string, Viewport][] = [
  ['390×844', PHONE],
  ['1280×800', LAPTOP],
];

function seed(title: string, status: Seeded['poll']['status'] = 'draft'): Promise<Seeded> {
  return app.seedPoll({
    title,
    status,
    questions: [
      { text: '¿Qué tema repasamos?', options: ['Fracciones', 'Decimales'] },
      { text: '¿Seguimos mañana?', type: 'yesno' },
    ],
  });
}

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not visible');
  return found;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The newest toast, once sonner's slide-in has settled. */
async function settledToast(page: Page): Promise<Box> {
  const toast = page.locator('[data-sonner-toast]').last();
  await toast.waitFor();
  // Sonner slides a toast in (0.4 s transitions) once it marks it mounted: waited for by their
  // end rather than by a fixed 700 ms.
  await expect.poll(() => toast.getAttribute('data-mounted')).toBe('true');
  await finiteAnimationsEnded(page);
  return box(toast);
}

/** Everything the console says, and uncaught errors, from now on. */
function listenToConsole(page: Page): string[] {
  const heard: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') {
      heard.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => heard.push(`pageerror: ${error.message}`));
  return heard;
}

describe.each(VIEWPORTS)('screens at %s', (_name, viewport) => {
  it('puts sharing and the status on the first screen of the panel', async () => {
    const seeded = await seed('Primera pantalla');
    const host = new HostPage(await app.newPage(viewport, seeded), app.server.url);
    await host.goto(seeded.slug);
    await host.waitForPanel();
    for (const name of ['Mostrar código QR', 'Copiar enlace de participación', 'Abrir encuesta']) {
      const { y, height } = await box(host.page.getByRole('button', { name }));
      expect(y + height, name).toBeLessThanOrEqual(viewport.height);
    }
    expect(await host.statusBadge().isVisible()).toBe(true);
  });

  it('keeps toasts off the header and off a dialog’s title and close button', async () => {
    const seeded = await seed('Avisos');
    const host = new HostPage(await app.newPage(viewport, seeded), app.server.url);
    const { page } = host;
    await host.goto(seeded.slug);
    await host.waitForPanel();
    const header = await box(page.getByRole('banner'));

    await page.getByRole('button', { name: 'Copiar enlace de participación' }).click();
    expect(overlaps(await settledToast(page), header)).toBe(false);
    await host.dismissToasts();

    await page.getByRole('button', { name: 'Mostrar código QR' }).click();
    const dialog = page.getByRole('dialog', { name: 'Código QR' });
    await dialog.getByTestId('qr-image').waitFor();
    await dialog.getByRole('button', { name: 'Copiar enlace' }).click();
    const toast = await settledToast(page);
    expect(overlaps(toast, header)).toBe(false);
    expect(overlaps(toast, await box(dialog.getByRole('button', { name: 'Cerrar' })))).toBe(false);
    expect(overlaps(toast, await box(dialog.getByRole('heading', { name: 'Código QR' })))).toBe(
      false,
    );
    // Bottom-centre on a phone, bottom-right on a laptop.
    expect(toast.y + toast.height).toBeGreaterThan(viewport.height - 120);
    if (viewport.width >= 768) expect(toast.x).toBeGreaterThan(viewport.width / 2);
    else expect(Math.abs(toast.x + toast.width / 2 - viewport.width / 2)).toBeLessThan(24);
  });

  it('titles each tab after its screen', async () => {
    const seeded = await seed('Clase del lunes', 'open');
    const page = await app.newPage(viewport, seeded);
    await page.goto(`${app.server.url}/`);
    await expect(page.title()).resolves.toBe('Sondeo');
    await page.goto(`${app.server.url}/host/${seeded.slug}`);
    await page.waitForFunction(() => document.title === 'Clase del lunes · Panel — Sondeo');
    await page.goto(`${app.server.url}/r/${seeded.slug}`);
    await page.waitForFunction(() => document.title === 'Clase del lunes · Resultados — Sondeo');
    await page.goto(`${app.server.url}/p/${seeded.slug}`);
    await page.waitForFunction(() => document.title === 'Clase del lunes · Votar — Sondeo');
    await page.goto(`${app.server.url}/no-existe`);
    await page.waitForFunction(() => document.title === 'Página no encontrada — Sondeo');
    // Moving inside the app sets the next screen's title.
    await page.getByRole('link', { name: 'Ir al inicio' }).click();
    await page.waitForFunction(() => document.title === 'Sondeo');

    const stranger = await app.newPage(viewport);
    await stranger.goto(`${app.server.url}/host/${seeded.slug}`);
    await stranger.waitForFunction(() => document.title === 'Acceso requerido — Sondeo');
  });

  it('says what private results mean for the poll’s status, and spares the host the toast', async () => {
    const seeded = await seed('Privada');
    const participant = await app.newPage(viewport);
    await participant.goto(`${app.server.url}/r/${seeded.slug}`);
    await participant.getByText(/La encuesta todavía no se ha abierto/).waitFor();
    const toast = participant
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Resultados privados' });
    await toast.filter({ hasText: 'La encuesta todavía no está abierta' }).waitFor();

    await app.setStatus(seeded, 'open');
    const later = await app.newPage(viewport);
    await later.goto(`${app.server.url}/r/${seeded.slug}`);
    await later.getByText(/Todos podrán verlos aquí cuando la cierre/).waitFor();
    await later
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'mientras la encuesta está abierta' })
      .waitFor();

    // The host sees the results themselves, with no 'Resultados privados' toast on the way.
    const host = await app.newPage(viewport, seeded);
    await host.goto(`${app.server.url}/r/${seeded.slug}`);
    await host.getByText('Esperando respuestas...').waitFor();
    await host.waitForTimeout(1000);
    expect(await host.locator('[data-sonner-toast]').count()).toBe(0);
  });

  it("gives the spec's toast for a blank title, by Enter and by the button", async () => {
    const page = await app.newPage(viewport);
    const home = new HomePage(page, app.server.url);
    await home.goto();
    await home.titleInput().fill('   ');
    await home.titleInput().press('Enter');
    await home.toast('El título de la encuesta es obligatorio');
    await page.evaluate(() => {
      for (const b of document.querySelectorAll<HTMLElement>(
        '[data-sonner-toast] [data-close-button]',
      ))
        b.click();
    });
    await page.waitForFunction(() => !document.querySelector('[data-sonner-toast]'));
    // The button looks disabled (aria-disabled) but still explains itself when pressed.
    expect(await home.submitButton().getAttribute('aria-disabled')).toBe('true');
    await home.submitButton().click({ force: true });
    await home.toast('El título de la encuesta es obligatorio');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it("'Volver atrás' on the 404 page goes home when there is no history", async () => {
    const page = await app.newPage(viewport);
    await page.goto(`${app.server.url}/enlace/roto`);
    await page.getByText('/enlace/roto').waitFor();
    await page.getByRole('button', { name: 'Volver atrás' }).click();
    await page.waitForURL(`${app.server.url}/`);
    await new HomePage(page, app.server.url).titleInput().waitFor();
  });

  it('logs no console warning or error on any screen', async () => {
    const seeded = await seed('Sin avisos', 'open');
    await app.api(`/polls/${seeded.slug}`, {
      method: 'PATCH',
      secret: seeded.secret,
      body: { settings: { resultsPublic: true } },
    });
    const page = await app.newPage(viewport, seeded);
    const heard = listenToConsole(page);
    const host = new HostPage(page, app.server.url);

    await new HomePage(page, app.server.url).goto();
    await host.goto(seeded.slug);
    await host.waitForPanel();
    await page.getByRole('button', { name: 'Mostrar código QR' }).click();
    await page.getByTestId('qr-image').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Código de presentador' }).click();
    await page.getByTestId('presenter-qr').waitFor();
    await page.keyboard.press('Escape');
    await page.goto(`${app.server.url}/r/${seeded.slug}`);
    await page.getByText('En vivo', { exact: true }).waitFor();
    await page.goto(`${app.server.url}/p/${seeded.slug}`);
    await page.getByRole('button', { name: 'Enviar respuestas' }).waitFor();
    await page.goto(`${app.server.url}/no-existe`);
    await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
    // A participant's view of a public results page, and the locked panel.
    const stranger = await app.newPage(viewport);
    heard.push(...listenToConsole(stranger));
    await stranger.goto(`${app.server.url}/r/${seeded.slug}`);
    await stranger.getByText('En vivo', { exact: true }).waitFor();
    await stranger.goto(`${app.server.url}/host/${seeded.slug}`);
    await new HostPage(stranger, app.server.url).accessRequired().waitFor();
    await page.waitForTimeout(300);
    expect(heard).toEqual([]);
  });
});
