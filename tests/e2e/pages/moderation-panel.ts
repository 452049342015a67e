import type { Locator } from 'playwright-core';

/** The host's moderation of one open-text question (host panel or the host's results page). */
export class ModerationPanel {
  constructor(readonly root: Locator) {}

  /** Opens the panel (a disclosure) if it is closed. */
  async open(): Promise<void> {
    await this.root.waitFor();
    if ((await this.root.getAttribute('open')) === null) {
      await this.root.locator('summary').click();
    }
  }

  readonly pending = () => this.root.getByTestId('moderation-pending');
  readonly answer = (text: string) =>
    this.root.getByTestId('moderation-answer').filter({ hasText: text });

  async hideWord(word: string): Promise<void> {
    await this.root.getByRole('button', { name: `Quitar «${word}» de la nube` }).click();
    await this.root.getByRole('button', { name: `Devolver «${word}» a la nube` }).waitFor();
  }

  async restoreWord(word: string): Promise<void> {
    await this.root.getByRole('button', { name: `Devolver «${word}» a la nube` }).click();
    await this.root.getByRole('button', { name: `Quitar «${word}» de la nube` }).waitFor();
  }

  /** 'Ocultar', 'Mostrar' or 'Aprobar' on one answer; waits for its new state. */
  async act(action: 'Ocultar' | 'Mostrar' | 'Aprobar', text: string): Promise<void> {
    const row = this.answer(text);
    const before = await row.getAttribute('data-state');
    await row.getByRole('button', { name: `${action}: «${text}»` }).click();
    await this.root
      .locator(`[data-testid="moderation-answer"]:not([data-state="${before}"])`)
      .filter({ hasText: text })
      .waitFor();
  }

  async approveAll(): Promise<void> {
    await this.root.getByTestId('approve-all').click();
    await this.root.getByTestId('approve-all').waitFor({ state: 'detached' });
  }
}
