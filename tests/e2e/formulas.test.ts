import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, PROJECTOR } from '../helpers/browser.ts';
import { PresenterPage } from './pages/presenter-page.ts';
import { axeViolations } from './support/axe.ts';
import { setUpAppUnderTest } from './support/fixture.ts';

const app = setUpAppUnderTest();
/** Set to a folder to keep screenshots of the phone and the projector with formulas. */
const SHOTS = process.env.FORMULA_SHOTS;

/** Issue 28: formulas as MathML on the phone (with and without scripts) and on the projector. */
const QUESTION = 'Si $x^2 = 4$ y la entrada cuesta $5 y $10 el par, ¿cuánto vale $x$?';
const OPTIONS = ['$\\frac{4}{2}$', '$$\\sqrt{9}$$', 'Rota: $\\frac{1}{$', 'Ninguna'];

/** Console errors and React's warnings (a hydration mismatch is reported as an error). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

const seedMathPoll = () =>
  app.seedPoll({
    title: 'Álgebra',
    settings: { resultsPublic: true },
    questions: [{ text: QUESTION, type: 'single', options: OPTIONS }],
    status: 'open',
  });

/** The page's formulas: how many, and whether each is laid out (has a size). */
const formulas = (page: Page) =>
  page.locator('math').evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return { width: box.width, height: box.height, tex: node.textContent ?? '' };
    }),
  );

describe('formulas', () => {
  it('show as MathML on the phone page with JavaScript disabled', async () => {
    const { slug } = await seedMathPoll();
    const context = await app.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      expect((await page.goto(`${app.server.url}/p/${slug}`))?.status()).toBe(200);
      // x², x, 4/2 and √9: the broken one and the prices stay text. (Playwright's own queries:
      // page.evaluate needs the page's JavaScript.)
      const shown = page.locator('math');
      expect(await shown.count()).toBe(4);
      for (const formula of await shown.all()) {
        const box = await formula.boundingBox();
        expect((box?.width ?? 0) * (box?.height ?? 0)).toBeGreaterThan(0);
      }
      await page.locator('legend').getByText('y la entrada cuesta $5 y $10 el par').waitFor();
      await page.getByText('$\\frac{1}{$', { exact: true }).waitFor();
      expect(await page.locator('legend annotation').first().textContent()).toBe('x^2 = 4');
    } finally {
      await context.close();
    }
  });

  it('keep the server MathML through hydration, load KaTeX only for them, and take a vote', async () => {
    const withMath = await seedMathPoll();
    const plain = await app.seedPoll({
      title: 'Precios',
      questions: [{ text: '¿Pagarías $5 o $10?', type: 'yesno' }],
      status: 'open',
    });
    const page = await app.newPage(PHONE);
    const problems = watchConsole(page);
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(request.url()));
    // Counts formulas shown as source at any moment: a flash back to it after hydration.
    await page.addInitScript(() => {
      const w = window as unknown as { sourceSeen: number };
      w.sourceSeen = 0;
      new MutationObserver(() => {
        const broken = document.querySelectorAll('.math-source').length;
        // The malformed formula is meant to show as source; any other would be a flash.
        if (broken > 1) w.sourceSeen = broken;
      }).observe(document, { childList: true, subtree: true });
    });

    await page.goto(`${app.server.url}/p/${plain.slug}`);
    await page.locator('[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByText('¿Pagarías $5 o $10?').waitFor();
    expect(scripts.filter((url) => url.includes('render-tex'))).toEqual([]);

    await page.goto(`${app.server.url}/p/${withMath.slug}`);
    await page.locator('[data-hydrated]').waitFor({ state: 'attached' });
    expect(scripts.filter((url) => url.includes('render-tex'))).toHaveLength(1);
    expect(await formulas(page)).toHaveLength(4);
    expect(
      await page.evaluate(() => (window as unknown as { sourceSeen: number }).sourceSeen),
    ).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone.png`, fullPage: true });
    // Hydrated: the option with a formula takes the tap, and the vote is counted.
    await page.getByRole('radio').first().check({ force: true });
    await page.getByRole('button', { name: 'Enviar respuestas' }).click();
    await expect
      .poll(
        async () =>
          (await app.api<{ totalVotes: number }>(`/polls/${withMath.slug}/summary`)).totalVotes,
      )
      .toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("are typeset in the audience's Q&A questions on the phone", async () => {
    const seeded = await app.seedPoll({
      title: 'Charla de números',
      settings: { qa: true },
      questions: [{ text: '¿Te gustó?', type: 'yesno' }],
      status: 'open',
    });
    await app.api(`/polls/${seeded.slug}/qa`, {
      method: 'POST',
      body: { text: '¿Por qué $\\sqrt{2}$ no es un cociente de enteros?' },
    });
    const page = await app.newPage(PHONE);
    const problems = watchConsole(page);
    await page.goto(`${app.server.url}/p/${seeded.slug}`);
    await page.locator('[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('tab', { name: /Preguntas/ }).click();
    const card = page.getByTestId('qa-question').filter({ hasText: 'no es un cociente' });
    await card.locator('math msqrt').waitFor();
    expect(await card.locator('annotation').textContent()).toBe('\\sqrt{2}');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('are typeset on the projector at slide size', async () => {
    const seeded = await seedMathPoll();
    const [q] = seeded.poll.questions;
    await app.api(`/polls/${seeded.slug}/votes`, {
      method: 'POST',
      body: { answers: [{ questionId: q!.id, optionIds: [q!.options[0]!.id] }] },
    });
    const page = await app.newPage(PROJECTOR, seeded);
    const presenter = new PresenterPage(page, app.server.url);
    await presenter.goto(seeded.slug);
    await presenter.slide().waitFor();
    await presenter.question().locator('math').first().waitFor();
    const sizes = await presenter
      .slide()
      .locator('math')
      .evaluateAll((nodes) =>
        nodes.map((node) => ({
          font: Number.parseFloat(getComputedStyle(node).fontSize),
          height: node.getBoundingClientRect().height,
        })),
      );
    expect(sizes).toHaveLength(4);
    // At 1920×1080 the question is ≥ 32 px and options ≥ 24 px (design.md): formulas follow.
    for (const size of sizes) {
      expect(size.font).toBeGreaterThanOrEqual(24);
      expect(size.height).toBeGreaterThan(20);
    }
    await presenter.slide().getByText('$\\frac{1}{$', { exact: true }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/projector.png` });
    expect(await axeViolations(page)).toEqual([]);
  });
});
