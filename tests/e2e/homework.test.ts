import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, PROJECTOR } from '../helpers/browser.ts';
import { HostPage } from './pages/host-page.ts';
import { QuizPhonePage } from './pages/quiz-phone-page.ts';
import { axeViolations } from './support/axe.ts';
import { setUpAppUnderTest } from './support/fixture.ts';
import { HD, LONG_QUESTION, longOptions } from './support/long-content.ts';

/** Issue 27: a phone doing a self-paced homework quiz, and the panel following its progress. */
const app = setUpAppUnderTest();

async function shoot(
  page: Page,
  name: string,
  sizes: { width: number; height: number }[],
  /** What the picture is of, scrolled into view at each size. */
  subject?: string,
) {
  const original = page.viewportSize();
  for (const [index, size] of sizes.entries()) {
    await page.setViewportSize(size);
    if (subject) await page.getByTestId(subject).scrollIntoViewIfNeeded();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(150);
      await page.screenshot({ path: `/tmp/sondeo-homework-${name}-${size.width}-${scheme}.png` });
      if (index === 0) expect(await axeViolations(page)).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (original) await page.setViewportSize(original);
}

describe('homework (Tarea)', () => {
  it('a phone runs through the questions on its own clock, a reload keeps it, and the panel shows the progress', async () => {
    // Fifty minutes left: the phone is in the deadline's last hour, so it counts down too.
    const closesAt = new Date(Date.now() + 50 * 60_000).toISOString();
    const created = await app.api<{ slug: string; host_secret: string }>('/polls', {
      method: 'POST',
      body: { title: 'Tarea: la fotosíntesis', settings: { quiz: true, closesAt } },
    });
    const key = { slug: created.slug, secret: created.host_secret };
    const questions = [
      { text: LONG_QUESTION, options: longOptions(8), correct: 2 },
      { text: '¿Qué gas liberan las plantas?', options: ['Oxígeno', 'Nitrógeno'], correct: 0 },
      { text: '¿Dónde ocurre la fotosíntesis?', options: ['Raíz', 'Hoja'], correct: 1 },
    ];
    for (const q of questions) {
      await app.api(`/polls/${key.slug}/questions`, {
        method: 'POST',
        secret: key.secret,
        body: {
          text: q.text,
          type: 'single',
          timeLimitSeconds: 60,
          options: q.options.map((text, i) => ({ text, correct: i === q.correct })),
        },
      });
    }
    await app.api(`/polls/${key.slug}`, {
      method: 'PATCH',
      secret: key.secret,
      body: { status: 'open' },
    });

    const page = await app.newPage(PHONE);
    const phone = new QuizPhonePage(page, app.server.url);
    await phone.goto(key.slug);
    await phone.join('Lucía');
    await phone.question().waitFor();
    expect(await page.getByTestId('homework-position').innerText()).toBe('Pregunta 1 de 3');
    expect(await page.getByTestId('deadline-note').innerText()).toMatch(
      /^Entrega hasta el \S+ \d+, \d\d:\d\d/,
    );
    expect(await page.getByTestId('deadline-countdown').innerText()).toMatch(
      /^Quedan (49|50):\d\d$/,
    );
    await shoot(page, 'phone-question', [PHONE]);
    await phone
      .question()
      .getByRole('button', { name: /Opción 3:/ })
      .click();

    await expect
      .poll(() => page.getByTestId('homework-position').innerText())
      .toBe('Pregunta 2 de 3');
    await page.waitForTimeout(1500);
    const before = await phone.secondsLeft();
    // A reload mid-question: the same question, its clock still running.
    await page.reload();
    await phone.question().waitFor();
    expect(await page.getByTestId('homework-position').innerText()).toBe('Pregunta 2 de 3');
    expect(await phone.secondsLeft()).toBeLessThanOrEqual(before);
    expect(await phone.secondsLeft()).toBeLessThan(60);
    await phone.tap('Oxígeno');
    await expect
      .poll(() => page.getByTestId('homework-position').innerText())
      .toBe('Pregunta 3 de 3');
    await phone.tap('Raíz');
    await page.getByTestId('homework-done').waitFor();
    await shoot(page, 'phone-done', [PHONE]);

    // The panel: who finished, the average so far, and 'Más tiempo'.
    const panel = await app.newPage(HD, key);
    const host = new HostPage(panel, app.server.url);
    await host.goto(key.slug);
    await host.waitForPanel();
    const progress = panel.getByTestId('homework-progress');
    await progress.waitFor();
    expect(await panel.getByTestId('homework-finished').innerText()).toBe(
      '1 de 1 han terminado · Puntuación media hasta ahora: 2000',
    );
    const more = panel.getByRole('switch', { name: 'Dar el doble de tiempo a Lucía' });
    await more.click();
    await expect.poll(() => more.getAttribute('aria-checked')).toBe('true');
    await shoot(panel, 'panel', [HD, PROJECTOR, PHONE], 'homework-card');
  });
});
