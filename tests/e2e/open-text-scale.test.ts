import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Summary } from '../../src/contract/summary.ts';
import { PHONE, PROJECTOR } from '../helpers/browser.ts';
import { HostPage } from './pages/host-page.ts';
import { ModerationPanel } from './pages/moderation-panel.ts';
import { PresenterPage } from './pages/presenter-page.ts';
import { ResultsPage } from './pages/results-page.ts';
import { VotePage } from './pages/vote-page.ts';
import { axeViolations } from './support/axe.ts';
import { type Seeded, setUpAppUnderTest } from './support/fixture.ts';

const app = setUpAppUnderTest();
const LAPTOP = { width: 1280, height: 800 };

const OPEN = '¿Qué mejorarías de la clase?';
const SCALE = '¿Cuánto te gustó la clase?';

function seedOpenPoll(settings: { moderateText?: boolean } = {}): Promise<Seeded> {
  return app.seedPoll({
    title: 'Clase de hoy',
    settings: { resultsPublic: true, ...settings },
    status: 'open',
    questions: [
      { text: OPEN, type: 'text' },
      { text: SCALE, type: 'scale', scale: { max: 5, minLabel: 'Nada', maxLabel: 'Mucho' } },
    ],
  });
}

/** A ballot from a new participant (no cookie): an open answer and a scale value. */
async function answer(seeded: Seeded, text: string, value: number): Promise<void> {
  const [open, scale] = [...seeded.poll.questions].sort((a, b) => a.ordinal - b.ordinal);
  await app.api(`/polls/${seeded.slug}/votes`, {
    method: 'POST',
    body: {
      answers: [
        { questionId: open?.id, text },
        { questionId: scale?.id, value },
      ],
    },
  });
}

/** A ballot with only a scale value, for a poll whose single question is a scale. */
async function answerScale(seeded: Seeded, value: number): Promise<void> {
  const questionId = seeded.poll.questions[0]?.id;
  await app.api(`/polls/${seeded.slug}/votes`, {
    method: 'POST',
    body: { answers: [{ questionId, value }] },
  });
}

/** Console errors and React's warnings (a hydration mismatch is reported as an error). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Waits until the question's cloud, as read to screen readers, passes `check`. */
async function waitForCloud(results: ResultsPage, check: (words: string[]) => boolean) {
  await expect.poll(() => results.cloudWords(OPEN), { timeout: 10_000 }).toSatisfy(check);
}

describe('open text and rating scale', () => {
  it('a participant answers both on a phone, the page hydrating the server-rendered fields', async () => {
    const seeded = await app.seedPoll({
      title: 'Clase de hoy',
      status: 'open',
      questions: [
        { text: OPEN, type: 'text' },
        { text: SCALE, type: 'scale', scale: { max: 5, minLabel: 'Nada', maxLabel: 'Mucho' } },
        { text: '¿Repetimos el taller?', type: 'yesno' },
      ],
    });
    const page = await app.newPage(PHONE);
    const problems = watchConsole(page);
    const voter = new VotePage(page, app.server.url);
    await voter.goto(seeded.slug);

    // The server's rule, said before sending: two characters one can see.
    await voter.typeAnswer(OPEN, 'a');
    await page.keyboard.press('Tab');
    await voter.question(OPEN).getByText('Escribe al menos 2 caracteres').waitFor();
    await voter.typeAnswer(OPEN, 'Más ejemplos prácticos');
    await voter.question(OPEN).getByText('22/140 caracteres').waitFor();

    // Numbered buttons, each a touch target of 44 px or more, the ends named.
    const radios = voter.question(SCALE).getByRole('radio');
    expect(await radios.count()).toBe(5);
    for (const label of await voter.question(SCALE).locator('label').all()) {
      const box = await label.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(44);
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }
    await voter
      .question(SCALE)
      .getByRole('radio', { name: '1, Nada' })
      .waitFor({ state: 'attached' });
    // Keyboard: the first value, then arrows move the choice.
    await voter.chooseValue(SCALE, 2);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await voter.question(SCALE).getByRole('radio', { name: '4' }).isChecked()).toBe(true);
    await voter.choose('¿Repetimos el taller?', 'Sí');
    await voter.progress().filter({ hasText: '3 de 3 respondidas' }).waitFor();
    expect(await noSideScroll(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await voter.submitButton().click();
    await voter.heading('¡Gracias por participar!').waitFor();

    const summary = await app.api<Summary>(`/polls/${seeded.slug}/summary`, {
      secret: seeded.secret,
    });
    const [open, scale] = summary.questions;
    expect(open?.answers?.map((a) => a.text)).toEqual(['Más ejemplos prácticos']);
    expect(scale?.values?.find((v) => v.value === 4)?.count).toBe(1);
    expect(scale?.average).toBe(4);
    expect(problems).toEqual([]);
  });

  it('the results page shows the cloud and the scale, and a new answer leaves the cloud in place', async () => {
    const seeded = await seedOpenPoll();
    for (const [text, value] of [
      ['Ejemplos', 5],
      ['ejemplos', 4],
      ['Tiempo', 4],
      ['Pausas', 3],
      ['Ejemplos', 3],
    ] as const) {
      await answer(seeded, text, value);
    }
    const page = await app.newPage(LAPTOP);
    const problems = watchConsole(page);
    const results = new ResultsPage(page, app.server.url);
    await results.goto(seeded.slug);
    expect((await results.cloudWords(OPEN))[0]).toBe('Ejemplos: 3 respuestas');
    expect(await results.cloudWords(OPEN)).toEqual(
      expect.arrayContaining(['Tiempo: 1 respuesta', 'Pausas: 1 respuesta']),
    );
    expect(await results.scaleAverage(SCALE).textContent()).toContain('3,8');
    expect(await results.question(SCALE).getByTestId('scale-answers').textContent()).toBe(
      '5 respuestas',
    );

    await results.waitForLive();
    const before = await results.drawnWords(OPEN);
    expect(Object.keys(before).sort()).toEqual(['Ejemplos', 'Pausas', 'Tiempo']);
    await answer(seeded, 'Café', 4);
    await waitForCloud(results, (words) => words.includes('Café: 1 respuesta'));
    const after = await results.drawnWords(OPEN);
    for (const [word, where] of Object.entries(before)) expect(after[word], word).toBe(where);
    expect(await results.scaleAverage(SCALE).textContent()).toContain('3,8');
    expect(await axeViolations(page)).toEqual([]);

    // On a phone: the upright cloud, its smallest word still 15 px or more, nothing sideways.
    const phone = new ResultsPage(await app.newPage(PHONE), app.server.url);
    await phone.goto(seeded.slug);
    const svg = phone.question(OPEN).locator('[data-testid="word-cloud-svg"]:visible');
    expect(await svg.getAttribute('data-shape')).toBe('narrow');
    const smallest = await svg.evaluate((el) =>
      Math.min(...[...el.querySelectorAll('text')].map((t) => t.getBoundingClientRect().height)),
    );
    expect(smallest).toBeGreaterThanOrEqual(15);
    expect(await noSideScroll(phone.page)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('the presenter view fills the slide with the cloud and shows the average big', async () => {
    const seeded = await seedOpenPoll();
    for (const [text, value] of [
      ['Ejemplos', 5],
      ['Más práctica', 4],
      ['Tiempo', 4],
      ['Ejemplos', 3],
      ['Pausas', 3],
    ] as const) {
      await answer(seeded, text, value);
    }
    const presenter = new PresenterPage(await app.newPage(PROJECTOR, seeded), app.server.url);
    await presenter.goto(seeded.slug);
    await presenter.slide().waitFor();
    const cloud = presenter.slide().getByTestId('word-cloud-svg');
    expect(await cloud.getAttribute('data-shape')).toBe('projector');
    const heights = await cloud.evaluate((el) =>
      [...el.querySelectorAll('text')].map((t) => t.getBoundingClientRect().height),
    );
    expect(heights).toHaveLength(4);
    // Read from the back of the room: no word under the design's 32 px.
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(32);
    expect(await axeViolations(presenter.page)).toEqual([]);

    await presenter.press('ArrowRight');
    await presenter.waitForPosition('2 / 2');
    const average = presenter.page.getByTestId('presenter-scale-average');
    expect(await average.textContent()).toContain('3,8');
    const size = await average
      .locator('span')
      .nth(1)
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(150);
    expect(await presenter.page.getByTestId('presenter-scale-value').count()).toBe(5);
    const [scrollHeight, innerHeight] = await presenter.page.evaluate(() => [
      document.documentElement.scrollHeight,
      window.innerHeight,
    ]);
    expect(scrollHeight).toBeLessThanOrEqual(innerHeight);
    expect(await axeViolations(presenter.page)).toEqual([]);
  });

  it('the host hides a word and an answer, and the public results stop showing them', async () => {
    const seeded = await seedOpenPoll();
    for (const text of ['Ejemplos', 'Café', 'Pausas', 'Ejemplos']) await answer(seeded, text, 4);
    const audience = new ResultsPage(await app.newPage(PHONE), app.server.url);
    await audience.goto(seeded.slug);
    await audience.waitForLive();
    expect(await audience.cloudWords(OPEN)).toContain('Café: 1 respuesta');

    const host = new HostPage(await app.newPage(LAPTOP, seeded), app.server.url);
    await host.goto(seeded.slug);
    await host.waitForPanel();
    const panel = new ModerationPanel(host.question(OPEN).getByTestId('text-moderation'));
    await panel.open();
    expect(await axeViolations(host.page)).toEqual([]);
    await panel.hideWord('Café');
    await waitForCloud(audience, (words) => !words.some((w) => w.startsWith('Café')));

    await panel.act('Ocultar', 'Pausas');
    await waitForCloud(audience, (words) => !words.some((w) => w.startsWith('Pausas')));
    // Hidden means hidden on every public surface (issue 24): an answer holding a word the host
    // hid leaves the answers list too, not only the cloud.
    expect(await audience.answerList(OPEN)).toEqual(['Ejemplos', 'Ejemplos']);
    const main = await audience.page.locator('main').textContent();
    expect(main).not.toContain('Pausas');
    expect(main).not.toContain('Café');

    // And back: the word returns to the public cloud.
    await panel.restoreWord('Café');
    await audience.question(OPEN).getByRole('button', { name: 'Nube' }).click();
    await waitForCloud(audience, (words) => words.includes('Café: 1 respuesta'));
  });

  it('holds every answer while moderating, until the host approves them from the results page', async () => {
    const seeded = await seedOpenPoll({ moderateText: true });
    await answer(seeded, 'Pizarra digital', 5);
    await answer(seeded, 'Más descansos', 2);
    const audience = new ResultsPage(await app.newPage(PHONE), app.server.url);
    await audience.goto(seeded.slug);
    await audience.waitForLive();
    await audience.question(OPEN).getByTestId('text-no-answers').waitFor();

    const host = new ResultsPage(await app.newPage(LAPTOP, seeded), app.server.url);
    await host.goto(seeded.slug);
    const panel = new ModerationPanel(host.question(OPEN).getByTestId('text-moderation'));
    await panel.open();
    expect(await panel.pending().textContent()).toBe('2 pendientes');
    await panel.act('Aprobar', 'Más descansos');
    await waitForCloud(audience, (words) => words.length === 1);
    await panel.approveAll();
    await waitForCloud(audience, (words) => words.length === 2);
    expect(await host.question(OPEN).getByTestId('moderation-pending').count()).toBe(0);
  });

  it('hides an answer the profanity filter caught until the host shows it', async () => {
    const seeded = await seedOpenPoll();
    await answer(seeded, 'Buena clase', 5);
    await answer(seeded, 'Qué p.u.t.a mierda', 1);
    const audience = new ResultsPage(await app.newPage(PHONE), app.server.url);
    await audience.goto(seeded.slug);
    await audience.waitForLive();
    expect(await audience.answerList(OPEN)).toEqual(['Buena clase']);

    const host = new HostPage(await app.newPage(LAPTOP, seeded), app.server.url);
    await host.goto(seeded.slug);
    await host.waitForPanel();
    const panel = new ModerationPanel(host.question(OPEN).getByTestId('text-moderation'));
    await panel.open();
    await panel.answer('Qué p.u.t.a mierda').getByText('Oculta por el filtro').waitFor();
    await panel.act('Mostrar', 'Qué p.u.t.a mierda');
    await audience.question(OPEN).getByText('Qué p.u.t.a mierda').waitFor();
  });

  it('the host widens a scale to 1–10 with new end labels and the phone shows ten buttons', async () => {
    const seeded = await app.seedPoll({
      title: 'Clase de hoy',
      status: 'open',
      questions: [
        { text: SCALE, type: 'scale', scale: { max: 5, minLabel: null, maxLabel: null } },
      ],
    });
    await answerScale(seeded, 4);
    const host = new HostPage(await app.newPage(LAPTOP, seeded), app.server.url);
    await host.goto(seeded.slug);
    await host.waitForPanel();
    await host.editScale(SCALE, { max: 10, minLabel: 'Nada', maxLabel: 'Muchísimo' });
    // Widening loses nothing: saved at once, no confirmation.
    await host.page.getByText('Escala actualizada').waitFor();
    expect(await host.page.getByRole('alertdialog').count()).toBe(0);
    await host
      .question(SCALE)
      .getByRole('button', { name: 'Editar escala: De 1 a 10 · Nada … Muchísimo' })
      .waitFor();

    const voter = new VotePage(await app.newPage(PHONE), app.server.url);
    await voter.goto(seeded.slug);
    const radios = voter.question(SCALE).getByRole('radio');
    expect(await radios.count()).toBe(10);
    await voter
      .question(SCALE)
      .getByRole('radio', { name: '1, Nada' })
      .waitFor({ state: 'attached' });
    await voter
      .question(SCALE)
      .getByRole('radio', { name: '10, Muchísimo' })
      .waitFor({ state: 'attached' });
    // The answer given on the old range is kept.
    const summary = await app.api<Summary>(`/polls/${seeded.slug}/summary`, {
      secret: seeded.secret,
    });
    expect(summary.questions[0]?.values?.map((v) => v.count)).toEqual([
      0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
    ]);
  });
});
