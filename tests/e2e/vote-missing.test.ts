import { describe, expect, it } from 'vitest';
import { PHONE } from '../helpers/browser.ts';
import { VotePage } from './pages/vote-page.ts';
import { setUpAppUnderTest } from './support/fixture.ts';

/** Issue 17: 'Enviar respuestas' stays inactive, and the page says which question is missing. */
const app = setUpAppUnderTest();

const TEXTS = ['¿Uno?', '¿Dos?', '¿Tres?', '¿Cuatro?', '¿Cinco?', '¿Seis?'];

describe('the vote page says what is missing', () => {
  it("shows 'Te falta la pregunta 4', and a tap on the button brings question 4 up", async () => {
    const seeded = await app.seedPoll({
      title: 'Seis preguntas',
      questions: TEXTS.map((text) => ({ text, type: 'yesno' as const })),
      status: 'open',
    });
    const page = await app.newPage(PHONE);
    const ballots: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/votes')) ballots.push(r.url());
    });
    const vote = new VotePage(page, app.server.url);
    await vote.goto(seeded.slug);
    for (const text of TEXTS.filter((t) => t !== '¿Cuatro?')) await vote.choose(text, 'Sí');
    expect(await vote.progress().textContent()).toBe('5 de 6 respondidas');
    const missing = page.getByRole('button', { name: 'Te falta la pregunta 4' });
    await missing.waitFor();
    // Inactive, and announced so, yet it takes the tap.
    expect(await vote.submitButton().getAttribute('aria-disabled')).toBe('true');
    expect(await vote.submitButton().isDisabled()).toBe(true);

    const fourth = vote.question('¿Cuatro?');
    await page.evaluate(() => window.scrollTo(0, 0));
    // The button is pinned to the bottom of the screen: the tap lands on it as a thumb's would.
    await vote.submitButton().click({ force: true });
    await expect
      .poll(() =>
        fourth.getByRole('radio', { name: 'Sí' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    const box = await fourth.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= PHONE.height).toBe(true);
    expect(ballots).toEqual([]);

    // The line does the same.
    await page.evaluate(() => window.scrollTo(0, 0));
    await missing.click();
    await expect
      .poll(() =>
        fourth.getByRole('radio', { name: 'Sí' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);

    await vote.choose('¿Cuatro?', 'No');
    expect(await vote.progress().textContent()).toBe('6 de 6 respondidas');
    expect(await vote.submitButton().getAttribute('aria-disabled')).toBe('false');
    await vote.submitButton().click();
    await vote.heading('¡Gracias por participar!').waitFor();
    expect(ballots).toHaveLength(1);
  });
});
