import { join } from 'node:path';
import { LIVE_COALESCE_MS } from '../src/contract/index.ts';
import { type FanoutFigures, measureFanout } from './fanout.ts';
import { type JoinWaveFigures, measureJoinWave } from './join-wave.ts';
import { openFileLimit, root, type Server, startServer, tempSqlite } from './lib/processes.ts';
import { machine, type Row, table, writeResults } from './lib/report.ts';
import { measureQuestionTypes, questionTypeRows } from './question-types.ts';
import { measureTextBallots, textRows } from './text.ts';
import { measureReads, measureWrites, type ReadFigures, type WriteFigures } from './throughput.ts';

/**
 * `npm run bench`: the four measurements of issue 4 in one run, on loopback, each server a
 * process of its own, and issue 13's open-text ballots. Settings (environment):
 *   BENCH_ONLY=writes,reads,fanout,join,text,types  parts to run (default all); `text`: ballots
 *                                   of one open-text question against one single-choice question;
 *                                   `types`: 8-option ranking and number ballots against an
 *                                   8-option single choice, and a 2,000-number summary rebuild
 *                                   (BENCH_TEXT_CONNECTIONS=100)
 *   BENCH_ROOM=2000                 phones of the join wave and vote storm (20 addresses)
 *   BENCH_PHONES_SEE_RESULTS=1      the phones hold the results stream (a summary to every
 *                                   phone per window) instead of the participation page's
 *   BENCH_SECONDS=10                length of each throughput run
 *   BENCH_CONNECTIONS=100,200       concurrency of the write runs
 *   BENCH_REPEAT=3                  pairs of runs per comparison (back to back; median kept)
 *   DATABASE_URL=…                  the store of the ballots run (default: a temp SQLite file);
 *   BENCH_INSTANCES=2               that many Sondeo processes share it (ballots split evenly);
 *   REDIS_URL=…                     passed to them
 *   BENCH_STREAMS=200,1000,5000         fan-out sizes with latency; BENCH_RSS_STREAMS=10000
 *   BENCH_VOTE_RATE=50 BENCH_FANOUT_SECONDS=10
 *   BENCH_STREAMS_PER_CLIENT=2500   streams per client process (1,250 measured the same)
 *   BENCH_PROFILE=1                 Sondeo servers write a CPU profile to bench/profiles/
 *   BENCH_BASELINE_HEADERS=1        the bare insert sends Sondeo's security headers too (the
 *                                   same response head; issue 29's check of the comparison)
 *   BENCH_JOIN_PROCESSES=1          processes driving the join wave's phones (default 1 per 1,000)
 *   BENCH_VOTE_AFTER_MS=11000       wait before the storm (default 500; past the 10 s keep-alive
 *                                   every ballot opens a new connection: issue 19's storm)
 *   BENCH_SERVER_ARGS='--flag …'    extra Node flags for the join wave's server only
 *   BENCH_OUT=…                     where the table goes (with the machine's description);
 *                                   default bench/RESULTS.md for a full SQLite run, else
 *                                   bench/results-<parts>-<engine>-<n>x.md
 */

const env = process.env;
const list = (v: string | undefined, d: number[]) => (v ? v.split(',').map(Number) : d);
const parts = new Set((env.BENCH_ONLY ?? 'writes,reads,fanout,join,text,types').split(','));
const textConnections = Number(env.BENCH_TEXT_CONNECTIONS ?? 100);
const room = Number(env.BENCH_ROOM ?? 2000);
const phonesSeeResults = env.BENCH_PHONES_SEE_RESULTS === '1';
const seconds = Number(env.BENCH_SECONDS ?? 10);
const connections = list(env.BENCH_CONNECTIONS, [100, 200]);
const instances = Number(env.BENCH_INSTANCES ?? 1);
const repeat = Number(env.BENCH_REPEAT ?? 3);
// 200: a classroom (issue 11: every vote shows within 50 ms); 5,000: a hall.
const streams = list(env.BENCH_STREAMS, [200, 1000, 5000]);
const rssStreams = Number(env.BENCH_RSS_STREAMS ?? 10_000);
const voteRate = Number(env.BENCH_VOTE_RATE ?? 50);
const fanoutSeconds = Number(env.BENCH_FANOUT_SECONDS ?? 10);
const nodeArgs = env.BENCH_PROFILE
  ? ['--cpu-prof', `--cpu-prof-dir=${join(root, 'bench/profiles')}`]
  : [];
// A run other than the default one (PostgreSQL, two instances, some parts) goes to a file of its
// own, so it never overwrites the SQLite figures of RESULTS.md.
const engine = env.DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite';
const isDefault = !env.BENCH_ONLY && engine === 'sqlite' && instances === 1;
const out =
  env.BENCH_OUT ??
  join(
    root,
    isDefault
      ? 'bench/RESULTS.md'
      : `bench/results-${[...parts].join('+')}-${engine}-${instances}x.md`,
  );
/** A typo must not fork thousands of client processes on a shared machine. */
const MAX_STREAMS = 20_000;
for (const n of [...streams, rssStreams]) {
  if (!Number.isInteger(n) || n < 1 || n > MAX_STREAMS) {
    console.error(`Stream counts must be whole numbers from 1 to ${MAX_STREAMS}; got ${n}.`);
    process.exit(2);
  }
}
const log = (line: string) => console.log(`  ${line}`);

const rows: Row[] = [];
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function writesAndReads(): Promise<void> {
  const databaseUrl = env.DATABASE_URL ?? tempSqlite();
  const servers: Server[] = [];
  const baseline = await startServer({
    script: 'bench/baseline-server.ts',
    healthPath: '/health',
    env: env.BENCH_BASELINE_HEADERS === '1' ? { BASELINE_SECURITY_HEADERS: '1' } : {},
  });
  try {
    for (let i = 0; i < instances; i++) {
      servers.push(
        await startServer({
          script: 'src/server/main.ts',
          env: { DATABASE_URL: databaseUrl, ...(env.REDIS_URL && { REDIS_URL: env.REDIS_URL }) },
          healthPath: '/api/v1/health',
          nodeArgs,
        }),
      );
    }
    const engineName = databaseUrl.startsWith('postgres') ? 'PostgreSQL' : 'SQLite';
    const where = `${engineName}, ${instances} instance${instances > 1 ? 's' : ''}`;
    if (parts.has('writes')) {
      console.log(`Writes (${where})`);
      const figures = await measureWrites({
        sondeo: servers,
        baseline,
        databaseUrl,
        connections,
        seconds,
        repeat,
        log,
      });
      for (const f of figures) addWriteRows(f, where);
    }
    if (parts.has('reads')) {
      console.log('Summary reads');
      addReadRows(
        await measureReads({
          sondeo: servers[0]!,
          baseline,
          connections: 100,
          seconds,
          repeat,
          log,
        }),
      );
    }
  } finally {
    await Promise.all([baseline.stop(), ...servers.map((s) => s.stop())]);
  }
}

const ratios = (list: number[]) => list.map((r) => r.toFixed(2)).join(', ');

function addWriteRows(f: WriteFigures, where: string): void {
  const c = f.connections;
  const { ours, reference, ratio } = f.pair;
  rows.push(
    {
      measure: `1. Baseline: bare Fastify + 1 SQLite insert, ${c} conn.`,
      result: `${fmt(reference.rps)} req/s · p50 ${reference.p50} ms · p99 ${reference.p99} ms · ${fmt(reference.cpuUs)} µs server CPU each`,
    },
    {
      measure: `2. Ballots (3 questions, own cookie each, ${where}), ${c} conn.`,
      result:
        `${fmt(ours.rps)} ballots/s · p50 ${ours.p50.toFixed(0)} ms · p99 ${ours.p99.toFixed(0)} ms · ` +
        `${fmt(ours.cpuUs)} µs server CPU each · **${ratio.toFixed(2)}× baseline** ` +
        `(pairs: ${ratios(f.ratios)}; CPU ${(reference.cpuUs / ours.cpuUs).toFixed(2)}×)`,
      target: '≥ 0.6× baseline',
      met: ratio >= 0.6,
    },
    {
      measure: `2. Stored = acknowledged, ${c} conn.`,
      result: checkLines(f.checks),
      target: 'equal, none failed',
      met: f.checks.every(
        (k) => k.acknowledged === k.stored && k.stored === k.summarised && k.failed === 0,
      ),
    },
  );
}

/** One line when every run agrees (they have the same size), else a line per run. */
function checkLines(checks: WriteFigures['checks']): string {
  const lines = checks.map(
    (k) =>
      `${fmt(k.acknowledged)} acknowledged · ${fmt(k.stored)} stored (GROUP BY) · ` +
      `${fmt(k.summarised)} in summary · ${k.failed} failed`,
  );
  if (lines.length === 1) return lines[0]!;
  if (lines.every((l) => l === lines[0])) return `${lines.length} runs, each: ${lines[0]}`;
  return lines.map((l, i) => `run ${i + 1}: ${l}`).join('<br>');
}

function addReadRows(r: ReadFigures): void {
  const { ours, reference, ratio } = r.pair;
  rows.push(
    {
      measure: '3. Bare GET, same body, 100 conn.',
      result: `${fmt(reference.rps)} req/s · p50 ${reference.p50} ms · p99 ${reference.p99} ms · ${r.bytes} B · ${fmt(reference.cpuUs)} µs server CPU each`,
    },
    {
      measure: '3. GET summary (cached), 100 conn.',
      result:
        `${fmt(ours.rps)} req/s · p50 ${ours.p50} ms · p99 ${ours.p99} ms · ${fmt(ours.cpuUs)} µs ` +
        `server CPU each · **${ratio.toFixed(2)}× bare** (pairs: ${ratios(r.ratios)})`,
      target: '≥ 0.5× bare GET',
      met: ratio >= 0.5,
    },
  );
}

function addFanoutRow(f: FanoutFigures, withLatency: boolean, p95s: number[]): void {
  const health = `${fmt(f.opened)}/${fmt(f.streams)} open · ${f.complete} got the last state · ${f.dropped} dropped`;
  if (withLatency) {
    rows.push({
      measure: `4. Fan-out ${fmt(f.streams)} streams, ${voteRate} votes/s: vote → event`,
      result:
        `p50 ${f.p50} ms · **p95 ${f.p95} ms** (runs: ${p95s.join(', ')}) · p99 ${f.p99} ms · ${f.votes} votes · ` +
        `first client p95 ${f.firstP95} ms · first → last client p95 ${f.spreadP95} ms · ` +
        `server CPU ${f.cpuPerVoteMs.toFixed(2)} ms/vote · ${health}`,
      // Issue 11: a classroom sees every vote at once; a hall keeps its p95 (issue 4).
      target: f.streams === 5000 ? 'p95 ≤ 250 ms' : f.streams === 200 ? 'p95 ≤ 50 ms' : undefined,
      met:
        f.streams === 5000 || f.streams === 200
          ? f.p95 <= (f.streams === 200 ? 50 : 250) && f.opened === f.streams
          : undefined,
    });
  }
  rows.push({
    measure: `4. Server RSS, ${fmt(f.streams)} streams`,
    result: `${f.rssIdleMb.toFixed(0)} MB idle · ${f.rssMaxMb.toFixed(0)} MB max while voting${withLatency ? '' : ` · latency p95 ${f.p95} ms · ${health}`}`,
    target: f.streams === rssStreams ? '≤ 400 MB' : undefined,
    met: f.streams === rssStreams ? f.rssMaxMb <= 400 && f.opened === f.streams : undefined,
  });
}

async function fanout(): Promise<void> {
  const limit = openFileLimit();
  if (limit < rssStreams + 1000) {
    console.warn(`  open-file limit ${limit} is below ${rssStreams} streams; some will fail`);
  }
  for (const n of [...streams, rssStreams]) {
    // Latency runs are repeated like the throughput pairs; the RSS-only run once.
    const runs = streams.includes(n) ? repeat : 1;
    const results: FanoutFigures[] = [];
    const fixed: FanoutFigures[] = [];
    for (let run = 1; run <= runs; run++) {
      console.log(
        `Fan-out: ${n} streams, run ${run} (window adaptive, at most ${LIVE_COALESCE_MS} ms, 500 ms if saturated)`,
      );
      const f = await measureFanout({
        streams: n,
        voteRate,
        seconds: n === rssStreams ? Math.min(fanoutSeconds, 5) : fanoutSeconds,
        nodeArgs,
        log,
      });
      logFanout(f);
      results.push(f);
      if (!streams.includes(n)) continue;
      // The same run with the fixed 200 ms window of before (issue 11), right after: a pair.
      console.log(`Fan-out: ${n} streams, run ${run} (window fixed at ${LIVE_COALESCE_MS} ms)`);
      const g = await measureFanout({
        streams: n,
        voteRate,
        seconds: fanoutSeconds,
        nodeArgs,
        env: { LIVE_WINDOW_MIN_MS: String(LIVE_COALESCE_MS) },
        log,
      });
      logFanout(g);
      fixed.push(g);
    }
    const median = [...results].sort((a, b) => a.p95 - b.p95)[Math.floor((runs - 1) / 2)]!;
    addFanoutRow(
      median,
      streams.includes(n),
      results.map((r) => r.p95),
    );
    if (fixed.length > 0) addFixedRow(n, results, fixed);
  }
}

function logFanout(f: FanoutFigures): void {
  log(
    `p50 ${f.p50} ms, p95 ${f.p95} ms, p99 ${f.p99} ms (first client p95 ${f.firstP95} ms; ` +
      `first → last client p50 ${f.spreadP50} ms, p95 ${f.spreadP95} ms); ` +
      `RSS ${f.rssMaxMb.toFixed(0)} MB; server CPU ${f.cpuPerVoteMs.toFixed(2)} ms/vote; ` +
      `${f.complete}/${f.opened} complete, ${f.missing} missing, ${f.dropped} dropped`,
  );
}

/** The fixed window of before against the adaptive one, pair by pair (same machine moment). */
function addFixedRow(n: number, adaptive: FanoutFigures[], fixed: FanoutFigures[]): void {
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
  const p95 = mid(fixed.map((f) => f.p95));
  const cpuRatios = adaptive.map((a, i) => a.cpuPerVoteMs / fixed[i]!.cpuPerVoteMs);
  const cpu = mid(cpuRatios);
  rows.push({
    measure: `11. Same, fixed 200 ms window (before), ${fmt(n)} streams, paired runs`,
    result:
      `fixed p95 ${p95} ms (runs: ${fixed.map((f) => f.p95).join(', ')}) · adaptive/fixed p95 ` +
      `${adaptive.map((a, i) => (a.p95 / fixed[i]!.p95).toFixed(2)).join(', ')} · CPU per vote ` +
      `adaptive/fixed **${cpu.toFixed(2)}×** (pairs: ${cpuRatios.map((r) => r.toFixed(2)).join(', ')})`,
    target: n === 5000 ? 'CPU per vote ≤ 1.10×' : undefined,
    met: n === 5000 ? cpu <= 1.1 : undefined,
  });
}

/** Issue 13: open-text ballots against single-choice ones, on one server and one store. */
async function textBallots(): Promise<void> {
  const databaseUrl = env.DATABASE_URL ?? tempSqlite();
  const server = await startServer({
    script: 'src/server/main.ts',
    env: { DATABASE_URL: databaseUrl },
    healthPath: '/api/v1/health',
    nodeArgs,
  });
  try {
    console.log(`Open-text ballots (${engine}, ${textConnections} conn.)`);
    rows.push(
      ...textRows(
        await measureTextBallots({
          server,
          databaseUrl,
          connections: textConnections,
          seconds,
          repeat,
          log,
        }),
      ),
    );
  } finally {
    await server.stop();
  }
}

/** Issue 26: ranking and number ballots against single-choice ones, on one server and store. */
async function questionTypes(): Promise<void> {
  const databaseUrl = env.DATABASE_URL ?? tempSqlite();
  const server = await startServer({
    script: 'src/server/main.ts',
    env: { DATABASE_URL: databaseUrl },
    healthPath: '/api/v1/health',
    nodeArgs,
  });
  try {
    console.log(`Ranking and number ballots (${engine}, ${textConnections} conn.)`);
    rows.push(
      ...questionTypeRows(
        await measureQuestionTypes({
          server,
          databaseUrl,
          connections: textConnections,
          seconds,
          repeat,
          log,
        }),
      ),
    );
  } finally {
    await server.stop();
  }
}

/** Issue 11: a hall joins over 10 s, then votes within 1 s. */
async function joinWave(): Promise<void> {
  if (!Number.isInteger(room) || room < 1 || room > MAX_STREAMS) {
    console.error(`BENCH_ROOM must be a whole number from 1 to ${MAX_STREAMS}; got ${room}.`);
    process.exit(2);
  }
  const streams = phonesSeeResults ? 'results streams' : 'participation streams';
  console.log(
    `Join wave: ${room} phones from 20 addresses over 10 s (${streams}), then all vote within 1 s`,
  );
  const f = await measureJoinWave({
    room,
    addresses: 20,
    arrivalMs: 10_000,
    voteSpreadMs: 1000,
    log,
    nodeArgs,
    resultsStreams: phonesSeeResults,
    processes: env.BENCH_JOIN_PROCESSES ? Number(env.BENCH_JOIN_PROCESSES) : undefined,
    voteAfterMs: env.BENCH_VOTE_AFTER_MS ? Number(env.BENCH_VOTE_AFTER_MS) : undefined,
  });
  const failures = (r: Record<string, number>) =>
    Object.keys(r).length ? ` · failures ${JSON.stringify(r)}` : '';
  const cpu = (p: JoinWaveFigures['join'], label: string) => {
    const line =
      `${label}: ${p.wallS.toFixed(1)} s wall · server CPU ${p.serverS.toFixed(2)} s ` +
      `(${((p.serverS * 1000) / room).toFixed(2)} ms/phone) · phones' CPU ${p.clientsS.toFixed(2)} s ` +
      `· machine busy ${p.machineBusyS.toFixed(1)} of ${p.machineS.toFixed(1)} core-s ` +
      `(other work ${(p.machineBusyS - p.serverS - p.clientsS).toFixed(1)}) · ` +
      `${p.listenOverflows} accept-queue overflows, ${p.synRetrans} SYNs resent (machine-wide) · ` +
      `${p.retried} requests resent on a new connection`;
    log(line);
    return line;
  };
  const joinCpu = cpu(f.join, 'join');
  const voteCpu = cpu(f.vote, 'vote');
  rows.push(
    {
      measure: `11. Join wave: ${fmt(room)} phones (page, assets, poll, stream) over 10 s`,
      result: `${fmt(f.joined)}/${fmt(room)} joined · page p50 ${f.pageP50} ms · **p95 ${f.pageP95} ms**${failures(f.joinFailures)}`,
      target: 'all · page p95 ≤ 200 ms',
      met: f.joined === room && f.pageP95 <= 200,
    },
    {
      measure: `11. Vote storm: ${fmt(room)} ballots within 1 s${phonesSeeResults ? ', every phone on a results stream' : ''}`,
      result:
        `${fmt(f.acknowledged)} acknowledged · ${fmt(f.stored)} stored · p50 ${f.voteP50} ms · ` +
        `**p95 ${f.voteP95} ms** · final count on the results stream ${f.finalCountAfterMs} ms ` +
        `after the last acknowledgement${failures(f.voteFailures)}`,
      target: 'all stored = acknowledged · p95 ≤ 300 ms · final count ≤ 1 s',
      met:
        f.acknowledged === room &&
        f.stored === f.acknowledged &&
        f.voteP95 <= 300 &&
        f.finalCountAfterMs <= 1000,
    },
    { measure: '11. Where the CPU went (join, vote)', result: `${joinCpu}<br>${voteCpu}` },
  );
}

console.log(machine());
if (parts.has('writes') || parts.has('reads')) await writesAndReads();
if (parts.has('fanout')) await fanout();
if (parts.has('join')) await joinWave();
if (parts.has('text')) await textBallots();
if (parts.has('types')) await questionTypes();
const result = table(rows);
console.log(`\n${result}\n`);
writeResults(out, 'Latest run', `${machine()}\n\n${result}\n`);
console.log(`Written to ${out}`);
