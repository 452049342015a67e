import type { Locator } from 'playwright-core';
import { Screen } from './screen.ts';

/** The participation page's 'Preguntas' tab (issue 20). */
export class PhoneQaPage extends Screen {
  async goto(slug: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/p/${encodeURIComponent(slug)}`);
  }

  readonly tab = (name: 'Encuesta' | 'Preguntas') => this.page.getByRole('tab', { name });
  readonly questions = () => this.page.getByTestId('qa-question');
  readonly question = (text: string) => this.questions().filter({ hasText: text });
  readonly voteButton = (text: string) => this.question(text).getByRole('button');
  readonly newQuestions = () => this.page.getByRole('button', { name: /preguntas? nuevas?/ });

  async ask(text: string, name?: string): Promise<void> {
    await this.page.getByLabel('Escribe tu pregunta').fill(text);
    if (name !== undefined) await this.page.getByLabel('Tu nombre (opcional)').fill(name);
    await this.page.getByRole('button', { name: 'Enviar', exact: true }).click();
  }
}

/** The host panel's 'Preguntas del público' card. */
export class HostQaCard extends Screen {
  readonly card = (): Locator => this.page.getByRole('region', { name: 'Preguntas del público' });
  readonly item = (text: string) =>
    this.card().getByTestId('qa-host-question').filter({ hasText: text });
  readonly tab = (name: string) =>
    this.card().getByRole('button', { name: new RegExp(`^${name}`) });

  async act(text: string, action: string): Promise<void> {
    await this.item(text).getByRole('button', { name: action, exact: true }).click();
  }
}
