import type { Locator } from 'playwright-core';
import { Screen } from './screen.ts';

export type OptionRow = { text: string; count: string; percent: string | null; leading: boolean };

/** The live results page /r/{slug}. */
export class ResultsPage extends Screen {
  async goto(slug: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/r/${encodeURIComponent(slug)}`);
    // The page is server-rendered: it shows before React runs; taps count once it has.
    await this.page.locator('[data-hydrated]').waitFor({ state: 'attached' });
  }

  readonly title = () => this.page.getByRole('heading', { level: 1 });
  readonly totalVotes = () => this.page.getByTestId('total-votes');
  readonly live = () => this.page.getByText('En vivo', { exact: true });
  readonly loadFailed = () =>
    this.page.getByRole('heading', { name: 'No se pudieron cargar los resultados' });

  async waitForLive(): Promise<void> {
    await this.live().waitFor();
  }

  question(text: string): Locator {
    return this.page.locator('section').filter({
      has: this.page.getByRole('heading', {
        level: 2,
        name: new RegExp(`${text.replace(/[?¿]/g, '.')}$`),
      }),
    });
  }

  /** The option rows of one question as shown, top to bottom. */
  async options(questionText: string): Promise<OptionRow[]> {
    return this.question(questionText)
      .getByTestId('result-option')
      .evaluateAll((rows) =>
        rows.map((row) => ({
          text: row.querySelector('[data-testid="result-option-text"]')?.textContent ?? '',
          count: row.querySelector('[data-testid="result-option-count"]')?.textContent ?? '',
          percent: row.querySelector('[data-testid="result-option-percent"]')?.textContent ?? null,
          leading: row.getAttribute('data-leading') === 'true',
        })),
      );
  }

  /** The words of an open-text question's cloud as read to screen readers ('word: n …'). */
  async cloudWords(questionText: string): Promise<string[]> {
    return this.question(questionText)
      .getByTestId('word-cloud-list')
      .locator('li')
      .allTextContents();
  }

  /** The words drawn in the cloud shape on show, with where each is drawn. */
  async drawnWords(questionText: string): Promise<Record<string, string>> {
    return this.question(questionText)
      .locator('[data-testid="word-cloud-svg"]:visible text')
      .evaluateAll((texts) =>
        Object.fromEntries(
          texts.map((t) => [t.getAttribute('data-word') ?? '', (t as SVGElement).style.transform]),
        ),
      );
  }

  readonly scaleAverage = (questionText: string) =>
    this.question(questionText).getByTestId('scale-average');

  /** Switches an open-text question to its list of answers and reads it, newest first. */
  async answerList(questionText: string): Promise<string[]> {
    const question = this.question(questionText);
    await question.getByRole('button', { name: 'Lista' }).click();
    const list = question
      .getByTestId('text-answer-list')
      .or(question.getByTestId('text-no-answers'));
    await list.first().waitFor();
    return question.getByTestId('text-answer-list').locator('li').allTextContents();
  }
}
