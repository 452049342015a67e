import type { Page } from 'playwright-core';

/**
 * Resolves once the page's finite animations and transitions have ended (a toast sliding in, a
 * theme's colours changing); endless ones (a spinner) are left running. For measurements that
 * must see the page as it settles: colours for axe, a toast's box for the layout checks.
 */
export async function finiteAnimationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
