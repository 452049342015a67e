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
}
