import { describe, expect, it } from 'vitest';
import { HOST_SECRETS_KEY, setUpAppUnderTest } from './support/fixture.ts';

/**
 * Issue 24: a double click on 'Crear encuesta' made two polls, on 'Agregar pregunta' two
 * questions. The web app sends one Idempotency-Key per action, the server makes one.
 */
const app = setUpAppUnderTest();
const LAPTOP = { width: 1280, height: 800 };

describe('a double click', () => {
  it("on 'Crear encuesta' makes one poll, on 'Agregar pregunta' one question", async () => {
    const page = await app.newPage(LAPTOP);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (
        request.method() === 'POST' &&
        /\/api\/v1\/polls(\/[^/]+\/questions)?$/.test(request.url())
      ) {
        sent.push(request.headers()['idempotency-key'] ?? '(none)');
      }
    });
    await page.goto(app.server.url);
    await page.getByLabel('Título de la encuesta').fill('Doble clic');
    await page.getByRole('button', { name: 'Crear encuesta' }).dblclick();
    await page.waitForURL(/\/host\//);
    await page.getByRole('heading', { name: 'Preguntas', exact: true }).waitFor();
    const stored = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, string>,
      HOST_SECRETS_KEY,
    );
    // One poll's code in this browser: a second poll would have stored its own.
    expect(Object.keys(stored)).toHaveLength(1);
    const [slug, secret] = Object.entries(stored)[0] ?? [];

    await page.getByLabel('Texto de la pregunta').fill('¿Una sola vez?');
    await page.getByLabel('Tipo de pregunta').selectOption('yesno');
    await page.getByRole('button', { name: 'Agregar pregunta' }).dblclick();
    await page.getByText('Pregunta creada').first().waitFor();
    // Whatever reached the server, every request carried a key.
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent).not.toContain('(none)');

    const read = await app.api<{ questions: unknown[] }>(`/polls/${slug}`, { secret });
    expect(read.questions).toHaveLength(1);
    await page.reload();
    await page.getByRole('heading', { name: 'Preguntas', exact: true }).waitFor();
    expect(await page.getByText('¿Una sola vez?').count()).toBe(1);
  });
});
