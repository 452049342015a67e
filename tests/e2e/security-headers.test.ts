import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, PROJECTOR } from '../helpers/browser.ts';
import { freePort } from '../helpers/server-process.ts';
import { HostPage } from './pages/host-page.ts';
import { ResultsPage } from './pages/results-page.ts';
import { ShareDialog } from './pages/share-dialog.ts';
import { VotePage } from './pages/vote-page.ts';
import { type Seeded, setUpAppUnderTest } from './support/fixture.ts';

/**
 * The built app under its Content-Security-Policy: every screen runs with no violation and no
 * console error, and a page on another origin cannot frame the participant page (the clickjack
 * that cast a vote through an invisible frame).
 */
const app = setUpAppUnderTest();
let poll: Seeded;

beforeAll(async () => {
  poll = await app.seedPoll({
    title: 'Bajo CSP',
    settings: { resultsPublic: true },
    questions: [
      { text: '¿Funciona?', type: 'yesno' },
      { text: '¿Qué más?', type: 'multiple', options: ['Uno', 'Dos'] },
    ],
    status: 'open',
  });
});

/** Everything a page says went wrong: CSP violations (event and console) and page errors. */
async function watched(page: Page): Promise<() => Promise<string[]>> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    // A 404 the screen itself expects (an unknown poll) is logged by Chromium; not a fault.
    if (/^Failed to load resource: the server responded with a status of 404/.test(text)) return;
    problems.push(`console: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const w = window as unknown as { __csp?: string[] };
      w.__csp = [...(w.__csp ?? []), `${event.violatedDirective} ${event.blockedURI}`];
    });
  });
  return async () => {
    const csp = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    return [...problems, ...csp.map((v) => `csp: ${v}`)];
  };
}

describe('the app under its CSP', () => {
  it('runs the home page, the host panel and the QR dialog (PNG and SVG) cleanly', async () => {
    const page = await app.newPage({ width: 1280, height: 800 }, poll);
    const problems = await watched(page);
    await page.goto(`${app.server.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const host = new HostPage(page, app.server.url);
    await host.goto(poll.slug);
    await host.waitForPanel();
    const share = new ShareDialog(page);
    await share.open();
    const png = await share.downloadPng();
    expect(png.bytes.subarray(1, 4).toString()).toBe('PNG');
    const svg = await share.downloadSvg();
    expect(svg.bytes.toString()).toContain('<svg');
    await share.close();
    expect(await problems()).toEqual([]);
  });

  it('runs the participant page through a vote, the results page and a 404 cleanly', async () => {
    const page = await app.newPage(PHONE);
    const problems = await watched(page);
    const voter = new VotePage(page, app.server.url);
    await voter.goto(poll.slug);
    await voter.submit({ '¿Funciona?': ['Sí'], '¿Qué más?': ['Uno', 'Dos'] });
    await page.getByRole('heading', { name: /gracias/i }).waitFor();

    const projector = await app.newPage(PROJECTOR);
    const projectorProblems = await watched(projector);
    const results = new ResultsPage(projector, app.server.url);
    await results.goto(poll.slug);
    await results.waitForLive();

    await page.goto(`${app.server.url}/p/abcdefgh`);
    await page.getByRole('heading', { name: 'Encuesta no encontrada' }).waitFor();
    await page.goto(`${app.server.url}/no/existe`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await problems()).toEqual([]);
    expect(await projectorProblems()).toEqual([]);
  });
});

describe('framing', () => {
  let other: Server;
  let otherUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    // Another origin (another port), as an attacker's page would be.
    other = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(
        `<!doctype html><title>Premio</title>` +
          `<iframe id="f" src="${app.server.url}/p/${poll.slug}" width="400" height="600" style="opacity:0.01"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
    otherUrl = `http://127.0.0.1:${port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => other.close(() => resolve())));

  it('a page on another origin cannot frame the participant page', async () => {
    const page = await app.newPage(PHONE);
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
    });
    await page.goto(otherUrl);
    await expect.poll(() => refusals.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    // Blocked: the frame holds Chromium's error page, never the poll.
    expect(frame?.url()).not.toContain(`/p/${poll.slug}`);
    const buttons = frame
      ? await frame.getByRole('button', { name: 'Enviar respuestas' }).count()
      : 0;
    expect(buttons).toBe(0);
  });
});
