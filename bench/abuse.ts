import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PARTICIPANT_COOKIE } from '../src/contract/index.ts';
import { DEFAULT_LIMITS } from '../src/server/limits.ts';
import { capFill, lookupAttack, qaStuffing } from './abuse-caps.ts';
import {
  idleFlood,
  rotatingReads,
  streamsAndIdleFlood,
  unreadResponses,
} from './abuse-connections.ts';
import { exportLoop } from './abuse-export.ts';
import { abortedBodies, bankedIds } from './abuse-ids-logs.ts';
import { honestWave, natQuiz, sybilPodium } from './abuse-room.ts';
import { integrityBlock } from './integrity-block.ts';
import { createBenchPoll } from './lib/api.ts';
import { emptyHistogram, HIST_MS, percentile } from './lib/latency.ts';
import { runLoad } from './lib/load.ts';
import { startPair } from './lib/pair.ts';
import { forkTs, root, type Server, startServer, tempSqlite } from './lib/processes.ts';
import { machine, type Row, table } from './lib/report.ts';

/**
 * `npm run bench:abuse`: the attacks of issue 8 against `npm start`'s server (rate limits ON, the
 * default limits), each on a fresh server and SQLite file, all from one client address
 * (127.0.0.1). Appends a dated section to bench/RESULTS.md. Settings (environment):
 *   ABUSE_ONLY=stuffing,classroom,floods,streams,memory,aborted,banked,idle,mixed,unread,reads,export,natquiz,wave,podium,lookup,capfill,qa,integrity   parts (default all but integrity)
 *   ABUSE_EXPORT_BALLOTS=200000  ballots of the exported poll (export part, SQLite only)
 *   ABUSE_SECONDS=60        length of the stuffing and flood runs
 *   ABUSE_STREAMS=20000     stream attempts (two client processes share them)
 *   ABUSE_BIG_POLLS=20      big public polls for the memory part (the creation burst)
 *   ABUSE_BEFORE=1          also run the stuffing with RATE_LIMITS=off for 10 s (the old server)
 *   ABUSE_IDLE=21000        idle sockets of the idle flood (two client processes, 2,500 addresses)
 *   ABUSE_IDLE_FROM=127.0.0.1  all of them from this one address instead (the /health probes')
 *   ABUSE_MIXED=16000,4500  streams and idle sockets of the mixed flood (2,500 addresses each)
 *   ABUSE_READERS=32        anonymous readers rotating over big polls
 *   ABUSE_READ_KIND=summaries  what they read: summaries, polls or pages (/p/)
 *   ABUSE_READ_ADDRESSES=1  addresses the readers come from (32: the whole server's read budget)
 *   ABUSE_SERVER=…          the server script (default src/server/main.ts; another checkout's for
 *                           a before/after)
 *   ABUSE_CAPFILL=500,18000 streams tried per address (35 addresses) and CONNECTIONS_MAX of the cap fill
 *   ABUSE_PG=1              PostgreSQL (a fresh schema per server in postgres://postgres@127.0.0.1:5432/test,
 *                           or ABUSE_PG=<url>) instead of a SQLite file; parts that read the
 *                           file itself (stuffing's recount) need SQLite
 *   ABUSE_INSTANCES=2       two instances on one database and one Redis behind a round-robin
 *                           balancer in its own processes (bench/lib/balancer.ts); with ABUSE_PG, the
 *                           issue's PostgreSQL + Redis × 2. Redis: ABUSE_REDIS (default
 *                           redis://127.0.0.1:6379); BALANCER_WORKERS (default 4) processes
 *   ABUSE_OUT=…             where the section goes (default bench/RESULTS.md)
 *   ABUSE_NODE_ARGS=…       Node flags of the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'
 * Each row ends with the 1-minute load average when it was measured (2 cores shared with other
 * work: a load of 12 stretches every wall-clock figure).
 */

const env = process.env;
const parts = new Set(
  (
    env.ABUSE_ONLY ??
    'stuffing,classroom,floods,streams,memory,aborted,banked,idle,mixed,unread,reads,export,natquiz,wave,podium,lookup,capfill,qa'
  ).split(','),
);
const seconds = Number(env.ABUSE_SECONDS ?? 60);
const streamAttempts = Math.min(20_000, Number(env.ABUSE_STREAMS ?? 20_000));
const bigPolls = Math.min(DEFAULT_LIMITS.POLL_CREATE_BURST, Number(env.ABUSE_BIG_POLLS ?? 20));
const out = env.ABUSE_OUT ?? join(root, 'bench/RESULTS.md');
const rows: Row[] = [];
// Every figure carries the machine's load when it was taken.
const push = rows.push.bind(rows);
rows.push = (...added: Row[]) =>
  push(...added.map((r) => ({ ...r, result: `${r.result} · load ${loadavg()[0]!.toFixed(2)}` })));
const instances = Number(env.ABUSE_INSTANCES ?? 1);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const log = (line: string) => console.log(`  ${line}`);

let servers = 0;
/** The database of the next server: a fresh SQLite file, or with ABUSE_PG a fresh schema. */
function nextDatabase(): string {
  if (!env.ABUSE_PG) return tempSqlite();
  const base = env.ABUSE_PG === '1' ? 'postgres://postgres@127.0.0.1:5432/test' : env.ABUSE_PG;
  return `${base}?schema=abuse_${process.pid}_${++servers}`;
}

/** Drops a server's PostgreSQL schema (`…?schema=name`) once it has stopped. */
async function dropSchema(url: string): Promise<void> {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  parsed.search = '';
  const client = new pg.Client(parsed.toString());
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
}

async function withServer<T>(
  extraEnv: Record<string, string>,
  run: (server: Server, dbFile: string) => Promise<T>,
): Promise<T> {
  const dbFile = nextDatabase();
  const options = {
    script: env.ABUSE_SERVER ?? 'src/server/main.ts',
    env: { RATE_LIMITS: 'on', DATABASE_URL: dbFile, ...extraEnv },
    healthPath: '/api/v1/health',
    nodeArgs: env.ABUSE_NODE_ARGS?.split(' ').filter(Boolean),
  };
  const server =
    instances === 2
      ? await startPair({ ...options, redisUrl: env.ABUSE_REDIS ?? 'redis://127.0.0.1:6379' })
      : await startServer(options);
  try {
    return await run(server, dbFile);
  } finally {
    await server.stop();
    if (env.ABUSE_PG) await dropSchema(dbFile);
  }
}

async function api(
  server: Server,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** The database on disk: the file and its write-ahead log. */
function dbBytes(file: string): number {
  return [file, `${file}-wal`].reduce((n, f) => n + (existsSync(f) ? statSync(f).size : 0), 0);
}

type IntegrityView = {
  totalBallots: number;
  sourceCount: number;
  refusedBallots: number;
  sources: {
    ballots: number;
    newParticipantBallots: number;
    unusual: boolean;
    firstAt: string;
    lastAt: string;
  }[];
};

function describeIntegrity(view: IntegrityView): string {
  const top = view.sources[0];
  if (!top) return 'no sources';
  const span = Math.round((Date.parse(top.lastAt) - Date.parse(top.firstAt)) / 1000);
  return (
    `Integridad: ${view.sourceCount} source(s); top ${fmt(top.ballots)} ballots in ${span} s, ` +
    `${fmt(top.newParticipantBallots)} from new ids, ${top.unusual ? '**flagged unusual**' : 'not flagged'}; ` +
    `${fmt(view.refusedBallots)} refused`
  );
}

/** 1. One address drops its cookie and sends ballots as fast as 50 connections go. */
async function stuffing(limitsOn: boolean, runSeconds: number): Promise<void> {
  await withServer(limitsOn ? {} : { RATE_LIMITS: 'off' }, async (server) => {
    const poll = await createBenchPoll(server.url);
    const load = await runLoad({
      urls: [server.url],
      connections: 50,
      seconds: runSeconds,
      method: 'POST',
      path: `/api/v1/polls/${poll.slug}/votes`,
      headers: { 'content-type': 'application/json' },
      body: poll.ballot(0),
    });
    const secret = { 'x-host-secret': poll.secret };
    const summary = await api(server, 'GET', `/polls/${poll.slug}/summary`, undefined, secret);
    const counted = summary.body.totalVotes as number;
    const bound = DEFAULT_LIMITS.BALLOT_BURST + DEFAULT_LIMITS.BALLOT_RATE_PER_S * runSeconds;
    let result = `${fmt(counted)} ballots counted of ${fmt(load.ok + load.non2xx)} sent (${fmt(load.non2xx)} refused, ${fmt(load.errors)} errors)`;
    if (limitsOn) {
      const view = await api(server, 'GET', `/polls/${poll.slug}/integrity`, undefined, secret);
      result += ` · ${describeIntegrity(view.body)}`;
    }
    log(result);
    rows.push({
      measure: `1. One address dropping cookies, ${runSeconds} s, 50 conn.${limitsOn ? '' : ' — RATE_LIMITS=off (before)'}`,
      result,
      target: limitsOn ? `≤ ${fmt(bound)}` : undefined,
      met: limitsOn ? counted <= bound : undefined,
    });
  });
}

/** 2. 300 people behind one NAT address: load the poll, open a stream, vote once within 10 s. */
async function classroom(): Promise<void> {
  await withServer({}, async (server) => {
    const poll = await createBenchPoll(server.url);
    const people = 300;
    const hist = emptyHistogram();
    const controllers: AbortController[] = [];
    let retries = 0;
    let failed = 0;
    const person = async (i: number) => {
      await new Promise((r) => setTimeout(r, Math.random() * 8000));
      const page = await fetch(`${server.url}/api/v1/polls/${poll.slug}`);
      await page.arrayBuffer();
      const cookie = /sondeo_pid=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1];
      const headers: Record<string, string> = cookie
        ? { cookie: `${PARTICIPANT_COOKIE}=${cookie}` }
        : {};
      const controller = new AbortController();
      controllers.push(controller);
      await fetch(`${server.url}/api/v1/polls/${poll.slug}/events?as=participant`, {
        headers,
        signal: controller.signal,
      }).catch(() => undefined);
      const key = `classroom-${i}`;
      const started = performance.now();
      for (let attempt = 0; attempt < 30; attempt++) {
        const res = await fetch(`${server.url}/api/v1/polls/${poll.slug}/votes`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key },
          body: poll.ballot(i),
        });
        await res.arrayBuffer();
        if (res.status === 429) {
          retries++;
          await new Promise((r) =>
            setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000),
          );
          continue;
        }
        if (res.status !== 201) failed++;
        break;
      }
      const ms = Math.min(HIST_MS - 1, Math.round(performance.now() - started));
      hist[ms] = (hist[ms] ?? 0) + 1;
    };
    await Promise.all(Array.from({ length: people }, (_, i) => person(i)));
    for (const c of controllers) c.abort();
    const summary = await api(server, 'GET', `/polls/${poll.slug}/summary`, undefined, {
      'x-host-secret': poll.secret,
    });
    const counted = summary.body.totalVotes as number;
    const result = `${counted}/${people} counted · ballot p50 ${percentile(hist, 0.5)} ms · **p95 ${percentile(hist, 0.95)} ms** · ${retries} retries after 429 · ${failed} failed`;
    log(result);
    rows.push({
      measure:
        '2. Classroom: 300 participants from one address load, open a stream and vote within 10 s',
      result,
      target: '300/300',
      met: counted === people,
    });
  });
}

/** 3. Poll creation, then duplication of the biggest poll the limits let one make quickly. */
async function floods(): Promise<void> {
  await withServer({}, async (server, dbFile) => {
    const before = dbBytes(dbFile);
    const load = await runLoad({
      urls: [server.url],
      connections: 4,
      seconds,
      method: 'POST',
      path: '/api/v1/polls',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Inundación' }),
    });
    const growth = (dbBytes(dbFile) - before) / 2 ** 20;
    const result = `${fmt(load.ok)} polls made, ${fmt(load.non2xx)} refused · database +${growth.toFixed(2)} MB`;
    log(result);
    rows.push({
      measure: `3. Poll creation flood from one address, ${seconds} s, 4 conn.`,
      result,
      target: `≤ ${DEFAULT_LIMITS.POLL_CREATE_BURST} + ${DEFAULT_LIMITS.POLL_CREATE_PER_MIN}/min`,
      met:
        load.ok <=
        DEFAULT_LIMITS.POLL_CREATE_BURST +
          Math.ceil((DEFAULT_LIMITS.POLL_CREATE_PER_MIN * seconds) / 60),
    });
  });
  await withServer({}, async (server, dbFile) => {
    const big = await bigPoll(server, false);
    const before = dbBytes(dbFile);
    const load = await runLoad({
      urls: [server.url],
      connections: 4,
      seconds,
      method: 'POST',
      path: `/api/v1/polls/${big.slug}/duplicate`,
      headers: { 'x-host-secret': big.secret },
    });
    const growth = (dbBytes(dbFile) - before) / 2 ** 20;
    const result = `${fmt(load.ok)} copies of a ${big.questions} × 50 poll, ${fmt(load.non2xx)} refused · database +${growth.toFixed(1)} MB`;
    log(result);
    rows.push({
      measure: `3. Duplication flood from one address, ${seconds} s, 4 conn.`,
      result,
      target: `≤ ${DEFAULT_LIMITS.POLL_CREATE_BURST} + ${DEFAULT_LIMITS.POLL_CREATE_PER_MIN}/min`,
      met:
        load.ok <=
        DEFAULT_LIMITS.POLL_CREATE_BURST +
          Math.ceil((DEFAULT_LIMITS.POLL_CREATE_PER_MIN * seconds) / 60),
    });
  });
}

/** A poll with as many 50-option questions as the edit bucket gives at once. */
async function bigPoll(server: Server, resultsPublic: boolean) {
  const created = await api(server, 'POST', '/polls', {
    title: 'Grande',
    settings: { resultsPublic },
  });
  const { slug, host_secret: secret } = created.body;
  let questions = 0;
  for (let q = 0; q < DEFAULT_LIMITS.POLL_EDIT_BURST; q++) {
    const res = await api(
      server,
      'POST',
      `/polls/${slug}/questions`,
      {
        text: `Pregunta ${q + 1} ${'x'.repeat(200)}`,
        type: 'multiple',
        options: Array.from({ length: 50 }, (_, o) => ({
          text: `Opción ${o + 1} ${'y'.repeat(100)}`,
        })),
      },
      { 'x-host-secret': secret },
    );
    if (res.status !== 201) break;
    questions++;
  }
  await api(server, 'PATCH', `/polls/${slug}`, { status: 'open' }, { 'x-host-secret': secret });
  return { slug: slug as string, secret: secret as string, questions };
}

/** 4. 20,000 stream attempts from one address; /health answered meanwhile? */
async function streams(): Promise<void> {
  await withServer({}, async (server) => {
    const poll = await createBenchPoll(server.url, { resultsPublic: true });
    const health = emptyHistogram();
    let healthFailed = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const started = performance.now();
        try {
          const res = await fetch(`${server.url}/api/v1/health`, {
            signal: AbortSignal.timeout(5000),
          });
          await res.arrayBuffer();
          if (!res.ok) healthFailed++;
        } catch {
          healthFailed++;
        }
        const ms = Math.min(HIST_MS - 1, Math.round(performance.now() - started));
        health[ms] = (health[ms] ?? 0) + 1;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const children: ChildProcess[] = [];
    const counts: Record<string, number> = {};
    await Promise.all(
      [0, 1].map(
        (i) =>
          new Promise<void>((resolve) => {
            const child = forkTs('bench/abuse-streams.ts', {
              STREAM_URL: `${server.url}/api/v1/polls/${poll.slug}/events`,
              STREAMS: String(Math.floor(streamAttempts / 2) + (i === 0 ? streamAttempts % 2 : 0)),
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
    const rss = server.rssMb();
    sampling = false;
    await sampler;
    for (const child of children) child.send('stop');
    const byStatus = Object.entries(counts)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${fmt(v)} ${k}`)
      .join(', ');
    const samples = health.reduce((n, c) => n + c, 0);
    const result = `${fmt(streamAttempts)} attempts: ${byStatus} · /health p50 ${percentile(health, 0.5)} ms, p95 ${percentile(health, 0.95)} ms, ${healthFailed}/${samples} failed · server RSS ${fmt(rss)} MB`;
    log(result);
    rows.push({
      measure: `4. ${fmt(streamAttempts)} stream attempts from one address`,
      result,
      target: '/health keeps answering',
      met: healthFailed === 0,
    });
  });
}

/** 5. RSS after anonymous summary reads of the biggest public polls one address can make. */
async function memory(): Promise<void> {
  await withServer({}, async (server) => {
    const polls = [];
    for (let i = 0; i < bigPolls; i++) polls.push(await bigPoll(server, true));
    const idle = server.rssMb();
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        polls.map(async (p) => {
          const res = await fetch(`${server.url}/api/v1/polls/${p.slug}/summary`);
          await res.arrayBuffer();
        }),
      );
    }
    const after = server.rssMb();
    const result = `${polls.length} public polls of ${polls[0]?.questions ?? 0} × 50 (the creation and edit bursts) · RSS ${fmt(idle)} MB before the reads, ${fmt(after)} MB after 3 rounds of anonymous summary reads`;
    log(result);
    rows.push({
      measure: '5. Anonymous summary reads of the largest polls creatable within the limits',
      result,
    });
  });
}

const where = `${env.ABUSE_PG ? 'PostgreSQL' : 'SQLite'}${instances === 2 ? ' + Redis, two instances' : ''}`;
console.log(`Abuse bench (${where}; rate limits on, default limits)`);
if (parts.has('stuffing')) {
  if (env.ABUSE_BEFORE) await stuffing(false, 10);
  await stuffing(true, seconds);
}
if (parts.has('classroom')) await classroom();
if (parts.has('floods')) await floods();
if (parts.has('streams')) await streams();
if (parts.has('memory')) await memory();
if (parts.has('aborted')) rows.push(await abortedBodies(withServer, Math.min(seconds, 20)));
if (parts.has('banked')) rows.push(await bankedIds(withServer));
if (parts.has('idle')) {
  await withServer({}, (server) =>
    idleFlood(server, Number(env.ABUSE_IDLE ?? 21_000), rows, env.ABUSE_IDLE_FROM),
  );
}
if (parts.has('mixed')) {
  const [streams = 16_000, idle = 4_500] = (env.ABUSE_MIXED ?? '16000,4500').split(',').map(Number);
  await withServer({}, (server) => streamsAndIdleFlood(server, streams, idle, rows));
}
if (parts.has('unread')) {
  await withServer({}, async (server) => {
    const big = await bigPoll(server, true);
    await unreadResponses(server, big.slug, rows);
  });
}
if (parts.has('reads')) {
  await withServer({}, async (server) => {
    const polls = [];
    // One creation left in the burst for the victim's poll.
    for (let i = 0; i < bigPolls - 1; i++) polls.push(await bigPoll(server, true));
    await rotatingReads(
      server,
      polls.map((p) => p.slug),
      rows,
      Number(env.ABUSE_READERS ?? 32),
      20,
      (env.ABUSE_READ_KIND ?? 'summaries') as 'summaries' | 'polls' | 'pages',
      Number(env.ABUSE_READ_ADDRESSES ?? 1),
    );
  });
}
if (parts.has('natquiz')) rows.push(await natQuiz(withServer));
if (parts.has('wave')) rows.push(await honestWave(withServer));
if (parts.has('podium')) rows.push(await sybilPodium(withServer));

if (parts.has('export')) {
  rows.push(await withServer({}, (server, db) => exportLoop(server, db, Math.min(seconds, 30))));
}

// Issue 25 (bench/abuse-caps.ts).
if (parts.has('lookup')) rows.push(await lookupAttack(withServer, Math.min(seconds, 30)));
if (parts.has('capfill')) {
  // ABUSE_CAPFILL=streams per address,connection cap (default 500,18000: the run).
  const [perAddress = 500, max = 18_000] = (env.ABUSE_CAPFILL ?? '').split(',').map(Number);
  rows.push(await capFill(withServer, perAddress || 500, max || 18_000));
}
if (parts.has('qa')) rows.push(await qaStuffing(withServer, Math.min(seconds, 60)));
// In this process, not against the server: the integrity view's longest event-loop block.
if (parts.has('integrity')) rows.push(await integrityBlock(env.ABUSE_PG ? 'pg' : 'sqlite'));

const server = env.ABUSE_SERVER ? `, server ${env.ABUSE_SERVER}` : '';
const section = `\n## Abuse run (\`npm run bench:abuse\`), ${where}${server}\n\n${machine()}\n\n${table(rows)}\n`;
const current = existsSync(out) ? readFileSync(out, 'utf8') : '# Benchmark results\n';
writeFileSync(out, `${current.trimEnd()}\n${section}`);
console.log(`\nAppended to ${out}`);
process.exit(0);
