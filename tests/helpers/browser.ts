import { type Browser, chromium, type Download } from 'playwright-core';

/** Debian's Chromium; never a downloaded browser (no internet here). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How every test Chromium starts, launched here or as the e2e project's shared browser. */
export const CHROMIUM_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  // Without the background-networking flags Chromium keeps dialing Google on this closed network.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM_OPTIONS);
}

/**
 * The Chromium a `chromium.launchServer` listens with at `endpoint` (the e2e project's global
 * setup), else one of its own. A connection's `close()` closes the contexts it made and leaves
 * the shared browser running.
 */
export async function browserAt(endpoint: string | undefined): Promise<Browser> {
  return endpoint ? chromium.connect(endpoint) : launchBrowser();
}

export const PHONE = { width: 390, height: 844 };
export const PROJECTOR = { width: 1920, height: 1080 };

/**
 * A download's bytes. Read through Playwright's stream: `download.path()` throws in a browser
 * connected to (the e2e project's shared Chromium), whose files are not on this side.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
