import { type ChildProcess, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { createBenchPoll, participants } from './lib/api.ts';
import { emptyHistogram, HIST_MS, percentile } from './lib/latency.ts';
import { forkTs, root, type Server } from './lib/processes.ts';
import type { Row } from './lib/report.ts';

/**
 * Issue 19's floods for bench/abuse.ts: idle sockets from many addresses, responses nobody reads,
 * anonymous readers rotating over big polls. Each takes a running server and adds rows.
 */

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(`  ${line}`);

/** GET `path` from `localAddress`, on a connection of its own; ok = a 2xx within 5 s. */
function probe(
  url: string,
  localAddress = '127.0.0.1',
): Promise<{ ok: boolean; ms: number; why?: string }> {
  const target = new URL(url);
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (ok: boolean, why?: string) => {
      const ms = performance.now() - started;
      if (!ok) log(`  probe ${target.pathname} failed after ${Math.round(ms)} ms: ${why}`);
      resolve({ ok, ms, why });
    };
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        localAddress,
        agent: false,
        timeout: 5000,
      },
      (res) => {
        res.resume();
        res.on('end', () => done((res.statusCode ?? 0) < 300, `status ${res.statusCode}`));
        res.on('error', (error) => done(false, error.message));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer in 5 s')));
    req.on('error', (error) => done(false, error.message));
    req.end();
  });
}

/** TCP sockets in use and the kernel's TCP memory (MB), machine-wide (/proc/net/sockstat). */
function tcpMemory(): { inuse: number; mb: number } {
  const line = /TCP: inuse (\d+) orphan \d+ tw \d+ alloc \d+ mem (\d+)/.exec(
    readFileSync('/proc/net/sockstat', 'utf8'),
  );
  return { inuse: Number(line?.[1] ?? 0), mb: (Number(line?.[2] ?? 0) * 4096) / 1024 / 1024 };
}

/** Bytes queued in the kernel's send buffers of the server's sockets (`ss -tm`, wmem_queued):
 *  what the server's side pins, apart from the clients' own receive buffers on loopback. */
function serverSendMb(port: number): number {
  const out = execFileSync('ss', ['-Htmn', 'state', 'all', 'sport', '=', `:${port}`], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  let bytes = 0;
  for (const m of out.matchAll(/skmem:\([^)]*\bw(\d+)/g)) bytes += Number(m[1]);
  return bytes / 1024 / 1024;
}

/** The participant page if the web app is built, else the poll it loads. */
function participantPath(slug: string): string {
  return existsSync(join(root, 'dist/web/index.html')) ? `/p/${slug}` : `/api/v1/polls/${slug}`;
}

/** Forks the idle-socket children: `sockets` in all over `addresses` addresses (two processes). */
async function forkIdle(
  port: string,
  sockets: number,
  addresses: number,
  oneAddress?: string,
): Promise<ChildProcess[]> {
  const children: ChildProcess[] = [];
  const half = Math.ceil(sockets / 2);
  await Promise.all(
    [0, 1].map(
      (i) =>
        new Promise<void>((resolve) => {
          const child = forkTs('bench/abuse-idle.ts', {
            PORT_NUMBER: port,
            SOCKETS: String(half),
            ADDRESSES: String(Math.ceil(addresses / 2)),
            FIRST_ADDRESS: String(i * Math.ceil(addresses / 2)),
            ...(oneAddress && { ONE_ADDRESS: oneAddress }),
          });
          children.push(child);
          child.once('message', () => resolve());
          child.once('exit', () => resolve());
        }),
    ),
  );
  return children;
}

/** Forks the stream children: `streams` attempts over `addresses` addresses (two processes);
 *  resolves once every attempt was answered, with the answers by status. */
async function forkStreams(
  url: string,
  streams: number,
  addresses: number,
): Promise<{ children: ChildProcess[]; counts: Record<string, number> }> {
  const children: ChildProcess[] = [];
  const counts: Record<string, number> = {};
  const half = Math.ceil(streams / 2);
  await Promise.all(
    [0, 1].map(
      (i) =>
        new Promise<void>((resolve) => {
          const child = forkTs('bench/abuse-streams.ts', {
            STREAM_URL: url,
            STREAMS: String(half),
            ADDRESSES: String(Math.ceil(addresses / 2)),
            FIRST_ADDRESS: String(i * Math.ceil(addresses / 2)),
          });
          children.push(child);
          child.once('message', (m: { counts: Record<string, number> }) => {
            for (const [k, v] of Object.entries(m.counts)) counts[k] = (counts[k] ?? 0) + v;
            resolve();
          });
          child.once('exit', () => resolve());
        }),
    ),
  );
  return { children, counts };
}

/** 30 probes 300 ms apart of /health (from 127.0.0.1) and the participant page (127.0.0.5). */
async function probeWhileFlooded(server: Server, page: string) {
  let healthFailed = 0;
  let pageFailed = 0;
  // Behind the bench's balancer, /health also asked of each instance directly: a probe lost
  // in the balancer is not the server's.
  let directFailed = 0;
  const direct = server.instanceUrls ?? [];
  const times = emptyHistogram();
  const probes = 30;
  for (let i = 0; i < probes; i++) {
    const [health, participant, ...instances] = await Promise.all([
      probe(`${server.url}/api/v1/health`),
      probe(`${server.url}${page}`, '127.0.0.5'),
      ...direct.map((url) => probe(`${url}/api/v1/health`, '127.0.0.6')),
    ]);
    if (!health.ok) healthFailed++;
    if (!participant.ok) pageFailed++;
    directFailed += instances.filter((p) => !p.ok).length;
    times[Math.min(HIST_MS - 1, Math.round(health.ms))]! += 1;
    await sleep(300);
  }
  const past =
    direct.length > 0
      ? ` · /health of each instance past the balancer ${directFailed}/${probes * direct.length} failed`
      : '';
  const summary = `/health ${healthFailed}/${probes} failed, p50 ${percentile(times, 0.5)} ms, p95 ${percentile(times, 0.95)} ms · participant page (${page.startsWith('/p/') ? '/p/' : 'GET poll'}) ${pageFailed}/${probes} failed${past}`;
  return { summary, met: healthFailed <= 1 && pageFailed <= 2 };
}

/** Open, made and failed counts of the idle children, then stops them. */
async function stopIdle(children: ChildProcess[]): Promise<{ open: number; opened: number }> {
  const counts = await Promise.all(
    children.map(
      (child) =>
        new Promise<{ open: number; opened: number }>((resolve) => {
          child.once('message', (m: { open: number; opened: number }) => resolve(m));
          child.send('count');
        }),
    ),
  );
  for (const child of children) child.send('stop');
  return {
    open: counts.reduce((n, c) => n + c.open, 0),
    opened: counts.reduce((n, c) => n + c.opened, 0),
  };
}

/** 6. SOCKETS idle connections from 2,500 addresses (or all from one), two processes, refilled
 *  as they close; /health and the participant page probed meanwhile. */
export async function idleFlood(
  server: Server,
  sockets: number,
  rows: Row[],
  /** All from this one address (the probes' own) instead of 2,500. */
  oneAddress?: string,
): Promise<void> {
  const poll = await createBenchPoll(server.url, { resultsPublic: true });
  const children = await forkIdle(new URL(server.url).port, sockets, 2500, oneAddress);
  const probed = await probeWhileFlooded(server, participantPath(poll.slug));
  const { open, opened } = await stopIdle(children);
  const from = oneAddress ? `the probes' address ${oneAddress}` : '2,500 addresses';
  const result = `${fmt(sockets)} idle sockets asked from ${from} (${fmt(opened)} connections made, ${fmt(open)} open at the end) · ${probed.summary}`;
  log(result);
  rows.push({
    measure: `6. ${fmt(sockets)} idle sockets from ${from}`,
    result,
    target: '/health ≤ 1 of 30 failed, page ≤ 2',
    met: probed.met,
  });
}

/** 6b. STREAMS event streams from 2,500 addresses held open, then IDLE idle sockets from 2,500
 *  others refilled as they close; /health and the participant page probed meanwhile. */
export async function streamsAndIdleFlood(
  server: Server,
  streams: number,
  idle: number,
  rows: Row[],
): Promise<void> {
  const poll = await createBenchPoll(server.url, { resultsPublic: true });
  const held = await forkStreams(`${server.url}/api/v1/polls/${poll.slug}/events`, streams, 2500);
  const idleChildren = await forkIdle(new URL(server.url).port, idle, 2500);
  const probed = await probeWhileFlooded(server, participantPath(poll.slug));
  const { open, opened } = await stopIdle(idleChildren);
  for (const child of held.children) child.send('stop');
  const answers = Object.entries(held.counts)
    .map(([k, v]) => `${fmt(v)} × ${k}`)
    .join(', ');
  const result = `${fmt(streams)} stream attempts from 2,500 addresses (${answers}) + ${fmt(idle)} idle sockets (${fmt(opened)} connections made, ${fmt(open)} open at the end) · ${probed.summary}`;
  log(result);
  rows.push({
    measure: `6b. ${fmt(streams)} streams + ${fmt(idle)} idle sockets, 2,500 addresses each`,
    result,
    target: '/health ≤ 1 of 30 failed, page ≤ 2',
    met: probed.met,
  });
}

/** 7. CLIENTS connections (from five addresses) each asking the big poll PIPELINED times and
 *  never reading. */
export async function unreadResponses(
  server: Server,
  bigSlug: string,
  rows: Row[],
  clients = 1000,
  pipelined = 1,
  waitS = 45,
): Promise<void> {
  const port = Number(new URL(server.url).port);
  const size = (await (await fetch(`${server.url}/api/v1/polls/${bigSlug}`)).arrayBuffer())
    .byteLength;
  const before = tcpMemory();
  const serverSockets = () => {
    const ours = readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .filter((l) => l.includes(`:${port.toString(16).toUpperCase().padStart(4, '0')} `));
    // Established (01) on the server's side: local address is the server port.
    return ours.filter((l) => {
      const [, local, , st] = l.trim().split(/\s+/);
      return local?.endsWith(`:${port.toString(16).toUpperCase().padStart(4, '0')}`) && st === '01';
    }).length;
  };
  const sockets: Socket[] = [];
  const one = `GET /api/v1/polls/${bigSlug} HTTP/1.1\r\nHost: x\r\n\r\n`.repeat(pipelined);
  for (let i = 0; i < clients; i++) {
    const socket = connect({ host: '127.0.0.1', port, localAddress: `127.0.0.${7 + (i % 5)}` });
    socket.on('error', () => {});
    socket.pause();
    socket.write(one);
    sockets.push(socket);
  }
  await sleep(5000);
  const at5 = { open: serverSockets(), send: serverSendMb(port), ...tcpMemory() };
  await sleep((waitS - 5) * 1000);
  const atEnd = { open: serverSockets(), send: serverSendMb(port), ...tcpMemory() };
  for (const s of sockets) s.destroy();
  const result = `${clients} connections × ${pipelined} GET of a ${fmt(size / 1024)} KB poll, never read · after 5 s: ${at5.open} open, server send buffers ${fmt(at5.send)} MB (machine TCP memory +${fmt(at5.mb - before.mb)} MB, clients' included) · after ${waitS} s: ${atEnd.open} open, ${fmt(atEnd.send)} MB (+${fmt(atEnd.mb - before.mb)} MB)`;
  log(result);
  rows.push({
    measure: `7. ${clients} unread responses of a big poll`,
    result,
    target: 'closed in a bounded time',
    met: atEnd.open === 0,
  });
}

/** Keep-alive connections per reader address (one pool each, as a browser's). */
const readAgents = new Map<string, Agent>();

/** GET `url` from `localAddress`; its status and Retry-After, or null when it failed. */
function readFrom(
  localAddress: string,
  url: string,
): Promise<{ status: number; retryAfter: number } | null> {
  let agent = readAgents.get(localAddress);
  if (!agent) {
    agent = new Agent({ keepAlive: true, localAddress });
    readAgents.set(localAddress, agent);
  }
  const target = new URL(url);
  return new Promise((resolve) => {
    const req = request(
      { host: target.hostname, port: target.port, path: target.pathname, agent },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: Number(res.headers['retry-after'] ?? 1),
          }),
        );
        res.on('error', () => resolve(null));
      },
    );
    req.on('error', () => resolve(null));
    req.end();
  });
}

/** 8. READERS anonymous readers from one address rotating over big polls' summaries, while a
 *  victim (another address) votes in a small poll every 100 ms. */
export async function rotatingReads(
  server: Server,
  bigSlugs: string[],
  rows: Row[],
  readers = 32,
  seconds = 20,
  /** What the readers ask for: summaries, the polls themselves, or the /p/ pages. */
  kind: 'summaries' | 'polls' | 'pages' = 'summaries',
  /** Addresses the readers come from (127.0.50.1…): 1 meets the per-address budget first,
   *  many meet the whole server's. */
  addresses = 1,
): Promise<void> {
  const victim = await createBenchPoll(server.url, { resultsPublic: true });
  const pathOf = (slug: string) =>
    kind === 'pages'
      ? `/p/${slug}`
      : kind === 'polls'
        ? `/api/v1/polls/${slug}`
        : `/api/v1/polls/${slug}/summary`;
  const cookie = participants();
  let running = true;
  let reads = 0;
  let refused = 0;
  let busy = 0;
  let longestRetryAfter = 0;
  const reader = async (offset: number) => {
    for (let i = offset; running; i++) {
      const slug = bigSlugs[i % bigSlugs.length]!;
      const res = await readFrom(
        addresses > 1 ? `127.0.50.${(offset % addresses) + 1}` : '127.0.0.1',
        `${server.url}${pathOf(slug)}`,
      );
      if (res?.status === 429 || res?.status === 503) {
        if (res.status === 429) refused++;
        else busy++;
        const retryAfter = res.retryAfter;
        longestRetryAfter = Math.max(longestRetryAfter, retryAfter);
        // Obeyed, but never past the run's end: a Retry-After of minutes (an address deep in
        // debt) once kept the readers asleep long after the victim had stopped.
        await sleep(Math.max(0, Math.min(retryAfter * 1000, endsAt - performance.now())));
      } else if (res && res.status < 300) reads++;
    }
  };
  const ballots = emptyHistogram();
  let failed = 0;
  const voter = async () => {
    for (let i = 0; running; i++) {
      const started = performance.now();
      const ok = await new Promise<boolean>((resolve) => {
        const body = victim.ballot(i);
        const target = new URL(`${server.url}/api/v1/polls/${victim.slug}/votes`);
        const req = request(
          {
            host: target.hostname,
            port: target.port,
            path: target.pathname,
            method: 'POST',
            localAddress: '127.0.0.9',
            agent: false,
            headers: { 'content-type': 'application/json', cookie: cookie() },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode === 201));
          },
        );
        req.on('error', () => resolve(false));
        req.end(body);
      });
      if (!ok) failed++;
      ballots[Math.min(HIST_MS - 1, Math.round(performance.now() - started))]! += 1;
      await sleep(100);
    }
  };
  const cpu = server.cpuSeconds();
  const endsAt = performance.now() + seconds * 1000;
  const all = [...Array.from({ length: readers }, (_, i) => reader(i)), voter()];
  await sleep(seconds * 1000);
  running = false;
  await Promise.all(all);
  for (const agent of readAgents.values()) agent.destroy();
  readAgents.clear();
  const from = addresses > 1 ? ` from ${addresses} addresses` : '';
  const result = `${readers} readers${from} over ${bigSlugs.length} big polls for ${seconds} s: ${fmt(reads)} ${kind} read, ${fmt(refused)} × 429, ${fmt(busy)} × 503 (longest Retry-After ${fmt(longestRetryAfter)} s) · victim's ballots p50 ${percentile(ballots, 0.5)} ms, **p95 ${percentile(ballots, 0.95)} ms**, ${failed} failed · server CPU ${(server.cpuSeconds() - cpu).toFixed(1)} s`;
  log(result);
  rows.push({
    measure: `8. ${readers} anonymous readers${from} rotating over big polls' ${kind}; a victim votes`,
    result,
    // The targets: 300 ms on SQLite, 500 ms on PostgreSQL.
    target: process.env.ABUSE_PG ? 'victim p95 ≤ 500 ms (PostgreSQL)' : 'victim p95 ≤ 300 ms',
    met: percentile(ballots, 0.95) <= (process.env.ABUSE_PG ? 500 : 300),
  });
}
