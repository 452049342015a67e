import type { Locator } from 'playwright-core';
import { Screen } from './screen.ts';

/** The presenter view /present/{slug}, driven by keys as a clicker would. */
export class PresenterPage extends Screen {
  async goto(slug: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/present/${encodeURIComponent(slug)}`);
    await this.page.getByTestId('presenter').waitFor();
  }

  readonly root = () => this.page.getByTestId('presenter');
  readonly slide = () => this.page.getByTestId('presenter-slide');
  readonly position = () => this.page.getByTestId('presenter-position');
  readonly joinScreen = () => this.page.getByTestId('presenter-join-screen');
  readonly joinStrip = () => this.page.getByTestId('presenter-join-strip');
  readonly joinQr = () => this.page.getByTestId('presenter-join-qr');
  readonly help = () => this.page.getByRole('dialog', { name: 'Atajos de teclado' });
  readonly hidden = () => this.page.getByTestId('presenter-hidden');
  readonly connected = () => this.page.getByTestId('presenter-connected').first();
  readonly question = () => this.page.getByRole('heading', { level: 1 });

  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
  }

  /** The slide shows this question (its position reads "n / total"). */
  async waitForPosition(text: string): Promise<void> {
    await this.page.getByTestId('presenter-position').filter({ hasText: text }).waitFor();
  }

  options(): Locator {
    return this.page.getByTestId('presenter-option');
  }
}
