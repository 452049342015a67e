import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createBenchPoll } from './lib/api.ts';
import { type Server, startServer, tempSqlite } from './lib/processes.ts';

/**
 * Server CPU per request of each kind a phone makes when it joins (page, each asset, the poll,
 * the event stream, the ballot), measured one kind at a time from /proc: what the join wave
 * costs the server, independent of how loaded the machine is. Not part of `npm run bench`:
 *   node --import tsx bench/join-costs.ts      (JOIN_COSTS_N=1000 requests a kind,
 *                                             JOIN_COSTS_CONCURRENCY=20 at a time)
 */
/** stime of /proc/<pid>/stat: the kernel's share (sockets, loopback TCP). */
function systemSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[12]) / 100;
}

const n = Number(process.env.JOIN_COSTS_N ?? 1000);
const CONCURRENCY = Number(process.env.JOIN_COSTS_CONCURRENCY ?? 20);
/** JOIN_COSTS_ONLY=events,votes: only the kinds whose label holds one of these words. */
const only = process.env.JOIN_COSTS_ONLY?.split(',');

type Res = { status: number; body: string; cookie?: string };

function call(
  agent: Agent,
  url: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
) {
  return new Promise<Res>((resolve, reject) => {
    const req = request(url, { agent, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('latin1'),
          cookie: res.headers['set-cookie']
            ?.find((c) => c.startsWith('sondeo_pid='))
            ?.split(';')[0],
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function cost(
  server: Server,
  label: string,
  one: (i: number, agent: Agent) => Promise<unknown>,
  fresh = false,
): Promise<void> {
  if (only && !only.some((word) => label.includes(word))) return;
  const shared = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const before = server.cpuSeconds();
  const sysBefore = systemSeconds(server.pid);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) {
        const i = next++;
        // From 20 loopback addresses, like the join wave (streams are capped per address).
        const agent = fresh
          ? new Agent({ keepAlive: false, localAddress: `127.0.0.${(i % 20) + 2}` })
          : shared;
        await one(i, agent);
      }
    }),
  );
  const us = ((server.cpuSeconds() - before) * 1e6) / n;
  const sys = ((systemSeconds(server.pid) - sysBefore) * 1e6) / n;
  const wall = (performance.now() - started) / n;
  console.log(
    `${label.padEnd(48)} ${us.toFixed(0).padStart(5)} µs server CPU each ` +
      `(${sys.toFixed(0)} in the kernel; ${(wall * 1000).toFixed(0)} µs wall)`,
  );
  shared.destroy();
}

const server = await startServer({
  script: 'src/server/main.ts',
  env: { DATABASE_URL: tempSqlite(), RATE_LIMITS: 'off' },
  healthPath: '/api/v1/health',
  nodeArgs: process.env.JOIN_COSTS_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/perf11/prof'] : [],
});
try {
  const poll = await createBenchPoll(server.url, { resultsPublic: true });
  const base = server.url;
  const gz = { 'accept-encoding': 'gzip' };
  const page = await call(new Agent(), `${base}/p/${poll.slug}`, { accept: 'text/html' });
  const assets = [
    ...page.body.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/assets\/[^"]+)"/g),
  ].map((m) => m[1]!);
  console.log(`page ${page.body.length} B, assets: ${assets.join(' ')}`);
  const first = await call(new Agent(), `${base}/api/v1/polls/${poll.slug}`, {});
  const cookie = first.cookie!;
  // Warm-up: the JIT, the caches.
  for (let i = 0; i < 300; i++)
    await call(new Agent(), `${base}/p/${poll.slug}`, { ...gz, accept: 'text/html' });
  await cost(server, 'GET /p/{slug} (gzip, keep-alive)', (_, a) =>
    call(a, `${base}/p/${poll.slug}`, { ...gz, accept: 'text/html' }),
  );
  await cost(
    server,
    'GET /p/{slug} (gzip, new connection each)',
    (_, a) => call(a, `${base}/p/${poll.slug}`, { ...gz, accept: 'text/html' }),
    true,
  );
  for (const asset of [...new Set(assets)]) {
    await cost(server, `GET ${asset.slice(0, 30)} (gzip)`, (_, a) =>
      call(a, `${base}${asset}`, { ...gz, accept: '*/*' }),
    );
  }
  await cost(server, 'GET /api/v1/polls/{slug} (no cookie: issues one)', (_, a) =>
    call(a, `${base}/api/v1/polls/${poll.slug}`, { accept: 'application/json' }),
  );
  await cost(server, 'GET /api/v1/polls/{slug} (with cookie)', (_, a) =>
    call(a, `${base}/api/v1/polls/${poll.slug}`, { accept: 'application/json', cookie }),
  );
  // Streams: opened and held (as phones do) until all are open, then closed.
  const held: { destroy(): void }[] = [];
  await cost(
    server,
    'GET …/events?as=participant (opened, held)',
    (i, a) =>
      new Promise<void>((resolve, reject) => {
        const req = request(`${base}/api/v1/polls/${poll.slug}/events?as=participant`, {
          agent: a,
          headers: { accept: 'text/event-stream', cookie: i % 2 ? cookie : '' },
        });
        req.on('response', (res) => {
          held.push(res);
          if (res.statusCode !== 200) reject(new Error(`stream ${res.statusCode}`));
          let seen = '';
          res.on('data', (c: Buffer) => {
            seen += c.toString('latin1');
            if (seen.includes('event: poll')) resolve();
          });
        });
        req.on('error', reject);
        req.end();
      }),
    true,
  );
  // Ballots with each their own participant (a cookie issued by a GET), over held streams.
  const cookies: string[] = [];
  const votes = !only || only.some((word) => 'POST …/votes'.includes(word));
  for (let i = 0; votes && i < n; i++)
    cookies.push((await call(new Agent(), `${base}/api/v1/polls/${poll.slug}`, {})).cookie!);
  await cost(server, `POST …/votes (${held.length} streams open)`, (i, a) =>
    call(
      a,
      `${base}/api/v1/polls/${poll.slug}/votes`,
      { 'content-type': 'application/json', cookie: cookies[i]! },
      'POST',
      poll.ballot(i),
    ),
  );
  for (const h of held) h.destroy();
} finally {
  await server.stop();
}
