import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { PHONE } from '../helpers/browser.ts';
import { HomePage } from './pages/home-page.ts';
import { HostPage } from './pages/host-page.ts';
import { type Seeded, setUpAppUnderTest, type Viewport } from './support/fixture.ts';

/** Issue 10: the host never loses control of a poll. Every scenario on a phone and a laptop. */
const app = setUpAppUnderTest();

const LAPTOP = { width: 1280, height: 800 };
const VIEWPORTS: [string, Viewport][] = [
  ['390×844', PHONE],
  ['1280×800', LAPTOP],
];

function seed(title: string, questions = ['¿Qué tal?']): Promise<Seeded> {
  return app.seedPoll({
    title,
    questions: questions.map((text) => ({ text, options: ['A', 'B'] })),
  });
}

async function hostPage(viewport: Viewport, seeded?: Seeded): Promise<HostPage> {
  return new HostPage(await app.newPage(viewport, seeded), app.server.url);
}

/** Decodes the QR an <img> shows, as a phone's camera would. */
async function readQr(page: Page, testId: string): Promise<string | undefined> {
  const png = PNG.sync.read(await page.getByTestId(testId).screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

describe.each(VIEWPORTS)('host access at %s', (_name, viewport) => {
  it('a presenter link unlocks the panel in a fresh context and leaves no code in the URL', async () => {
    const seeded = await seed('Enlace de presentador');
    // The host's own browser shows the link (and a QR of it) in 'Código de presentador'.
    const owner = await hostPage(viewport, seeded);
    await owner.goto(seeded.slug);
    await owner.waitForPanel();
    await owner.page.getByRole('button', { name: 'Código de presentador' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Código de presentador' });
    const link = (await dialog.getByTestId('presenter-link').textContent()) ?? '';
    expect(link).toMatch(
      new RegExp(`/host/${seeded.slug}#codigo=${encodeURIComponent(seeded.secret)}$`),
    );
    await dialog.getByTestId('presenter-qr').waitFor();
    expect(await readQr(owner.page, 'presenter-qr')).toBe(link);

    // Another device opens it (here on the server's own address: the LAN one is not routable
    // from the test machine's loopback-only server).
    const other = await hostPage(viewport);
    const checked = other.page.waitForResponse((r) => r.url().endsWith(`/${seeded.slug}/host`));
    await other.gotoPresenterLink(seeded.slug, seeded.secret);
    expect((await checked).status()).toBe(204);
    await other.waitForPanel();
    const url = new URL(other.page.url());
    expect(url.pathname).toBe(`/host/${seeded.slug}`);
    expect(url.hash).toBe('');
    expect(other.page.url()).not.toContain(seeded.secret);
    expect(await other.storedSecrets()).toEqual({ [seeded.slug]: seeded.secret });
    // Back does not lead to the address with the code either.
    expect(await other.page.evaluate(() => window.history.length)).toBe(2);
  });

  it("a wrong code leaves 'Acceso requerido' and says 'Código incorrecto'", async () => {
    const seeded = await seed('Código equivocado');
    const host = await hostPage(viewport);
    await host.goto(seeded.slug);
    await host.accessRequired().waitFor();
    await host.unlockWithPrompt('codigo-incorrecto');
    await host.page.getByRole('alert').filter({ hasText: 'Código incorrecto' }).waitFor();
    expect(await host.accessRequired().isVisible()).toBe(true);
    expect(await host.page.getByRole('heading', { name: 'Preguntas' }).count()).toBe(0);
    expect(await host.storedSecrets()).toEqual({});

    // A wrong presenter link is refused the same way, and its code leaves the address bar.
    await host.gotoPresenterLink(seeded.slug, 'otro-codigo-malo');
    await host.page.getByText('Código incorrecto', { exact: true }).waitFor();
    expect(new URL(host.page.url()).hash).toBe('');
    expect(await host.storedSecrets()).toEqual({});

    // The right code still works after a wrong one.
    await host.unlockWithPrompt(seeded.secret);
    await host.waitForPanel();
  });

  it('a failed check says so and lets the host retry', async () => {
    const seeded = await seed('Sin red');
    const host = await hostPage(viewport);
    await host.goto(seeded.slug);
    await host.accessRequired().waitFor();
    await host.page.route('**/api/v1/polls/*/host', (route) => route.abort('internetdisconnected'));
    await host.unlockWithPrompt(seeded.secret);
    await host.page
      .getByRole('alert')
      .filter({ hasText: 'No se pudo comprobar el código' })
      .waitFor();
    expect(await host.storedSecrets()).toEqual({});
    await host.page.unroute('**/api/v1/polls/*/host');
    await host.page.getByRole('button', { name: 'Reintentar' }).click();
    await host.waitForPanel();
    expect(await host.storedSecrets()).toEqual({ [seeded.slug]: seeded.secret });
  });

  it("'Olvidar código' asks first: cancel keeps the panel, confirm locks it", async () => {
    const seeded = await seed('Olvidar');
    const host = await hostPage(viewport, seeded);
    await host.goto(seeded.slug);
    await host.waitForPanel();
    await host.forgetButton().click();
    const confirm = host.page.getByRole('alertdialog', {
      name: '¿Olvidar el código en este navegador?',
    });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('el código o el enlace de presentador');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await host.waitForPanel();
    expect(await host.storedSecrets()).toEqual({ [seeded.slug]: seeded.secret });

    await host.forgetCode();
    await host.accessRequired().waitFor();
    expect(await host.storedSecrets()).toEqual({});
  });

  it('after creating a poll the panel shows the code and presenter link once', async () => {
    const page = await app.newPage(viewport);
    const home = new HomePage(page, app.server.url);
    await home.goto();
    const slug = await home.createPoll('Guardar el código');
    const host = new HostPage(page, app.server.url);
    const card = page.getByRole('region', { name: 'Guarda tu código de presentador' });
    await card.waitFor();
    const secret = (await host.storedSecrets())[slug] ?? '';
    expect(await card.getByTestId('presenter-code').textContent()).toBe(secret);
    expect(await card.getByTestId('presenter-link').textContent()).toContain(
      `/host/${slug}#codigo=${secret}`,
    );
    expect(await card.textContent()).toContain('Sin este código no podrás administrar');
    await card.getByRole('button', { name: 'Copiar código' }).waitFor();
    await card.getByRole('button', { name: 'Ya lo guardé' }).click();
    await card.waitFor({ state: 'hidden' });
    await page.reload();
    await host.waitForPanel();
    expect(await card.count()).toBe(0);

    // A duplicate is a new poll with a new code: shown once too.
    await host.duplicate();
    await page.waitForURL((url) => !url.pathname.endsWith(slug));
    await card.waitFor();
  });

  it('opening a poll with no questions asks for confirmation', async () => {
    const seeded = await seed('Vacía', []);
    const host = await hostPage(viewport, seeded);
    await host.goto(seeded.slug);
    await host.waitForPanel();
    await host.openPoll();
    const confirm = host.page.getByRole('alertdialog', {
      name: '¿Abrir la encuesta sin preguntas?',
    });
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    expect(await host.statusBadge().textContent()).toBe('Borrador');
    await host.openPoll();
    await confirm.getByRole('button', { name: 'Abrir igualmente' }).click();
    await host.toast('Encuesta abierta');
    expect(await host.statusBadge().textContent()).toBe('Abierta');
  });
});
