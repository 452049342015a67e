import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, PROJECTOR } from '../helpers/browser.ts';
import { PresenterPage } from './pages/presenter-page.ts';
import { setUpAppUnderTest } from './support/fixture.ts';
import { HD } from './support/long-content.ts';
import { SHOTS, settle } from './support/slide-boxes.ts';

/**
 * Issue 24, 'The rating histogram lies': 6 and 7 votes drew equally tall bars (each bar shared
 * its column with its label, so every bar above ~85 % was squeezed to the same height). Bars are
 * proportional to their counts, on the results page and on the projector, at every size.
 */
const app = setUpAppUnderTest();

/** Votes per value of a 1–5 rating: 7 and 6 at the top, a single vote, two empty values. */
const VOTES: Record<number, number> = { 1: 1, 2: 0, 3: 3, 4: 7, 5: 6 };

async function seedRatings() {
  const seeded = await app.seedPoll({
    title: 'Valoración de la charla',
    questions: [
      {
        text: '¿Cuánto te ha gustado la charla?',
        type: 'scale',
        scale: { max: 5, minLabel: 'Nada', maxLabel: 'Mucho' },
      },
    ],
    status: 'open',
  });
  const [question] = seeded.poll.questions;
  for (const [value, count] of Object.entries(VOTES)) {
    for (let i = 0; i < count; i++) {
      await app.api(`/polls/${seeded.slug}/votes`, {
        method: 'POST',
        body: { answers: [{ questionId: question!.id, value: Number(value) }] },
      });
    }
  }
  // Closed: the results page shows them to everyone.
  await app.setStatus(seeded, 'closed');
  return seeded;
}

/** The drawn height of each value's bar, 1..max, in px; and the tallest room a bar has. */
async function barHeights(page: Page, column: string): Promise<number[]> {
  return page
    .locator(column)
    .evaluateAll((columns) =>
      columns.map((c) => c.querySelector('.bg-bar')?.getBoundingClientRect().height ?? -1),
    );
}

function expectProportional(heights: number[]) {
  const tallest = heights[3]!;
  expect(tallest).toBeGreaterThan(40);
  // 6 of 7 votes: 6/7 of the tallest bar, to the pixel; not the same height.
  expect(heights[4]).toBeLessThan(tallest - 5);
  for (const [index, votes] of Object.entries(VOTES)) {
    const expected = (tallest * votes) / 7;
    expect(Math.abs(heights[Number(index) - 1]! - expected), `value ${index}`).toBeLessThanOrEqual(
      Math.max(1, expected * 0.01) + (votes === 1 ? tallest * 0.02 : 0),
    );
  }
}

describe('rating histogram', () => {
  it('bars are proportional on the results page (laptop and phone) and on the projector', async () => {
    const seeded = await seedRatings();
    mkdirSync(SHOTS, { recursive: true });

    for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
      const page = await app.newPage(viewport);
      // Bars grow in 300 ms otherwise: measured where they stand.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`${app.server.url}/r/${seeded.slug}`);
      await page.getByTestId('scale-value').first().waitFor();
      await expect.poll(() => page.getByTestId('scale-value-count').nth(3).textContent()).toBe('7');
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await settle(page);
        expectProportional(await barHeights(page, '[data-testid="scale-value"]'));
        await page.screenshot({
          path: `${SHOTS}/histogram-results-${viewport.width}x${viewport.height}-${scheme}.png`,
        });
      }
    }

    const presenter = new PresenterPage(await app.newPage(PROJECTOR, seeded), app.server.url);
    await presenter.page.emulateMedia({ reducedMotion: 'reduce' });
    await presenter.goto(seeded.slug);
    await presenter.slide().waitFor();
    for (const viewport of [PROJECTOR, HD]) {
      await presenter.page.setViewportSize(viewport);
      await presenter.waitForFit();
      expectProportional(await barHeights(presenter.page, '[data-testid="presenter-scale-value"]'));
      await presenter.page.screenshot({
        path: `${SHOTS}/histogram-presenter-${viewport.width}x${viewport.height}.png`,
      });
    }
  });
});
