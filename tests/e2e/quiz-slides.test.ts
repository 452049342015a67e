import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Poll } from '../../src/contract/poll.ts';
import { PHONE, PROJECTOR } from '../helpers/browser.ts';
import { PresenterPage } from './pages/presenter-page.ts';
import { QuizPhonePage } from './pages/quiz-phone-page.ts';
import { axeViolations } from './support/axe.ts';
import { type HostKey, setUpAppUnderTest } from './support/fixture.ts';
import { HD, LONG_QUESTION, prose } from './support/long-content.ts';
import { expectWhole, measureSlide, SHOTS, scaled, settle } from './support/slide-boxes.ts';

/**
 * Issue 24, 'Quiz slides spill': a 240-character question with eight answers of ~110 characters
 * stands whole above the join strip at 1920×1080 and 1280×720, light and dark, while it runs and
 * at its close; and eight answers are eight distinct (shape, colour) pairs on the projector and
 * on the phone, white text on each colour at AA contrast.
 */
const app = setUpAppUnderTest();

const OPTIONS = Array.from({ length: 8 }, (_, i) => prose(`Respuesta ${i + 1}:`, 110));

/** A quiz of `texts.length` questions, each with the eight long answers (the third correct). */
async function seedQuiz(texts: string[]): Promise<HostKey & { poll: Poll }> {
  const created = await app.api<{ slug: string; host_secret: string }>('/polls', {
    method: 'POST',
    body: { title: 'Repaso de biología', settings: { quiz: true } },
  });
  const key = { slug: created.slug, secret: created.host_secret };
  for (const [index, text] of texts.entries()) {
    await app.api(`/polls/${key.slug}/questions`, {
      method: 'POST',
      secret: key.secret,
      body: {
        text,
        type: 'single',
        ordinal: index + 1,
        timeLimitSeconds: 240,
        options: OPTIONS.map((option, i) => ({ text: option, ordinal: i + 1, correct: i === 2 })),
      },
    });
  }
  const poll = await app.api<Poll>(`/polls/${key.slug}`, {
    method: 'PATCH',
    secret: key.secret,
    body: { status: 'open' },
  });
  return { ...key, poll };
}

type TileLookSeen = { shape: string; colour: string; letter: string; contrast: number };

/**
 * Each tile's shape (its drawn shape's name, or the glyph), background colour as sRGB (read off a
 * canvas, so oklch colours compare) and the contrast of white text on it.
 */
async function looks(tiles: Locator): Promise<TileLookSeen[]> {
  return tiles.evaluateAll((elements) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgb = (colour: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const luminance = (channels: number[]) => {
      const [r, g, b] = channels.map((c) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    return elements.map((tile) => {
      const background = rgb(getComputedStyle(tile).backgroundColor);
      const text = rgb(getComputedStyle(tile).color);
      const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a) as [
        number,
        number,
      ];
      const shape =
        tile.querySelector('[data-shape]')?.getAttribute('data-shape') ??
        tile.querySelector('[aria-hidden="true"]')?.textContent ??
        '';
      const letter = tile.querySelector('[data-tile-letter]')?.textContent ?? '';
      return {
        shape,
        colour: background.join(','),
        letter,
        contrast: (light + 0.05) / (dark + 0.05),
      };
    });
  });
}

function expectEightDistinctPairs(seen: TileLookSeen[]) {
  expect(seen).toHaveLength(8);
  expect(new Set(seen.map((s) => `${s.shape}|${s.colour}`)).size).toBe(8);
  // Each of them apart on its own, so a colour-blind player still has eight shapes.
  expect(new Set(seen.map((s) => s.shape)).size).toBe(8);
  expect(new Set(seen.map((s) => s.colour)).size).toBe(8);
  expect(seen.map((s) => s.letter)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
  for (const look of seen) expect(look.contrast).toBeGreaterThanOrEqual(4.5);
}

const STAGE = {
  stage: '[data-testid="quiz-stage"]',
  question: '[data-testid="quiz-stage"] h1',
  answers: '[data-testid="quiz-stage-answers"]',
  timer: '[data-testid="quiz-stage"] [role="timer"]',
  tile: '[data-testid="quiz-stage-tile"]',
  'tile-text': '[data-testid="quiz-stage-tile"] > span:last-child',
  option: '[data-testid="quiz-stage-option"]',
};

/** The stage fits at both projector sizes, light and dark; pictures for a person to look at. */
async function expectStageFits(page: Page, name: string, must: string[]) {
  mkdirSync(SHOTS, { recursive: true });
  for (const viewport of [PROJECTOR, HD]) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.locator('[data-testid="quiz-stage"]:not([data-fit="measuring"])').waitFor();
      await settle(page);
      const slide = await measureSlide(page, STAGE);
      expectWhole(slide, must);
      const question = slide.elements.find((e) => e.name === 'question')!;
      expect(question.fontSize).toBeGreaterThanOrEqual(scaled(32, viewport) - 0.01);
      for (const e of slide.elements.filter((e) => e.name === 'tile' || e.name === 'option')) {
        expect(e.fontSize).toBeGreaterThanOrEqual(scaled(24, viewport) - 0.01);
      }
      await page.screenshot({
        path: `${SHOTS}/quiz-${name}-${viewport.width}x${viewport.height}-${scheme}.png`,
      });
      if (scheme === 'dark' && viewport === PROJECTOR) {
        expect(await axeViolations(page)).toEqual([]);
      }
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('quiz slides fit and tell eight answers apart', () => {
  it('eight 110-character answers under a short and a 240-character question: whole on the projector and the phone, eight shape/colour pairs', async () => {
    // A short question leaves the answers the most room to grow into (the case: F–H
    // over the join strip), a long one the least.
    const quiz = await seedQuiz(['¿Qué hace la clorofila en la fotosíntesis?', LONG_QUESTION]);
    const presenter = new PresenterPage(await app.newPage(PROJECTOR, quiz), app.server.url);
    await presenter.goto(quiz.slug);
    await presenter.joinScreen().waitFor();
    const phone = new QuizPhonePage(await app.newPage(PHONE), app.server.url);
    await phone.goto(quiz.slug);
    await phone.join('Ana');
    await phone.page.getByRole('heading', { name: 'Preparados' }).waitFor();
    const page = presenter.page;
    const phase = (name: string) =>
      page.locator(`[data-testid="quiz-stage"][data-phase="${name}"]`).waitFor();

    await presenter.press('ArrowRight');
    await phase('question');
    await expectStageFits(page, 'short-question', ['question', 'timer', 'tile', 'tile-text']);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expectEightDistinctPairs(await looks(page.getByTestId('quiz-stage-tile')));
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // The phone: the same eight pairs on its buttons, nothing sideways at 390 px.
    await phone.question().waitFor();
    const phoneTiles = phone.page.getByTestId('quiz-tile');
    await expect.poll(() => phoneTiles.count()).toBe(8);
    await phone.page.emulateMedia({ colorScheme: 'dark' });
    expectEightDistinctPairs(await looks(phoneTiles));
    await phone.page.emulateMedia({ colorScheme: 'light' });
    const onPhone = await looks(phoneTiles);
    expectEightDistinctPairs(onPhone);
    const onProjector = await looks(page.getByTestId('quiz-stage-tile'));
    expect(onPhone.map((l) => [l.shape, l.colour])).toEqual(
      onProjector.map((l) => [l.shape, l.colour]),
    );
    await expectPhoneWhole(phone, 'short');

    // Closed early: the distribution of eight long answers fits too.
    await page.setViewportSize(PROJECTOR);
    await presenter.press('Space');
    await phase('results');
    await expectStageFits(page, 'short-results', ['question', 'option']);
    expect(await page.getByTestId('quiz-stage-option').count()).toBe(8);

    // On to the 240-character question (by the leaderboard).
    await page.setViewportSize(PROJECTOR);
    await presenter.press('ArrowRight');
    await page.getByTestId('quiz-leaderboard').waitFor();
    await presenter.press('ArrowRight');
    await presenter.waitForPosition('2 / 2');
    await phase('question');
    await expectStageFits(page, 'long-question', ['question', 'timer', 'tile', 'tile-text']);
    expectEightDistinctPairs(await looks(page.getByTestId('quiz-stage-tile')));
    await phone.question().filter({ hasText: 'En clase vimos' }).waitFor();
    await expectPhoneWhole(phone, 'long');
    await page.setViewportSize(PROJECTOR);
    await presenter.press('Space');
    await phase('results');
    await expectStageFits(page, 'long-results', ['question', 'option']);
  }, 150_000);
});

/** The phone's answer screen, light and dark: nothing sideways, no tile cut, axe clean. */
async function expectPhoneWhole(phone: QuizPhonePage, name: string) {
  const tiles = phone.page.getByTestId('quiz-tile');
  for (const scheme of ['light', 'dark'] as const) {
    await phone.page.emulateMedia({ colorScheme: scheme });
    await settle(phone.page);
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    const cut = await tiles.evaluateAll((all) =>
      all
        .filter((t) => t.scrollWidth > t.clientWidth + 1 || t.scrollHeight > t.clientHeight + 1)
        .map((t) => t.textContent),
    );
    expect(cut).toEqual([]);
    await phone.page.screenshot({ path: `${SHOTS}/quiz-phone-${name}-390x844-${scheme}.png` });
    await phone.page.screenshot({
      path: `${SHOTS}/quiz-phone-${name}-390x844-${scheme}-full.png`,
      fullPage: true,
    });
    expect(await axeViolations(phone.page)).toEqual([]);
  }
  await phone.page.emulateMedia({ colorScheme: 'light' });
}
