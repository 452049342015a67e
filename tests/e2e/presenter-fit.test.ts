import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PROJECTOR } from '../helpers/browser.ts';
import { PresenterPage, type SlideBoxes } from './pages/presenter-page.ts';
import { axeViolations } from './support/axe.ts';
import { type Seeded, type SeedQuestion, setUpAppUnderTest } from './support/fixture.ts';
import { HD, LONG_QUESTION, longOptions } from './support/long-content.ts';

const app = setUpAppUnderTest();

const SHOTS = '/tmp/sondeo-slides';

/**
 * The design's floors at 1920×1080 (question 32 px, options 24 px, QR 160 px, code 40 px),
 * scaled with the screen like everything on the slide: by min(width/1920, height/1080).
 */
function floors(viewport: { width: number; height: number }) {
  const k = Math.min(viewport.width / 1920, viewport.height / 1080);
  return { question: 32 * k, option: 24 * k, qr: 160 * k, code: 40 * k };
}

async function presenterWith(question: SeedQuestion, viewport: { width: number; height: number }) {
  const seeded = await app.seedPoll({ title: 'Biología', questions: [question], status: 'open' });
  await voteFirst(seeded);
  const page = await app.newPage(viewport, seeded);
  const presenter = new PresenterPage(page, app.server.url);
  await presenter.goto(seeded.slug);
  // One answer is in: the slide shows instead of the join screen.
  await presenter.slide().waitFor();
  await presenter.options().first().waitFor();
  return presenter;
}

async function voteFirst(seeded: Seeded) {
  const [q] = seeded.poll.questions;
  await app.api(`/polls/${seeded.slug}/votes`, {
    method: 'POST',
    body: { answers: [{ questionId: q!.id, optionIds: [q!.options[0]!.id] }] },
  });
}

/** Every box on the slide clear of the join strip and inside the screen; nothing scrolled. */
function expectFits(boxes: SlideBoxes) {
  const { viewport, strip } = boxes;
  expect(boxes.documentScroll.height).toBeLessThanOrEqual(viewport.height);
  expect(boxes.documentScroll.width).toBeLessThanOrEqual(viewport.width);
  expect(strip.bottom).toBeLessThanOrEqual(viewport.height + 0.5);
  expect(boxes.elements.length).toBeGreaterThanOrEqual(3);
  for (const element of boxes.elements) {
    const where = `${element.name} ${JSON.stringify(element.box)}`;
    expect(element.box.bottom, where).toBeLessThanOrEqual(strip.top + 0.5);
    expect(element.box.top, where).toBeGreaterThanOrEqual(-0.5);
    expect(element.box.left, where).toBeGreaterThanOrEqual(-0.5);
    expect(element.box.right, where).toBeLessThanOrEqual(viewport.width + 0.5);
    expect(element.clipped, where).toBe(false);
  }
}

async function expectJoinStripForTheBackRow(presenter: PresenterPage, page: Page) {
  const viewport = page.viewportSize()!;
  const min = floors(viewport);
  const strip = await presenter.joinStripSizes();
  expect(strip.qr.width).toBeGreaterThanOrEqual(min.qr);
  expect(strip.qr.height).toBeGreaterThanOrEqual(min.qr);
  expect(strip.codeFontSize).toBeGreaterThanOrEqual(min.code);
  expect(strip.code).toMatch(/^\d{3} \d{3}$/);
}

describe('a projected slide always fits', () => {
  for (const viewport of [PROJECTOR, HD]) {
    const size = `${viewport.width}×${viewport.height}`;

    it(`a 240-character question and eight 120-character options fit ${size}, clear of the join strip`, async () => {
      const presenter = await presenterWith(
        { text: LONG_QUESTION, options: longOptions(8) },
        viewport,
      );
      await presenter.waitForFit();
      expect(await presenter.options().count()).toBe(8);
      expect(await presenter.visibleOptions()).toHaveLength(8);
      expect(await presenter.pageIndicator().count()).toBe(0);
      expect(
        await presenter.page.getByRole('button', { name: 'Opciones siguientes' }).count(),
      ).toBe(0);
      const boxes = await presenter.boxes();
      expectFits(boxes);
      const min = floors(viewport);
      expect(boxes.fontSizes.question).toBeGreaterThanOrEqual(min.question - 0.01);
      expect(Math.min(...boxes.fontSizes.options)).toBeGreaterThanOrEqual(min.option - 0.01);
      await expectJoinStripForTheBackRow(presenter, presenter.page);
      // The leading option keeps its mark on a crowded slide too.
      await presenter.options().first().getByText('Más votada').waitFor();

      // The window changes size (another projector, a window dragged): the slide fits again.
      const other = viewport === PROJECTOR ? HD : PROJECTOR;
      await presenter.page.setViewportSize(other);
      await presenter.page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      await presenter.waitForFit();
      const resized = await presenter.boxes();
      expect(resized.viewport).toEqual(other);
      expectFits(resized);
      expect(resized.fontSizes.question).toBeGreaterThanOrEqual(floors(other).question - 0.01);
    });

    it(`twenty long options page through at ${size} ('Opciones 1–n de 20'), each page fitting`, async () => {
      const texts = longOptions(20);
      const presenter = await presenterWith({ text: LONG_QUESTION, options: texts }, viewport);
      await presenter.waitForFit();
      const indicator = presenter.pageIndicator();
      await indicator.waitFor();
      // A paging key takes over from the automatic paging (which would turn pages mid-check).
      await presenter.press('ArrowUp');
      expect(await axeViolations(presenter.page)).toEqual([]);
      mkdirSync(SHOTS, { recursive: true });
      await presenter.page.screenshot({ path: `${SHOTS}/presenter-paged-${size}.png` });
      const seen: string[] = [];
      const min = floors(viewport);
      for (let page = 0; page < 20 && seen.length < 20; page++) {
        const shown = await presenter.visibleOptions();
        expect(shown.length).toBeGreaterThan(0);
        expect(shown.length).toBeLessThan(20);
        const first = seen.length + 1;
        expect(await indicator.textContent()).toBe(
          `Opciones ${first}–${first + shown.length - 1} de 20`,
        );
        seen.push(...shown);
        const boxes = await presenter.boxes();
        expectFits(boxes);
        expect(Math.min(...boxes.fontSizes.options)).toBeGreaterThanOrEqual(min.option - 0.01);
        if (seen.length < 20) {
          await presenter.press('ArrowDown');
          await indicator.filter({ hasText: `Opciones ${seen.length + 1}–` }).waitFor();
        }
      }
      // Every option was on exactly one page, in the host's order.
      expect(seen).toEqual(texts);
      // ArrowUp goes back; the question itself did not change.
      await presenter.press('ArrowUp');
      await indicator.filter({ hasText: /^Opciones (?!1–)/ }).waitFor();
      await presenter.waitForPosition('1 / 1');
    });

    it(`a long unbroken word wraps instead of pushing the slide sideways at ${size}`, async () => {
      const word = 'https://ejemplo.org/'.padEnd(119, 'abcdefghij');
      const presenter = await presenterWith(
        {
          text: `¿Qué significa ${'Electroencefalografista'.repeat(6)} en este contexto?`,
          options: [`${word}?`, 'Corto', ...longOptions(4)],
        },
        viewport,
      );
      await presenter.waitForFit();
      const boxes = await presenter.boxes();
      expectFits(boxes);
      expect(await presenter.visibleOptions()).toHaveLength(6);
    });
  }

  it('twenty long options also advance by themselves, so a clicker-only room sees them all', async () => {
    const presenter = await presenterWith(
      { text: LONG_QUESTION, options: longOptions(20) },
      PROJECTOR,
    );
    await presenter.waitForFit();
    await presenter.pageIndicator().filter({ hasText: 'Opciones 1–' }).waitFor();
    await presenter
      .pageIndicator()
      .filter({ hasText: /^Opciones (?!1–)/ })
      .waitFor({ timeout: 15_000 });
    // A mouse or a touch screen pages too, with the buttons the controls gain while paged.
    await presenter.page.getByRole('button', { name: 'Opciones anteriores' }).click();
    await presenter.pageIndicator().filter({ hasText: 'Opciones 1–' }).waitFor();
  });

  it('the scale average and a cloud stay whole under a 240-character question at 1280×720', async () => {
    const seeded = await app.seedPoll({
      title: 'Biología',
      questions: [
        {
          text: LONG_QUESTION,
          type: 'scale',
          scale: { max: 10, minLabel: 'Nada', maxLabel: 'Todo' },
        },
        { text: `${LONG_QUESTION.slice(0, 230)} (texto)`, type: 'text' },
      ],
      status: 'open',
    });
    const [scale, open] = [...seeded.poll.questions].sort((a, b) => a.ordinal - b.ordinal);
    for (const [value, text] of [
      [4, 'Clorofila'],
      [5, 'Luz del sol'],
      [3, 'Clorofila'],
      [10, 'Agua y dióxido de carbono'],
    ] as const) {
      await app.api(`/polls/${seeded.slug}/votes`, {
        method: 'POST',
        body: {
          answers: [
            { questionId: scale!.id, value },
            { questionId: open!.id, text },
          ],
        },
      });
    }
    const presenter = new PresenterPage(await app.newPage(HD, seeded), app.server.url);
    await presenter.goto(seeded.slug);
    await presenter.slide().waitFor();
    await presenter.waitForFit();
    const average = presenter.page.getByTestId('presenter-scale-average');
    expect(await average.textContent()).toContain('5,5');
    let boxes = await presenter.boxes();
    expectFits(boxes);
    expect(boxes.elements.some((e) => e.name === 'scale-average')).toBe(true);

    // Hidden results ('Resultados ocultos' and the count) fit under the long question too.
    await presenter.press('h');
    await presenter.hidden().waitFor();
    await presenter.waitForFit();
    boxes = await presenter.boxes();
    expectFits(boxes);
    const hiddenBox = await presenter.hidden().boundingBox();
    expect(hiddenBox!.y + hiddenBox!.height).toBeLessThanOrEqual(boxes.strip.top + 0.5);
    await presenter.press('h');
    await presenter.page.getByTestId('presenter-scale-average').waitFor();

    await presenter.press('ArrowRight');
    await presenter.waitForPosition('2 / 2');
    await presenter.page.getByTestId('word-cloud').waitFor();
    await presenter.waitForFit();
    boxes = await presenter.boxes();
    expectFits(boxes);
    expect(boxes.elements.some((e) => e.name === 'cloud')).toBe(true);
  });
});
