import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { QaQuestion } from '../../src/contract/qa.ts';
import { PROJECTOR } from '../helpers/browser.ts';
import { PresenterPage } from './pages/presenter-page.ts';
import { axeViolations } from './support/axe.ts';
import { type Seeded, setUpAppUnderTest } from './support/fixture.ts';
import { HD, prose } from './support/long-content.ts';
import { expectWhole, measureSlide, SHOTS, scaled, settle } from './support/slide-boxes.ts';

/**
 * Issue 24, 'The Q&A projector hides its list': on key A the highlighted question and the top
 * five stand whole above the join strip, the rest of the frame's questions come in pages
 * (↓ ↑, 'Preguntas 6–10 de 10'); the same with nothing highlighted. Real content: 240-character
 * questions from the audience and long names.
 */
const app = setUpAppUnderTest();

const SELECTORS = {
  slide: '[data-testid="qa-slide"]',
  highlighted: '[data-testid="qa-slide-highlighted"]',
  item: '[data-testid="qa-slide-item"]',
  'item-text': '[data-testid="qa-slide-item"] p',
  page: '[data-testid="qa-slide-page"]',
};

/** 240 characters of a question as a class writes it, numbered so the order can be read back. */
const question = (n: number) => prose(`Pregunta ${n}: en clase dijimos que`, 240);
const NAME = 'María Fernanda de los Ángeles Villanueva';

/** Eleven questions, question n with 12 − n votes (so the most voted is question 1). */
async function seedQuestions(): Promise<{ seeded: Seeded; ids: number[] }> {
  const seeded = await app.seedPoll({
    title: 'Charla de biología',
    settings: { qa: true },
    questions: [{ text: '¿Te gustó?', type: 'yesno' }],
    status: 'open',
  });
  const ids: number[] = [];
  for (let n = 1; n <= 11; n++) {
    const asked = await app.api<QaQuestion>(`/polls/${seeded.slug}/qa`, {
      method: 'POST',
      body: { text: question(n), nickname: n % 2 ? NAME : null },
    });
    ids.push(asked.id);
  }
  // Every call without a cookie is a new person: question n gets 12 − n votes.
  for (const [i, id] of ids.entries()) {
    for (let v = 0; v < 11 - i; v++) {
      await app.api(`/polls/${seeded.slug}/qa/${id}/vote`, { method: 'PUT', body: { up: true } });
    }
  }
  return { seeded, ids };
}

async function openQa(seeded: Seeded, viewport: { width: number; height: number }) {
  const presenter = new PresenterPage(await app.newPage(viewport, seeded), app.server.url);
  await presenter.goto(seeded.slug);
  await presenter.press('a');
  await presenter.page.getByTestId('qa-slide').waitFor();
  return presenter;
}

async function waitForFit(page: Page) {
  await page.locator('[data-testid="qa-slide"]:not([data-fit="measuring"])').waitFor();
  await settle(page);
}

/** The numbers of the questions listed on screen now ('Pregunta 7: …' → 7). */
async function listed(page: Page): Promise<number[]> {
  return page
    .getByTestId('qa-slide-item')
    .evaluateAll((items) =>
      items
        .filter((item) => (item as HTMLElement).checkVisibility())
        .map((item) => Number(/Pregunta (\d+):/.exec(item.textContent ?? '')?.[1])),
    );
}

/** The slide fits at both sizes, light and dark: whole, above the strip, type above its floors. */
async function expectFitsEverywhere(presenter: PresenterPage, name: string, highlighted: boolean) {
  const page = presenter.page;
  mkdirSync(SHOTS, { recursive: true });
  for (const viewport of [PROJECTOR, HD]) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await waitForFit(page);
      await settle(page);
      const slide = await measureSlide(page, SELECTORS);
      expectWhole(slide, highlighted ? ['highlighted', 'item', 'page'] : ['item', 'page']);
      for (const item of slide.elements.filter((e) => e.name === 'item')) {
        expect(item.fontSize).toBeGreaterThanOrEqual(scaled(24, viewport) - 0.01);
      }
      const quote = slide.elements.find((e) => e.name === 'highlighted');
      // 48 px at 1080p unless a long one must shrink to keep the top five whole; never under
      // the poll slides' question floor.
      if (highlighted) expect(quote!.fontSize).toBeGreaterThanOrEqual(scaled(32, viewport) - 0.01);
      await page.screenshot({
        path: `${SHOTS}/qa-${name}-${viewport.width}x${viewport.height}-${scheme}.png`,
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('the Q&A projector shows its list whole', () => {
  it('a highlighted 240-character question and the top five fit; ↓ shows the next ones, ↑ goes back', async () => {
    const { seeded, ids } = await seedQuestions();
    // The host highlights question 11, the least voted.
    await app.api(`/polls/${seeded.slug}/qa/${ids[10]}`, {
      method: 'PATCH',
      secret: seeded.secret,
      body: { pinned: true },
    });
    const presenter = await openQa(seeded, PROJECTOR);
    const page = presenter.page;
    await page.getByTestId('qa-slide-highlighted').filter({ hasText: 'Pregunta 11:' }).waitFor();
    const indicator = page.getByTestId('qa-slide-page');
    await indicator.waitFor();
    // A paging key takes over from the automatic paging (which would turn pages mid-check).
    await presenter.press('ArrowUp');
    // The stream's frame holds ten questions, the highlighted one first: nine more to list.
    await indicator.filter({ hasText: 'Preguntas 1–5 de 9' }).waitFor();
    expect(await listed(page)).toEqual([1, 2, 3, 4, 5]);
    await expectFitsEverywhere(presenter, 'highlighted', true);
    expect(await listed(page)).toEqual([1, 2, 3, 4, 5]);
    expect(await axeViolations(page)).toEqual([]);

    await presenter.press('ArrowDown');
    await indicator.filter({ hasText: 'Preguntas 6–9 de 9' }).waitFor();
    expect(await listed(page)).toEqual([6, 7, 8, 9]);
    await expectFitsEverywhere(presenter, 'highlighted-page-2', true);
    // The mouse pages too, with the buttons the controls gain while paged.
    await page.getByRole('button', { name: 'Preguntas anteriores' }).click();
    await indicator.filter({ hasText: 'Preguntas 1–5 de 9' }).waitFor();
    expect(await listed(page)).toEqual([1, 2, 3, 4, 5]);
  });

  it('with nothing highlighted the top five fill the slide and ↓ shows questions 6–10', async () => {
    const { seeded } = await seedQuestions();
    const presenter = await openQa(seeded, HD);
    const page = presenter.page;
    const indicator = page.getByTestId('qa-slide-page');
    await indicator.waitFor();
    await presenter.press('ArrowUp');
    // The stream's frame holds the ten most voted: the eleventh waits for a vote.
    await indicator.filter({ hasText: 'Preguntas 1–5 de 10' }).waitFor();
    expect(await page.getByTestId('qa-slide-highlighted').count()).toBe(0);
    expect(await listed(page)).toEqual([1, 2, 3, 4, 5]);
    await expectFitsEverywhere(presenter, 'list', false);

    await presenter.press('ArrowDown');
    await indicator.filter({ hasText: 'Preguntas 6–10 de 10' }).waitFor();
    expect(await listed(page)).toEqual([6, 7, 8, 9, 10]);
    await expectFitsEverywhere(presenter, 'list-page-2', false);
  });
});
