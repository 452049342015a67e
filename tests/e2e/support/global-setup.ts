import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_OPTIONS } from '../../helpers/browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the project's one Chromium listens (`chromium.connect`). */
    chromiumEndpoint: string;
    /** build/server/main.js is compiled from the current sources: files start that, not tsx. */
    compiledServer: boolean;
  }
}

const root = new URL('../../..', import.meta.url).pathname;

/**
 * The e2e project's global setup. Each file used to start its own Chromium and its server through
 * tsx: ~4.4 s per file, 49 files. Now one Chromium serves every file (a file connects, and its
 * contexts close when it disconnects), and the server runs compiled, as `npm start` runs it
 * (1.5 s to /health instead of 2.8 s). The build is redone here when older than its sources
 * (scripts/server-build.mjs), so a file never tests stale code; if it fails, tsx as before.
 */
export default async function setup(project: TestProject) {
  let compiled = true;
  try {
    execFileSync(process.execPath, [join(root, 'scripts/server-build.mjs')], {
      cwd: root,
      stdio: 'inherit',
    });
  } catch {
    compiled = false;
    console.warn('e2e: the server did not compile; the files start it through tsx');
  }
  project.provide('compiledServer', compiled);
  const browser = await chromium.launchServer(CHROMIUM_OPTIONS);
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
  };
}
