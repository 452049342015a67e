import { describe, expect, it } from 'vitest';
import { PHONE } from '../helpers/browser.ts';
import { VotePage } from './pages/vote-page.ts';
import { setUpAppUnderTest } from './support/fixture.ts';

const app = setUpAppUnderTest();

const QUESTIONS = [
  { text: '¿Qué tan clara fue la explicación?', type: 'single', options: ['Muy clara', 'Confusa'] },
  { text: '¿Qué temas quieres repasar?', type: 'multiple', options: ['Derivadas', 'Límites'] },
  { text: '¿Te gustaría una sesión extra?', type: 'yesno' },
] as const;

/** Console errors and React's warnings (a hydration mismatch is reported as an error). */
function watchConsole(page: import('playwright-core').Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

describe('server-rendered participant pages', () => {
  it('show the title and every question with JavaScript disabled', async () => {
    const { slug } = await app.seedPoll({
      title: 'Clase de cálculo <3',
      questions: [...QUESTIONS],
      status: 'open',
    });
    const context = await app.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const response = await page.goto(`${app.server.url}/p/${slug}`);
      expect(response?.status()).toBe(200);
      await expect(page.title()).resolves.toBe('Clase de cálculo <3 · Votar — Sondeo');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'Clase de cálculo <3',
      );
      for (const question of QUESTIONS) {
        await page
          .getByRole('group', { name: new RegExp(`${question.text.replace('?', '\\?')}$`) })
          .waitFor();
      }
      await page.getByText('Derivadas', { exact: true }).waitFor();
      // The data for hydration is JSON in a non-executable element: no inline script.
      const inline = await page.locator('script:not([src]):not([type="application/json"])').count();
      expect(inline).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('render every state before scripts run: draft, closed, no questions, not found (404)', async () => {
    const draft = await app.seedPoll({ title: 'Borrador', questions: [...QUESTIONS] });
    const closed = await app.seedPoll({
      title: 'Cerrada',
      questions: [...QUESTIONS],
      status: 'closed',
    });
    const empty = await app.seedPoll({ title: 'Vacía', status: 'open' });
    const context = await app.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      for (const [slug, heading, status] of [
        [draft.slug, 'Encuesta no disponible', 200],
        [closed.slug, 'Encuesta finalizada', 200],
        [empty.slug, 'Sin preguntas', 200],
        ['noexiste', 'Encuesta no encontrada', 404],
      ] as const) {
        const response = await page.goto(`${app.server.url}/p/${slug}`);
        expect(response?.status(), slug).toBe(status);
        await page.getByRole('heading', { name: heading, exact: true, level: 1 }).waitFor();
      }
      // Private results: the 403 state, and no counts in the page.
      const response = await page.goto(`${app.server.url}/r/${draft.slug}`);
      expect(response?.status()).toBe(403);
      await page.getByRole('heading', { name: 'No se pudieron cargar los resultados' }).waitFor();
      expect(await page.content()).not.toContain('totalVotes');
    } finally {
      await context.close();
    }
  });

  it('hydrate without a console error or mismatch, then take a vote', async () => {
    const { slug } = await app.seedPoll({
      title: 'Clase de cálculo',
      settings: { resultsPublic: true },
      questions: [...QUESTIONS],
      status: 'open',
    });
    const page = await app.newPage(PHONE);
    const problems = watchConsole(page);
    const voter = new VotePage(page, app.server.url);
    await voter.goto(slug);
    await voter.vote({
      [QUESTIONS[0].text]: ['Muy clara'],
      [QUESTIONS[1].text]: ['Derivadas', 'Límites'],
      [QUESTIONS[2].text]: ['Sí'],
    });
    const summary = await app.api<{ totalVotes: number }>(`/polls/${slug}/summary`);
    expect(summary.totalVotes).toBe(1);

    // The results page, server-rendered with the counts (public), hydrates cleanly too.
    await page.goto(`${app.server.url}/r/${slug}`);
    await page.locator('[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByTestId('total-votes').filter({ hasText: '1' }).waitFor();
    await page.waitForTimeout(300);
    expect(problems).toEqual([]);
  });

  it('leave a poll too big to render in one piece to the client app, which still shows it', async () => {
    // Twelve questions of fifty 120-character options: ~90 KB of JSON, past RENDER_JSON_MAX.
    // Before: rendered on the server, ~0.2 ms of the event loop per KB in one piece (a 100 × 50
    // poll took ~200 ms and made 4 MB of HTML).
    const options = Array.from({ length: 50 }, (_, i) => `Opción ${i + 1} ${'y'.repeat(105)}`);
    const { slug } = await app.seedPoll({
      title: 'Encuesta enorme',
      settings: { resultsPublic: true },
      questions: Array.from({ length: 12 }, (_, i) => ({
        text: `Pregunta ${i + 1}`,
        type: 'single' as const,
        options,
      })),
      status: 'open',
    });
    for (const path of [`/p/${slug}`, `/r/${slug}`]) {
      const res = await fetch(`${app.server.url}${path}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).not.toContain('id="sondeo-state"');
      expect(html).not.toContain('Encuesta enorme');
    }
    const page = await app.newPage(PHONE);
    const problems = watchConsole(page);
    await page.goto(`${app.server.url}/p/${slug}`);
    await page.getByRole('heading', { level: 1, name: 'Encuesta enorme' }).waitFor();
    const voter = new VotePage(page, app.server.url);
    await voter.question('Pregunta 12').getByText(options[49]!, { exact: true }).waitFor();
    expect(problems).toEqual([]);
  });

  it('hydrate a quiz and a presenter-paced poll without an error (their lazy parts load after)', async () => {
    // Before: the lazy chunk of the quiz's game and of the paced form suspended the server's
    // render, and every phone logged React's error 419 while hydrating.
    const quiz = await app.seedPoll({
      title: 'Concurso de cálculo',
      settings: { quiz: true },
      questions: [{ text: '¿2 + 2?', type: 'single', options: ['3', '4'] }],
      status: 'open',
    });
    const paced = await app.seedPoll({
      title: 'Clase a ritmo',
      settings: { presenterPace: true },
      questions: [...QUESTIONS],
      status: 'open',
    });
    for (const [slug, shows] of [
      [quiz.slug, 'Tu apodo'],
      [paced.slug, 'Clase a ritmo'],
    ] as const) {
      const page = await app.newPage(PHONE);
      const problems = watchConsole(page);
      await page.goto(`${app.server.url}/p/${slug}`);
      await page.locator('[data-hydrated]').waitFor({ state: 'attached' });
      await page.getByText(shows).first().waitFor();
      await page.waitForTimeout(300);
      expect(problems).toEqual([]);
    }
  });
});
