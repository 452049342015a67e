import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PROJECTOR } from '../helpers/browser.ts';
import { PresenterPage } from './pages/presenter-page.ts';
import { axeViolations } from './support/axe.ts';
import { setUpAppUnderTest } from './support/fixture.ts';

/**
 * Issue 26: a quiz's 'Ordenar' and 'Número' questions, closed on the projector, show what was
 * right (the correct order with how many put each option in its place; the correct value, its
 * margin and the histogram), not 'no puntúa' as a question with no option marked would.
 */
const app = setUpAppUnderTest();

/** With STAGE_SHOTS=<dir>, each reveal at 1920×1080 and 1280×720, light and dark, to look at. */
async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.STAGE_SHOTS;
  if (!dir) return;
  for (const size of [PROJECTOR, { width: 1280, height: 720 }]) {
    await page.setViewportSize(size);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${dir}/${name}-${size.width}-${scheme}.png` });
    }
  }
  await page.setViewportSize(PROJECTOR);
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('the quiz stage reveals a ranking and a number', () => {
  it('shows the correct order and the correct value with its margin at the close', async () => {
    const created = await app.api<{ slug: string; host_secret: string }>('/polls', {
      method: 'POST',
      body: { title: 'Sistema solar', settings: { quiz: true } },
    });
    const quiz = { slug: created.slug, secret: created.host_secret };
    await app.api(`/polls/${quiz.slug}/questions`, {
      method: 'POST',
      secret: quiz.secret,
      body: {
        text: 'Ordena los planetas de más cerca a más lejos del Sol',
        type: 'ranking',
        timeLimitSeconds: 240,
        options: [{ text: 'Mercurio' }, { text: 'Venus' }, { text: 'Tierra' }, { text: 'Marte' }],
      },
    });
    await app.api(`/polls/${quiz.slug}/questions`, {
      method: 'POST',
      secret: quiz.secret,
      body: {
        text: '¿A cuántos grados hierve el agua al nivel del mar?',
        type: 'number',
        timeLimitSeconds: 240,
        number: { min: 0, max: 500, decimals: 1, unit: '°C' },
        correctValue: 100,
        tolerance: 2.5,
      },
    });
    await app.api(`/polls/${quiz.slug}`, {
      method: 'PATCH',
      secret: quiz.secret,
      body: { status: 'open' },
    });
    const presenter = new PresenterPage(await app.newPage(PROJECTOR, quiz), app.server.url);
    await presenter.goto(quiz.slug);
    await presenter.joinScreen().waitFor();
    const page = presenter.page;
    const phase = (name: string) =>
      page.locator(`[data-testid="quiz-stage"][data-phase="${name}"]`).waitFor();

    await presenter.press('ArrowRight');
    await phase('question');
    await presenter.press('Space');
    await phase('results');
    const places = page.getByTestId('quiz-stage-place');
    await expect.poll(() => places.allInnerTexts()).toHaveLength(4);
    const texts = await places.allInnerTexts();
    expect(texts.map((text) => text.split('\n').slice(0, 2).join(' '))).toEqual([
      '1.º Mercurio',
      '2.º Venus',
      '3.º Tierra',
      '4.º Marte',
    ]);
    expect(texts[0]).toContain('0 acertaron el puesto · 0%');
    await shoot(page, 'ranking');
    expect(await page.getByTestId('quiz-stage-unscored').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await presenter.press('ArrowRight');
    await page.getByTestId('quiz-leaderboard').waitFor();
    await presenter.press('ArrowRight');
    await presenter.waitForPosition('2 / 2');
    await phase('question');
    await presenter.press('Space');
    await phase('results');
    const reveal = page.getByTestId('quiz-stage-number');
    await reveal.waitFor();
    expect(await reveal.innerText()).toContain('Respuesta correcta: 100 °C (± 2,5 °C)');
    await page.getByTestId('number-results').waitFor();
    await shoot(page, 'number');
    expect(await axeViolations(page)).toEqual([]);
  });
});
