import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { measureRoutes } from '../scripts/route-bytes.ts';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import { CHROMIUM_PATH } from '../tests/helpers/browser.ts';
import { createBenchPoll } from './lib/api.ts';
import { root, startServer, tempSqlite } from './lib/processes.ts';
import { machine, type Row, table, writeResults } from './lib/report.ts';

/**
 * `npm run bench:phone` (issue 11): a new phone opening the vote page on a throttled link, against
 * a static HTML page with the same questions and the same stylesheet, in one run, alternating.
 *   Slow 4G (400 ms RTT, 1.6 Mbps down, 750 kbps up) and 4× CPU slowdown through CDP, cold cache
 *   (a new context per load, cache disabled), 390×844.
 *   first question: the first frame after the first question's text is in the document;
 *   tap-ready: the form takes a tap (the app hydrated; the static page: its first frame).
 * BENCH_PHONE_RUNS=5 loads of each; BENCH_OUT (default bench/results-phone.md).
 */

const RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 5);
const out = process.env.BENCH_OUT ?? join(root, 'bench/results-phone.md');
const SLOW_4G = {
  offline: false,
  latency: 400,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

type Load = { firstQuestion: number; tapReady: number };

/**
 * Notes, from before the first byte is parsed, when the first question and hydration show. A
 * string, not a function: tsx would wrap the function's inner names in a helper the page lacks.
 */
const probe = (questionText: string) => `(() => {
  const w = window;
  const question = ${JSON.stringify(questionText)};
  const frameAfter = (key) => requestAnimationFrame(() => { if (w[key] === undefined) w[key] = performance.now(); });
  const check = () => {
    if (w.__seen === undefined && document.body && document.body.textContent.includes(question)) {
      w.__seen = 1;
      frameAfter('__firstQuestion');
    }
    if (w.__ready === undefined && document.querySelector('[data-hydrated]')) {
      w.__ready = 1;
      frameAfter('__tapReady');
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

async function load(
  browser: Browser,
  url: string,
  question: string,
  isApp: boolean,
): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript({ content: probe(question) });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const key = isApp ? '__tapReady' : '__firstQuestion';
    await page
      .waitForFunction((k) => (window as never)[k] !== undefined, key, { timeout: 60_000 })
      .catch(async (error: unknown) => {
        const text = await page.evaluate(() => document.body?.textContent?.slice(0, 200));
        throw new Error(`${url}: no ${key} (page: ${text})`, { cause: error });
      });
    // Awaited here: returned bare, the finally below would close the context before it answers.
    return await page.evaluate((app) => {
      const w = window as unknown as Record<string, number>;
      const first = w.__firstQuestion ?? Number.NaN;
      return { firstQuestion: first, tapReady: app ? (w.__tapReady ?? Number.NaN) : first };
    }, isApp);
  } finally {
    await context.close();
  }
}

/** The server-rendered vote page without any script: the limit to compare with. */
async function staticPage(appUrl: string, path: string): Promise<HttpServer> {
  const html = await (await fetch(appUrl + path)).text();
  const css = /<link rel="stylesheet"[^>]*href="([^"]+)"/.exec(html)?.[1];
  if (!css) throw new Error('no stylesheet in the vote page');
  const stripped = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
  const files = new Map([
    ['/static', { type: 'text/html; charset=utf-8', body: gzipSync(stripped) }],
    [css, { type: 'text/css', body: gzipSync(await (await fetch(appUrl + css)).text()) }],
  ]);
  const server = createServer((req, res) => {
    const file = files.get(req.url ?? '');
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.type, 'content-encoding': 'gzip' }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const median = (xs: number[]) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? Number.NaN;
};
const ms = (x: number) => `${(x / 1000).toFixed(2)} s`;

ensureWebBuild();
const sondeo = await startServer({
  script: 'src/server/main.ts',
  env: { DATABASE_URL: tempSqlite() },
  healthPath: '/api/v1/health',
});
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
let staticServer: HttpServer | undefined;
try {
  const poll = await createBenchPoll(sondeo.url, { resultsPublic: true });
  const path = `/p/${poll.slug}`;
  const pollJson = (await (
    await fetch(`${sondeo.url}/api/v1${path.replace('/p/', '/polls/')}`)
  ).json()) as {
    questions: { text: string; ordinal: number }[];
  };
  const question = [...pollJson.questions].sort((a, b) => a.ordinal - b.ordinal)[0]?.text ?? '';
  staticServer = await staticPage(sondeo.url, path);
  const staticUrl = `http://127.0.0.1:${(staticServer.address() as AddressInfo).port}/static`;
  const app: Load[] = [];
  const stat: Load[] = [];
  for (let run = 1; run <= RUNS; run++) {
    // Alternating, so drift in the machine's load hits both alike.
    // A load that fails (a browser crash on a starved machine) is reported and left out.
    const attempt = (url: string, isApp: boolean) =>
      load(browser, url, question, isApp).catch((error: unknown) => {
        console.log(`  run ${run} failed: ${(error as Error).message.split('\n')[0]}`);
        return { firstQuestion: Number.NaN, tapReady: Number.NaN };
      });
    stat.push(await attempt(staticUrl, false));
    app.push(await attempt(sondeo.url + path, true));
    const [a, s] = [app.at(-1)!, stat.at(-1)!];
    console.log(
      `run ${run}: static ${ms(s.firstQuestion)}; app first question ${ms(a.firstQuestion)}, tap-ready ${ms(a.tapReady)}`,
    );
  }
  const sFirst = median(stat.map((l) => l.firstQuestion));
  const aFirst = median(app.map((l) => l.firstQuestion));
  const aTap = median(app.map((l) => l.tapReady));
  const bytes = await measureRoutes();
  const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  const rows: Row[] = [
    { measure: 'Static page: first question painted (median)', result: ms(sFirst) },
    {
      measure: 'Vote page: first question painted (median)',
      result: `${ms(aFirst)} (${(aFirst / sFirst).toFixed(2)}× static)`,
      target: '≤ 1.5× static',
      met: aFirst <= 1.5 * sFirst,
    },
    {
      measure: 'Vote page: form takes a tap (median)',
      result: `${ms(aTap)} (${(aTap / sFirst).toFixed(2)}× static)`,
      target: '≤ 2× static',
      met: aTap <= 2 * sFirst,
    },
    ...Object.entries(bytes).map(([route, b]) => ({
      measure: `${route}{slug} bytes (HTML + JS + CSS)`,
      result: `gzip ${kb(b.gzip.total)}, brotli ${kb(b.br.total)}`,
      target: route === '/p/' ? '≤ 100 kB gzip' : undefined,
      met: route === '/p/' ? b.gzip.total <= 100_000 : undefined,
    })),
  ];
  const detail = `Runs (static / app first question / app tap-ready, s): ${app
    .map(
      (a, i) =>
        `${(stat[i]!.firstQuestion / 1000).toFixed(2)} / ${(a.firstQuestion / 1000).toFixed(2)} / ${(a.tapReady / 1000).toFixed(2)}`,
    )
    .join('; ')}`;
  const result = `${table(rows)}\n\n${detail}`;
  console.log(`\n${result}\n`);
  writeResults(out, 'Phone load (npm run bench:phone)', `${machine()}\n\n${result}\n`);
  console.log(`Written to ${out}`);
} finally {
  staticServer?.close();
  await browser.close();
  await sondeo.stop();
}
