import { describe, expect, it } from 'vitest';
import { PHONE } from '../helpers/browser.ts';
import { PhoneQaPage } from './pages/qa-page.ts';
import { setUpAppUnderTest } from './support/fixture.ts';

/**
 * Issue 24: '1 pregunta nueva' showed above 'Aún no hay preguntas'. An empty list has nothing
 * to keep in place: it shows the new questions.
 */
const app = setUpAppUnderTest();

describe("the phone's Preguntas tab", () => {
  it('shows the first question itself instead of a button over an empty list', async () => {
    const seeded = await app.seedPoll({
      title: 'Charla',
      settings: { qa: true },
      questions: [{ text: '¿Te gusta?', options: ['Sí', 'No'] }],
      status: 'open',
    });
    const phone = new PhoneQaPage(await app.newPage(PHONE), app.server.url);
    await phone.goto(seeded.slug);
    await phone.tab('Preguntas').click();
    await phone.page.getByText('Aún no hay preguntas').first().waitFor();
    // The tab has its page heading (axe: page-has-heading-one).
    expect(await phone.page.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual([
      'Preguntas del público',
    ]);

    const other = new PhoneQaPage(await app.newPage(PHONE), app.server.url);
    await other.goto(seeded.slug);
    await other.tab('Preguntas').click();
    await other.ask('¿Hay descanso?');

    await phone.question('¿Hay descanso?').waitFor();
    expect(await phone.newQuestions().count()).toBe(0);
    expect(await phone.page.getByText('Aún no hay preguntas').count()).toBe(0);
  });
});
