import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PROJECTOR } from '../helpers/browser.ts';
import { PresenterPage } from './pages/presenter-page.ts';
import { ResultsPage } from './pages/results-page.ts';
import { type Seeded, setUpAppUnderTest } from './support/fixture.ts';
import { HD, LONG_QUESTION, longOptions } from './support/long-content.ts';

const app = setUpAppUnderTest();

describe('screenshots of the projector and the results page', () => {
  it('draws presenter and results at 390×844, 1280×800, 1920×1080 and 1280×720, light and dark, with nothing sideways', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const seeded = await app.seedPoll({
      title: 'Biología',
      questions: [
        { text: LONG_QUESTION, options: longOptions(8) },
        { text: '¿Qué color prefieres?', options: ['Rojo', 'Verde', 'Azul', 'Amarillo'] },
        {
          text: '¿Cuánto te gustó?',
          type: 'scale',
          scale: { max: 5, minLabel: 'Nada', maxLabel: 'Mucho' },
        },
      ],
      status: 'open',
    });
    const [long, colour, scale] = [...seeded.poll.questions].sort((a, b) => a.ordinal - b.ordinal);
    // A tie at the top of the second question (Rojo and Azul), a clear leader on the first.
    for (const [l, c, v] of [
      [0, 0, 4],
      [0, 2, 4],
      [3, 0, 3],
      [1, 2, 5],
    ] as const) {
      await app.api(`/polls/${seeded.slug}/votes`, {
        method: 'POST',
        body: {
          answers: [
            { questionId: long!.id, optionIds: [long!.options[l]!.id] },
            { questionId: colour!.id, optionIds: [colour!.options[c]!.id] },
            { questionId: scale!.id, value: v },
          ],
        },
      });
    }
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
      PROJECTOR,
      HD,
    ]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const name = `${viewport.width}x${viewport.height}-${colorScheme}`;
        const page = await app.newPage(viewport, seeded);
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        const presenter = new PresenterPage(page, app.server.url);
        await presenter.goto(seeded.slug);
        for (const [i, position] of ['1 / 3', '2 / 3', '3 / 3'].entries()) {
          if (i > 0) await presenter.press('ArrowRight');
          await presenter.waitForPosition(position);
          await presenter.waitForFit();
          await page.screenshot({ path: `${SHOTS}/presenter-${i + 1}-${name}.png` });
          expect(await sideways(page)).toBe(false);
        }
        await page.goto(`${app.server.url}/r/${seeded.slug}`);
        await page.getByTestId('result-option').first().waitFor();
        if (viewport === PROJECTOR && colorScheme === 'light') {
          await expectSameOrderAndMarks(seeded, page);
        }
        await page.screenshot({ path: `${SHOTS}/results-${name}.png`, fullPage: true });
        expect(await sideways(page)).toBe(false);
        await page.close();
      }
    }
  });
});

const SHOTS = '/tmp/sondeo-slides';

/**
 * The presenter and the results page list the options in the host's order (issue 17: the results
 * page sorted by votes) and mark the same tie group 'Más votada (empate)', with no trophy.
 */
async function expectSameOrderAndMarks(seeded: Seeded, resultsPage: Page) {
  const results = new ResultsPage(resultsPage, app.server.url);
  const question = '¿Qué color prefieres?';
  const shown = await results.options(question);
  const presenter = new PresenterPage(await app.newPage(PROJECTOR, seeded), app.server.url);
  await presenter.goto(seeded.slug);
  await presenter.press('ArrowRight');
  await presenter.waitForPosition('2 / 3');
  await presenter.waitForFit();
  const projected = await presenter.options().evaluateAll((rows) =>
    rows.map((row) => ({
      text: row.querySelector('[data-testid="presenter-option-text"]')?.textContent,
      mark: row.querySelector('[data-testid="presenter-option-mark"]')?.textContent ?? null,
    })),
  );
  const authored = ['Rojo', 'Verde', 'Azul', 'Amarillo'];
  expect(projected.map((o) => o.text)).toEqual(authored);
  expect(shown.map((o) => o.text)).toEqual(authored);
  const tie = 'Más votada (empate)';
  expect(projected.map((o) => o.mark)).toEqual([tie, null, tie, null]);
  expect(shown.map((o) => o.leading)).toEqual([true, false, true, false]);
  const marks = await results
    .question(question)
    .getByTestId('result-option-mark')
    .allTextContents();
  expect(marks).toEqual([tie, tie]);
  for (const page of [presenter.page, resultsPage]) {
    expect(await page.locator('.lucide-trophy').count()).toBe(0);
  }
  await presenter.page.close();
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
