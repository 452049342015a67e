import type { Locator } from 'playwright-core';

/** The host panel's 'Palabras bloqueadas' card (issue 17). */
export class BlockedWordsCard {
  constructor(readonly root: Locator) {}

  /** The words listed, as shown. */
  words(): Promise<string[]> {
    return this.root.locator('li').allTextContents();
  }

  async add(word: string): Promise<void> {
    await this.root.getByLabel('Palabra o frase que bloquear').fill(word);
    await this.root.getByRole('button', { name: 'Añadir' }).click();
    await this.root.locator('li').filter({ hasText: word }).waitFor();
  }

  async remove(word: string): Promise<void> {
    await this.root.getByRole('button', { name: `Quitar «${word}»` }).click();
    await this.root.locator('li').filter({ hasText: word }).waitFor({ state: 'detached' });
  }

  async applyToExisting(): Promise<void> {
    await this.root.getByRole('button', { name: 'Aplicar a las respuestas existentes' }).click();
  }
}
