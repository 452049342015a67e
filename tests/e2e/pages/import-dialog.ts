import { join } from 'node:path';
import { Screen } from './screen.ts';

export const POLL_FILE_FIXTURES = join(import.meta.dirname, '../../fixtures/poll-files');

/** 'Importar encuesta' / 'Crear desde archivo' (issue 28): the dialog and its report. */
export class ImportDialog extends Screen {
  readonly dialog = () => this.page.getByRole('dialog', { name: 'Importar encuesta' });
  readonly report = () => this.page.getByRole('dialog').getByRole('status');

  /** Chooses a fixture file and imports it. */
  async importFile(name: string): Promise<void> {
    await this.dialog()
      .getByLabel('Archivo', { exact: true })
      .setInputFiles(join(POLL_FILE_FIXTURES, name));
    await this.dialog().getByRole('button', { name: 'Importar', exact: true }).click();
  }

  async paste(text: string): Promise<void> {
    await this.dialog().getByRole('tab', { name: 'Pegar preguntas' }).click();
    await this.dialog().getByLabel('Preguntas', { exact: true }).fill(text);
    await this.dialog().getByRole('button', { name: 'Importar', exact: true }).click();
  }

  /** From the report of skipped lines to the new poll's panel. */
  async openPoll(): Promise<void> {
    await this.page.getByRole('button', { name: 'Abrir la encuesta' }).click();
    await this.page.waitForURL(/\/host\/[^/]+$/);
  }
}
