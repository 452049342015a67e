import { describe, expect, it } from 'vitest';
import { PHONE } from '../helpers/browser.ts';
import { HostPage } from './pages/host-page.ts';
import { HOST_SECRETS_KEY, setUpAppUnderTest } from './support/fixture.ts';

/**
 * Issue 24: 'Eliminar encuesta'. The host confirms, the poll is erased, the panel goes home and
 * 'Mis encuestas' no longer lists it; a phone that had it open says 'Encuesta no encontrada'
 * without a reload; its address answers 404.
 */
const app = setUpAppUnderTest();
const LAPTOP = { width: 1280, height: 800 };

describe('Eliminar encuesta', () => {
  it('asks first, erases the poll for everyone, and drops it from Mis encuestas', async () => {
    const gone = await app.seedPoll({
      title: 'Datos del grupo A',
      questions: [{ text: '¿Vienes mañana?', options: ['Sí', 'No'] }],
      status: 'open',
    });
    const kept = await app.seedPoll({ title: 'Grupo B se queda' });

    const phone = await app.newPage(PHONE);
    await phone.goto(`${app.server.url}/p/${gone.slug}`);
    await phone.getByText('¿Vienes mañana?').waitFor();

    const context = await app.newContext(LAPTOP, gone);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const host = new HostPage(page, app.server.url);
    await page.goto(app.server.url);
    await page.evaluate(
      ([key, slug, secret]) => {
        const map = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, string>;
        localStorage.setItem(key, JSON.stringify({ ...map, [slug]: secret }));
      },
      [HOST_SECRETS_KEY, kept.slug, kept.secret] as const,
    );
    await host.goto(gone.slug);
    await host.waitForPanel();

    // Cancelling keeps everything.
    await page.getByRole('button', { name: 'Eliminar encuesta' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Datos del grupo A');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await fetch(`${app.server.url}/api/v1/polls/${gone.slug}`)).status).toBe(200);

    await page.getByRole('button', { name: 'Eliminar encuesta' }).click();
    await host.confirm('Eliminar encuesta');
    await page.waitForURL(`${app.server.url}/`);
    await page.getByText('Encuesta eliminada').first().waitFor();

    const myPolls = page.getByRole('region', { name: 'Mis encuestas' });
    await myPolls.getByText('Grupo B se queda').waitFor();
    expect(await myPolls.getByText('Datos del grupo A').count()).toBe(0);
    // Each card shows the poll's 6-digit code.
    expect(await myPolls.getByTestId('my-poll-code').innerText()).toContain(kept.poll.joinCode);
    const stored = await page.evaluate((key) => localStorage.getItem(key), HOST_SECRETS_KEY);
    expect(stored).not.toContain(gone.slug);

    // The phone is told by its stream, no reload.
    await phone.getByRole('heading', { name: 'Encuesta no encontrada' }).waitFor();
    expect((await fetch(`${app.server.url}/api/v1/polls/${gone.slug}`)).status).toBe(404);
    // The panel's address is 'Encuesta no encontrada' now, even with the code typed in.
    await host.goto(gone.slug);
    await host.notFound().waitFor();
  });
});
