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

  /** A word's button, named by what it does and the word ('Quitar de la nube: Café 1'). */
  word(action: 'hide' | 'show', word: string): Locator {
    const said = action === 'hide' ? 'Quitar de la nube:' : 'Oculta; devolver a la nube:';
    return this.root.getByRole('button', { name: new RegExp(`^${said}\\s*${word}\\s*\\d+$`) });
  }

  async hideWord(word: string): Promise<void> {
    await this.word('hide', word).click();
    await this.word('show', word).waitFor();
  }

  async restoreWord(word: string): Promise<void> {
    await this.word('show', word).click();
    await this.word('hide', word).waitFor();
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
