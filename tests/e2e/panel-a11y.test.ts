import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HostPage } from './pages/host-page.ts';
import { axeViolations } from './support/axe.ts';
import { type HostKey, setUpAppUnderTest } from './support/fixture.ts';

const LAPTOP = { width: 1280, height: 800 };
const app = setUpAppUnderTest();

const FIVE = ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco'];

async function openPanel(seeded: HostKey, scheme: 'light' | 'dark' = 'light'): Promise<HostPage> {
  const page = await app.newPage(LAPTOP, seeded);
  await page.emulateMedia({ colorScheme: scheme });
  const host = new HostPage(page, app.server.url);
  await host.goto(seeded.slug);
  await host.waitForPanel();
  return host;
}

const focusedQuestionId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-question-id') ?? null);

/** Deletes a question from the keyboard: focus its bin, Enter, Tab to confirm, Enter. */
async function deleteWithKeyboard(host: HostPage, text: string): Promise<void> {
  await host.dismissToasts();
  await host.page.getByRole('button', { name: `Eliminar pregunta: ${text}`, exact: true }).focus();
  await host.page.keyboard.press('Enter');
  const dialog = host.page.getByRole('alertdialog');
  await dialog.waitFor();
  await host.page.keyboard.press('Tab');
  await host.page.keyboard.press('Enter');
  await host.toast('Pregunta eliminada');
  await host.question(text).waitFor({ state: 'detached' });
}

describe('host panel accessibility (issue 17)', () => {
  it('after a keyboard delete, focus goes to the next question, then the previous, then the form', async () => {
    const seeded = await app.seedPoll({
      title: 'Borrar con teclado',
      questions: ['Uno', 'Dos', 'Tres'].map((text) => ({ text, options: ['A', 'B'] })),
    });
    const host = await openPanel(seeded);
    const id = (text: string) => String(seeded.poll.questions.find((q) => q.text === text)!.id);

    await deleteWithKeyboard(host, 'Dos');
    await expect.poll(() => focusedQuestionId(host.page)).toBe(id('Tres'));
    // The focused card shows it: a visible outline, as every Tab stop has.
    const outline = await host.page.evaluate(
      () => getComputedStyle(document.activeElement!).outlineStyle,
    );
    expect(outline).toBe('solid');
    await deleteWithKeyboard(host, 'Tres');
    await expect.poll(() => focusedQuestionId(host.page)).toBe(id('Uno'));
    await deleteWithKeyboard(host, 'Uno');
    await expect
      .poll(() => host.page.evaluate(() => document.activeElement?.getAttribute('id') ?? ''))
      .toBe(await host.page.getByLabel('Texto de la pregunta').getAttribute('id'));
  });

  it("skip links lead from the top of the panel to the questions and to 'Nueva pregunta'", async () => {
    const seeded = await app.seedPoll({
      title: 'Cinco preguntas',
      questions: FIVE.map((text) => ({ text, options: ['A', 'B', 'C'] })),
    });
    const host = await openPanel(seeded);
    const { page } = host;
    const skipToForm = page.getByRole('link', { name: 'Saltar a «Nueva pregunta»' });
    // Past the header's links, the skip links are the first stops of the panel.
    let presses = 0;
    while (!(await skipToForm.evaluate((el) => el === document.activeElement))) {
      await page.keyboard.press('Tab');
      presses += 1;
      expect(presses).toBeLessThan(10);
    }
    expect(await skipToForm.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    const text = page.getByLabel('Texto de la pregunta');
    await expect.poll(() => text.evaluate((el) => el === document.activeElement)).toBe(true);
    // So 'Nueva pregunta' is a handful of presses away, not about 90.
    expect(presses + 1).toBeLessThan(12);

    await page.keyboard.press('Shift+Tab');
    await page.goto(page.url());
    await host.waitForPanel();
    await page.keyboard.press('Tab');
    const skipToQuestions = page.getByRole('link', { name: 'Saltar a las preguntas' });
    while (!(await skipToQuestions.evaluate((el) => el === document.activeElement))) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('panel-preguntas');
    // The next Tab enters the first question.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.activeElement?.closest('[data-question-id]') !== null),
    ).toBe(true);
  });

  it.each(['light', 'dark'] as const)(
    'axe finds no serious violation on a closed panel and the results page with a private-results toast (%s)',
    async (scheme) => {
      const seeded = await app.seedPoll({
        title: `Contraste ${scheme}`,
        status: 'closed',
        questions: [{ text: '¿Se lee bien?', type: 'yesno' }],
      });
      const host = await openPanel(seeded, scheme);
      await host.page.getByRole('button', { name: 'Reabrir encuesta' }).click();
      await host.toast('Encuesta reabierta');
      expect(await axeViolations(host.page)).toEqual([]);

      // An open poll with private results: the results page's 403 toast (an error toast).
      const page = await app.newPage(LAPTOP);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${app.server.url}/r/${seeded.slug}`);
      await page
        .locator('[data-sonner-toast]')
        .filter({ hasText: 'Resultados privados' })
        .waitFor();
      expect(await axeViolations(page)).toEqual([]);
    },
  );
});
