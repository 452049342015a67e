import type { Locator, Page } from 'playwright-core';

/** What every screen's page object shares: its page, the server's URL and the toasts. */
export abstract class Screen {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  /** Waits for a toast with this text (sonner may show several at once). */
  async toast(text: string): Promise<Locator> {
    const toast = this.page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
    await toast.waitFor();
    return toast;
  }
}
