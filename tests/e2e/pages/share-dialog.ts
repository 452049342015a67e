import type { Locator, Page } from 'playwright-core';
import { downloadedBytes } from '../../helpers/browser.ts';

export type DownloadedFile = { name: string; bytes: Buffer };

/** The QR dialog opened from the host panel's 'Compartir' card. */
export class ShareDialog {
  constructor(readonly page: Page) {}

  readonly dialog = (): Locator => this.page.getByRole('dialog', { name: 'Código QR' });
  readonly link = (): Locator => this.dialog().getByTestId('qr-link');
  readonly image = (): Locator => this.dialog().getByRole('img', { name: /^Código QR de / });

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: 'Mostrar código QR' }).click();
    await this.image().waitFor();
  }

  downloadPng(): Promise<DownloadedFile> {
    return this.download('Descargar PNG');
  }

  downloadSvg(): Promise<DownloadedFile> {
    return this.download('Descargar SVG');
  }

  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.dialog().waitFor({ state: 'hidden' });
  }

  private async download(label: string): Promise<DownloadedFile> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.dialog().getByRole('button', { name: label }).click(),
    ]);
    return { name: download.suggestedFilename(), bytes: await downloadedBytes(download) };
  }
}
