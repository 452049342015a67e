import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { finiteAnimationsEnded } from './animations.ts';

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/** Runs axe-core in the page; returns the serious and critical violations. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Colours are read as they are on screen: a toast fading in, or links moving to the dark
  // colours after a theme switch, would be measured halfway (contrast violations that only a
  // busy machine's timing showed). So finite animations and transitions end first; endless ones
  // (a spinner) are left running.
  await finiteAnimationsEnded(page);
  // Evaluated rather than added as a <script>: the app's CSP (script-src 'self') refuses inline
  // scripts, while DevTools evaluation is not subject to it.
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global
    const axe = (window as any).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return (results.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
