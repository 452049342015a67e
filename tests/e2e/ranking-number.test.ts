import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Poll } from '../../src/contract/poll.ts';
import type { Summary } from '../../src/contract/summary.ts';
import { PHONE, PROJECTOR } from '../helpers/browser.ts';
import { HostPage } from './pages/host-page.ts';
import { PresenterPage } from './pages/presenter-page.ts';
import { ResultsPage } from './pages/results-page.ts';
import { VotePage } from './pages/vote-page.ts';
import { axeViolations } from './support/axe.ts';
import { type Seeded, setUpAppUnderTest } from './support/fixture.ts';
import { expectWhole, measureSlide, settle } from './support/slide-boxes.ts';

const app = setUpAppUnderTest();
const LAPTOP = { width: 1280, height: 800 };
const SMALL_PROJECTOR = { width: 1280, height: 720 };
const SHOTS = '/tmp/t26-shots';

const RANKING = 'Ordena los procesos de la célula de más a menos importante';
const NUMBER = '¿Cuántos grados marca el termómetro del laboratorio?';
// A 240-character question and ten long options: the worst a ranking slide gets.
const LONG =
  'Pensando en todo lo que hemos visto durante el trimestre en el laboratorio de biología y en las lecturas que preparasteis en grupo, ordena estos procesos según lo importantes que te parecen para entender cómo funciona una célula viva hoy';
const TEN = [
  'Fotosíntesis en los cloroplastos de las hojas',
  'Respiración celular en las mitocondrias',
  'Síntesis de proteínas en los ribosomas',
  'Transporte activo a través de la membrana',
  'División celular por mitosis y citocinesis',
  'Replicación del ADN antes de dividirse',
  'Digestión intracelular en los lisosomas',
  'Señalización entre células vecinas',
  'Fermentación cuando falta el oxígeno',
  'Apoptosis o muerte celular programada',
];

type Extra = { type: 'ranking' | 'number'; text: string; options?: string[]; number?: object };

/** A poll with these questions, created through the API as the panel would. */
async function seed(questions: Extra[], settings: object = { resultsPublic: true }) {
  const seeded = await app.seedPoll({ title: 'Biología', settings, questions: [] });
  for (const [index, q] of questions.entries()) {
    await app.api(`/polls/${seeded.slug}/questions`, {
      method: 'POST',
      secret: seeded.secret,
      body: {
        text: q.text,
        type: q.type,
        options: (q.options ?? []).map((text) => ({ text })),
        ordinal: index + 1,
        ...(q.number && { number: q.number }),
      },
    });
  }
  await app.setStatus(seeded, 'open');
  return { ...seeded, poll: await app.api<Poll>(`/polls/${seeded.slug}`) } satisfies Seeded;
}

async function ballot(seeded: Seeded, answers: object[]) {
  await app.api(`/polls/${seeded.slug}/votes`, { method: 'POST', body: { answers } });
}

function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

const itemTexts = (page: Page) =>
  page
    .getByTestId('ranking-item')
    .evaluateAll((items) => items.map((li) => li.querySelector('span + span')?.textContent ?? ''));

describe('Ordenar and Número', () => {
  it('a phone ranks by keyboard alone and types 3,5; the server gets both', async () => {
    const seeded = await seed([
      { type: 'ranking', text: RANKING, options: TEN.slice(0, 5) },
      { type: 'number', text: NUMBER, number: { min: 0, max: 100, decimals: 1, unit: '°C' } },
    ]);
    const page = await app.newPage(PHONE);
    const problems = watchConsole(page);
    const voter = new VotePage(page, app.server.url);
    await voter.goto(seeded.slug);
    await page.getByTestId('ranking-item').first().waitFor();
    const shuffled = await itemTexts(page);
    expect([...shuffled].sort()).toEqual([...TEN.slice(0, 5)].sort());

    // Keyboard only: Tab to the last item's 'Subir', Enter twice; the live region says it.
    const last = shuffled[4]!;
    const up = page.getByRole('button', { name: `Subir: ${last}` });
    await up.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('ranking-said').textContent())
      .toBe(`${last}, posición 3 de 5`);
    expect((await itemTexts(page))[2]).toBe(last);
    // The focus stayed on the moved option's button.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Subir: ${last}`,
    );

    // Stable across a reload (before any answer is kept, the shuffle is the same).
    const number = page.getByRole('textbox', { name: new RegExp(NUMBER.slice(0, 20)) });
    await number.fill('150');
    await page.keyboard.press('Tab');
    await page.getByText('Escribe un número entre 0 y 100').waitFor();
    await number.fill('3,5');
    await voter.progress().filter({ hasText: '2 de 2 respondidas' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/phone-ranking-number.png`, fullPage: true });
    await voter.submitButton().click();
    await voter.heading('¡Gracias por participar!').waitFor();

    const summary = await app.api<Summary>(`/polls/${seeded.slug}/summary`, {
      secret: seeded.secret,
    });
    const [ranking, value] = summary.questions;
    const third = ranking?.options.find((o) => o.text === last);
    expect(third?.positions?.[2]).toBe(1);
    expect(value?.median).toBe(3.5);
    expect(problems).toEqual([]);

    const again = await app.newPage(PHONE);
    await new VotePage(again, app.server.url).goto(seeded.slug);
    // Another participant (a new context): its own order, the same set.
    await again.getByTestId('ranking-item').first().waitFor();
    expect([...(await itemTexts(again))].sort()).toEqual([...TEN.slice(0, 5)].sort());
  });

  it('the panel creates both types', async () => {
    const seeded = await app.seedPoll({ title: 'Biología' });
    const page = await app.newPage(LAPTOP, seeded);
    const host = new HostPage(page, app.server.url);
    await host.goto(seeded.slug);
    await host.waitForPanel();
    await host.addQuestion(RANKING, 'ranking', TEN.slice(0, 4));
    await page.getByLabel('Texto de la pregunta').fill(NUMBER);
    await page.getByLabel('Tipo de pregunta').selectOption('number');
    await page.getByLabel('Mínimo').fill('-10');
    await page.getByLabel('Máximo').fill('1.000');
    await page.getByLabel('Decimales').selectOption('1');
    await page.getByLabel('Unidad (opcional)').fill('°C');
    await page.getByRole('button', { name: 'Agregar pregunta' }).click();
    await page.getByText('De -10 a 1.000 · 1 decimal · °C').waitFor();
    const poll = await app.api<Poll>(`/polls/${seeded.slug}`);
    expect(poll.questions.map((q) => q.type)).toEqual(['ranking', 'number']);
    expect(poll.questions[1]?.number).toEqual({ min: -10, max: 1000, decimals: 1, unit: '°C' });
    expect(await axeViolations(page)).toEqual([]);

    // A saved number question's range is edited in place, as a scale's is.
    await page.getByRole('button', { name: 'Editar rango' }).click();
    await page.getByRole('group', { name: 'Editar rango' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Máximo').fill('2500,5');
    await page.getByLabel('Unidad (opcional)').fill('K');
    await page.getByRole('button', { name: 'Guardar rango' }).click();
    await page.getByText('De -10 a 2.500,5 · 1 decimal · K').waitFor();
    const edited = await app.api<Poll>(`/polls/${seeded.slug}`);
    expect(edited.questions[1]?.number).toEqual({ min: -10, max: 2500.5, decimals: 1, unit: 'K' });
  });

  async function withAnswers() {
    const seeded = await seed([
      { type: 'ranking', text: LONG, options: TEN },
      { type: 'number', text: NUMBER, number: { min: 0, max: 2000, decimals: 1, unit: '°C' } },
    ]);
    const [ranking, number] = seeded.poll.questions;
    const ids = ranking!.options.map((o) => o.id);
    for (const [i, v] of [12.5, 1250, 30, 31.5, 29, 33, 600].entries()) {
      const order = [...ids.slice(i % ids.length), ...ids.slice(0, i % ids.length)];
      await ballot(seeded, [
        { questionId: ranking!.id, ranking: order },
        { questionId: number!.id, value: v },
      ]);
    }
    return seeded;
  }

  it('the results page ranks by mean place, shows the distribution and the histogram', async () => {
    const seeded = await withAnswers();
    const page = await app.newPage(LAPTOP);
    const problems = watchConsole(page);
    const results = new ResultsPage(page, app.server.url);
    await results.goto(seeded.slug);
    const rows = page.getByTestId('ranking-result');
    expect(await rows.count()).toBe(10);
    expect(await rows.first().textContent()).toContain('1.º');
    expect(await page.getByTestId('ranking-distribution').count()).toBe(10);
    expect(await page.getByTestId('number-median').textContent()).toBe('31,5 °C');
    expect(await axeViolations(page)).toEqual([]);
    for (const dark of [false, true]) {
      await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
      for (const viewport of [PHONE, PROJECTOR, SMALL_PROJECTOR]) {
        await page.setViewportSize(viewport);
        await settle(page);
        await page.screenshot({
          path: `${SHOTS}/results-${viewport.width}-${dark ? 'dark' : 'light'}.png`,
          fullPage: true,
        });
      }
    }
    expect(problems).toEqual([]);
  });

  it('the projector fits both at 1920×1080 and 1280×720, never over the join strip', async () => {
    const seeded = await withAnswers();
    for (const viewport of [PROJECTOR, SMALL_PROJECTOR]) {
      const page = await app.newPage(viewport, seeded);
      const presenter = new PresenterPage(page, app.server.url);
      await presenter.goto(seeded.slug);
      await presenter.slide().waitFor();
      await presenter.waitForFit();
      const slide = await measureSlide(page, {
        question: '[data-testid="presenter-slide"] h1',
        item: '[data-testid="presenter-ranking-item"]',
        page: '[data-testid="presenter-option-page"]',
      });
      expectWhole(slide, ['question', 'item']);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/slide-ranking-${viewport.width}.png` });
      await presenter.press('ArrowRight');
      await presenter.waitForPosition('2 / 2');
      await page.getByTestId('number-results').waitFor();
      await settle(page);
      const histogram = await measureSlide(page, {
        question: '[data-testid="presenter-slide"] h1',
        numbers: '[data-testid="number-results"]',
        median: '[data-testid="number-median"]',
      });
      expectWhole(histogram, ['question', 'numbers', 'median']);
      expect(await axeViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.screenshot({ path: `${SHOTS}/slide-number-${viewport.width}-light.png` });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: `${SHOTS}/slide-number-${viewport.width}-dark.png` });
    }
  });
});
