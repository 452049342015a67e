import { Screen } from './screen.ts';

/** The home screen: landing copy and the create-poll form. */
export class HomePage extends Screen {
  readonly titleInput = () => this.page.getByLabel('Título de la encuesta');
  readonly submitButton = () => this.page.getByRole('button', { name: 'Crear encuesta' });
  readonly resultsPublicSwitch = () =>
    this.page.getByRole('switch', { name: 'Resultados públicos' });

  async goto(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/`);
    await this.titleInput().waitFor();
  }

  /** Fills the form, submits it and waits for the host panel; returns the new poll's slug. */
  async createPoll(title: string, options: { resultsPublic?: boolean } = {}): Promise<string> {
    await this.titleInput().fill(title);
    if (options.resultsPublic) await this.resultsPublicSwitch().click();
    await this.submitButton().click();
    await this.page.waitForURL(/\/host\/[^/]+$/);
    const slug = new URL(this.page.url()).pathname.split('/').pop();
    if (!slug) throw new Error(`No slug in ${this.page.url()}`);
    return decodeURIComponent(slug);
  }
}
