import type { Locator } from 'playwright-core';
import { Screen } from './screen.ts';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The participant page /p/{slug}. */
export class VotePage extends Screen {
  async goto(slug: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/p/${encodeURIComponent(slug)}`);
    // The page is server-rendered: it shows before React runs; taps count once it has.
    await this.page.locator('[data-hydrated]').waitFor({ state: 'attached' });
  }

  readonly submitButton = () => this.page.getByRole('button', { name: 'Enviar respuestas' });
  readonly progress = () => this.page.getByTestId('vote-progress');
  readonly heading = (text: string) => this.page.getByRole('heading', { name: text, exact: true });

  /** The fieldset of one question (its legend reads "n. text"). */
  question(text: string): Locator {
    return this.page.getByRole('group', { name: new RegExp(`${escapeRegExp(text)}$`) });
  }

  /** Taps the option's row (the whole row is the target, as a thumb would). */
  async choose(questionText: string, optionText: string): Promise<void> {
    await this.question(questionText).getByText(optionText, { exact: true }).click();
  }

  /** Types an open answer into a text question's field. */
  async typeAnswer(questionText: string, text: string): Promise<void> {
    await this.question(questionText).getByRole('textbox').fill(text);
  }

  /** Taps a value of a scale question (its button reads the number, '1, Nada' at an end). */
  async chooseValue(questionText: string, value: number): Promise<void> {
    await this.question(questionText)
      .getByRole('radio', { name: new RegExp(`^${value}(,|$)`) })
      .check({ force: true });
  }

  /** Picks every answer (question text → option texts) and presses 'Enviar respuestas'. */
  async submit(answers: Record<string, string[]>): Promise<void> {
    await this.submitButton().waitFor();
    for (const [question, options] of Object.entries(answers)) {
      for (const option of options) await this.choose(question, option);
    }
    await this.submitButton().click();
  }

  /** Submits and waits for the thank-you screen. */
  async vote(answers: Record<string, string[]>): Promise<void> {
    await this.submit(answers);
    await this.heading('¡Gracias por participar!').waitFor();
  }

  /** Forgets this tab's 'vote sent' flag, as a new browser session would. */
  async clearSession(): Promise<void> {
    await this.page.evaluate(() => sessionStorage.clear());
  }
}
