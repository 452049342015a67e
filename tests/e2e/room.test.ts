import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, PROJECTOR } from '../helpers/browser.ts';
import { HostPage } from './pages/host-page.ts';
import { ResultsPage } from './pages/results-page.ts';
import { VotePage } from './pages/vote-page.ts';
import { type Seeded, setUpAppUnderTest } from './support/fixture.ts';

/** Issue 9 in Chromium: join codes, hidden results, the participant's answers, long words. */

const app = setUpAppUnderTest();
const SHOTS = process.env.ROOM_SHOTS ?? '/tmp/room-shots';
mkdirSync(SHOTS, { recursive: true });
const LAPTOP = { width: 1280, height: 800 };

const Q1 = '¿Vienes mañana?';
const Q2 = '¿Qué traes?';

function openPoll(settings: Record<string, boolean> = {}, title = 'Excursión'): Promise<Seeded> {
  return app.seedPoll({
    title,
    settings,
    status: 'open',
    questions: [
      { text: Q1, type: 'yesno' },
      { text: Q2, type: 'multiple', options: ['Agua', 'Fruta', 'Luz'] },
    ],
  });
}

async function voteApi(seeded: Seeded, picks: [number, number[]][]): Promise<void> {
  await app.api(`/polls/${seeded.slug}/votes`, {
    method: 'POST',
    body: {
      answers: picks.map(([q, options]) => {
        const question = seeded.poll.questions[q]!;
        return { questionId: question.id, optionIds: options.map((o) => question.options[o]!.id) };
      }),
    },
  });
}

type RenderedQuestion = {
  id: number;
  hidden?: boolean;
  respondents?: number;
  totalAnswers?: number;
};

/** The summary questions inside a server-rendered page's state, wherever they sit in it. */
function summaryQuestions(value: unknown): RenderedQuestion[] {
  if (!value || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap(summaryQuestions);
  const record = value as Record<string, unknown>;
  if (typeof record.id === 'number' && 'respondents' in record) return [record as RenderedQuestion];
  return Object.values(record).flatMap(summaryQuestions);
}

async function noSideScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

describe('join code', () => {
  it('joins from the home page field, and says when a code leads nowhere', async () => {
    const seeded = await openPoll();
    const code = seeded.poll.joinCode;
    const page = await app.newPage(PHONE);
    await page.goto(app.server.url);
    const field = page.getByLabel('Código de la encuesta');
    await field.fill('12');
    await page.getByRole('button', { name: 'Unirse' }).click();
    await page.getByRole('alert').filter({ hasText: 'El código tiene 6 dígitos' }).waitFor();

    const closed = await openPoll();
    await app.setStatus(closed, 'closed');
    await field.fill(closed.poll.joinCode);
    await page.getByRole('button', { name: 'Unirse' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'No hay ninguna encuesta activa con ese código' })
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/home-join-error-390.png`, fullPage: true });

    // Read aloud as two groups: typed with the space.
    await field.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await page.getByRole('button', { name: 'Unirse' }).click();
    await page.waitForURL(`**/p/${seeded.slug}`);
    await page.getByRole('heading', { name: 'Excursión', level: 1 }).waitFor();
  });

  it('opens the participation page from /{code}, and home with the code when unknown', async () => {
    const seeded = await openPoll();
    const page = await app.newPage(PHONE);
    await page.goto(`${app.server.url}/${seeded.poll.joinCode}`);
    await page.waitForURL(`**/p/${seeded.slug}`);
    await page.getByRole('heading', { name: 'Excursión', level: 1 }).waitFor();

    const closed = await openPoll();
    await app.setStatus(closed, 'closed');
    await page.goto(`${app.server.url}/${closed.poll.joinCode}`);
    await page.waitForURL(`**/?codigo=${closed.poll.joinCode}`);
    expect(await page.getByLabel('Código de la encuesta').inputValue()).toBe(closed.poll.joinCode);
    await page
      .getByRole('alert')
      .filter({ hasText: 'No hay ninguna encuesta activa con ese código' })
      .waitFor();
  });

  it('shows the code grouped in the host panel and the QR dialog', async () => {
    const seeded = await openPoll();
    const grouped = `${seeded.poll.joinCode.slice(0, 3)} ${seeded.poll.joinCode.slice(3)}`;
    for (const [name, viewport] of [
      ['390', PHONE],
      ['1280', LAPTOP],
      ['1920', PROJECTOR],
    ] as const) {
      const host = new HostPage(await app.newPage(viewport, seeded), app.server.url);
      await host.goto(seeded.slug);
      await host.waitForPanel();
      expect(await host.page.getByTestId('join-code').first().textContent()).toBe(grouped);
      await host.page.screenshot({ path: `${SHOTS}/host-${name}.png`, fullPage: true });
      await host.page.getByRole('button', { name: 'Mostrar código QR' }).click();
      const dialog = host.page.getByRole('dialog');
      expect(await dialog.getByTestId('join-code').textContent()).toBe(grouped);
      await host.page.screenshot({ path: `${SHOTS}/qr-${name}.png` });
    }
  });
});

describe('participant page', () => {
  it('shows the thanks when reopened after voting, and only new questions after an edit', async () => {
    const seeded = await openPoll();
    const context = await app.newContext(PHONE);
    const first = new VotePage(await context.newPage(), app.server.url);
    await first.goto(seeded.slug);
    await first.vote({ [Q1]: ['Sí'], [Q2]: ['Agua'] });

    // A second scan of the QR opens a new tab: no session flag there, the server knows.
    const again = new VotePage(await context.newPage(), app.server.url);
    await again.goto(seeded.slug);
    await again.heading('¡Gracias por participar!').waitFor();
    expect(await again.submitButton().count()).toBe(0);

    // The host adds a question: the reopened page asks only that one.
    await app.api(`/polls/${seeded.slug}/questions`, {
      method: 'POST',
      secret: seeded.secret,
      body: {
        text: '¿A qué hora?',
        type: 'single',
        options: [{ text: '9:00' }, { text: '10:00' }],
      },
    });
    const third = new VotePage(await context.newPage(), app.server.url);
    await third.goto(seeded.slug);
    await third.page.getByTestId('vote-partly-answered').waitFor();
    expect(await third.page.getByTestId('vote-partly-answered').textContent()).toBe(
      'Ya respondiste 2 preguntas; quedan estas.',
    );
    expect(await third.page.getByRole('group').count()).toBe(1);
    await third.page.screenshot({ path: `${SHOTS}/vote-partial-390.png`, fullPage: true });
    await third.vote({ '¿A qué hora?': ['10:00'] });
  });

  it('wraps a 60-character word on the participant, results and host pages at 390 px', async () => {
    const word = 'https://ejemplo.org/una-direccion-muy-larga-sin-espacios-xyz';
    expect(word).toHaveLength(60);
    const seeded = await app.seedPoll({
      title: `Encuesta ${word}`,
      settings: { resultsPublic: true },
      status: 'open',
      questions: [
        { text: `¿Abriste ${word}?`, type: 'single', options: [word, 'Otra'] },
        { text: 'Elige', type: 'multiple', options: [word, 'Corta'] },
      ],
    });
    await voteApi(seeded, [
      [0, [0]],
      [1, [0, 1]],
    ]);
    const vote = new VotePage(await app.newPage(PHONE), app.server.url);
    await vote.goto(seeded.slug);
    await vote.question(`¿Abriste ${word}?`).waitFor();
    await noSideScroll(vote.page);
    await vote.page.screenshot({ path: `${SHOTS}/vote-long-word-390.png`, fullPage: true });

    const results = new ResultsPage(await app.newPage(PHONE), app.server.url);
    await results.goto(seeded.slug);
    await results.waitForLive();
    await noSideScroll(results.page);
    await results.page.screenshot({ path: `${SHOTS}/results-long-word-390.png`, fullPage: true });

    const host = new HostPage(await app.newPage(PHONE, seeded), app.server.url);
    await host.goto(seeded.slug);
    await host.waitForPanel();
    await noSideScroll(host.page);
    await host.page.screenshot({ path: `${SHOTS}/host-long-word-390.png`, fullPage: true });
  });
});

describe('results: percentages and reveal', () => {
  it("shows a multiple question's shares of its respondents", async () => {
    const seeded = await openPoll({ resultsPublic: true });
    for (const picks of [[0, 1, 2], [2], [0, 2]]) await voteApi(seeded, [[1, picks]]);
    const results = new ResultsPage(await app.newPage(PROJECTOR), app.server.url);
    await results.goto(seeded.slug);
    await results.waitForLive();
    expect(await results.options(Q2)).toEqual([
      { text: 'Agua', count: '2 de 3 personas', percent: '67%', leading: false },
      { text: 'Fruta', count: '1 de 3 personas', percent: '33%', leading: false },
      { text: 'Luz', count: '3 de 3 personas', percent: '100%', leading: true },
    ]);
  });

  it('hides counts on an open results page when the host hides them, and shows them again', async () => {
    const seeded = await openPoll({ resultsPublic: true });
    await voteApi(seeded, [
      [0, [0]],
      [1, [0, 2]],
    ]);
    const results = new ResultsPage(await app.newPage(PROJECTOR), app.server.url);
    await results.goto(seeded.slug);
    await results.waitForLive();
    await results.question(Q1).getByTestId('result-option-count').first().waitFor();

    const host = new HostPage(await app.newPage(LAPTOP, seeded), app.server.url);
    await host.goto(seeded.slug);
    await host.waitForPanel();
    const toggle = host.page.getByRole('button', { name: `Ocultar resultados: «${Q1}»` });
    await toggle.click();
    await host.page.getByRole('button', { name: `Revelar resultados: «${Q1}»` }).waitFor();
    await host.page.screenshot({ path: `${SHOTS}/host-hidden-1280.png`, fullPage: true });

    // Live, within a second: no bars or counts for it, the number of answers instead.
    const hidden = results.question(Q1).getByTestId('results-hidden');
    await hidden.waitFor({ timeout: 1500 });
    expect(await results.question(Q1).getByTestId('result-option-count').count()).toBe(0);
    expect(await hidden.getByTestId('results-hidden-answers').textContent()).toBe('1 respuesta');
    expect(await results.question(Q2).getByTestId('result-option-count').count()).toBe(3);
    await results.page.screenshot({ path: `${SHOTS}/results-hidden-1920.png` });

    // Nothing to read in the server-rendered page either.
    const html = await (await fetch(`${app.server.url}/r/${seeded.slug}`)).text();
    const state = html.match(/<script type="application\/json"[^>]*>(.*?)<\/script>/s)?.[1];
    const rendered = summaryQuestions(JSON.parse(state ?? 'null'));
    const q1 = rendered.find((q) => q.id === seeded.poll.questions[0]!.id);
    expect(q1).toMatchObject({ hidden: true, respondents: 1 });
    expect(JSON.stringify(q1)).not.toMatch(/"count"|totalAnswers/);
    expect(rendered.find((q) => q.hidden === false)?.totalAnswers).toBe(2);

    for (const viewport of [PHONE, LAPTOP]) {
      const other = new ResultsPage(await app.newPage(viewport), app.server.url);
      await other.goto(seeded.slug);
      await other.question(Q1).getByTestId('results-hidden').waitFor();
      await other.page.screenshot({ path: `${SHOTS}/results-hidden-${viewport.width}.png` });
    }

    await host.page.getByRole('button', { name: `Revelar resultados: «${Q1}»` }).click();
    await results
      .question(Q1)
      .getByTestId('result-option-count')
      .first()
      .waitFor({ timeout: 1500 });
    expect(await results.question(Q1).getByTestId('results-hidden').count()).toBe(0);
  });
});
