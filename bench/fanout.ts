import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createBenchPoll, participants } from './lib/api.ts';
import { emptyHistogram, percentile } from './lib/latency.ts';
import { forkTs, root, type Server, startServer, tempSqlite } from './lib/processes.ts';

/** Measurement 4: many streams on one poll while votes flow at a steady rate. */

export interface FanoutFigures {
  streams: number;
  opened: number;
  votes: number;
  p50: number;
  p95: number;
  p99: number;
  /** Vote → the first client to see it (coalescing wait, vote and rebuild), p95. */
  firstP95: number;
  /** From the first client to the last seeing a frame (the server's writes, the clients' own
   *  reading), p50 and p95 over frames. */
  spreadP50: number;
  spreadP95: number;
  rssIdleMb: number;
  rssMaxMb: number;
  /** Streams that received the final count. */
  complete: number;
  /** (stream, vote) pairs never seen: a stream that missed the end. */
  missing: number;
  dropped: number;
  /** Server CPU time over the voting phase divided by the votes (ms per vote). */
  cpuPerVoteMs: number;
}

/** One client process per this many streams: each stays well under a core and its fd limit. */
const STREAMS_PER_PROCESS = Number(process.env.BENCH_STREAMS_PER_CLIENT ?? 2500);
const OPEN_BATCH = 250;

type Reply =
  | { type: 'opened'; ok: number; failed: number }
  | {
      type: 'report';
      hist: number[];
      frames: Record<number, [number, number]>;
      complete: number;
      missing: number;
      streams: number;
      ended: number;
    };

function ask<T extends Reply['type']>(child: ChildProcess, type: T, message: unknown) {
  return new Promise<Extract<Reply, { type: T }>>((resolve, reject) => {
    const onMessage = (reply: Reply) => {
      if (reply.type !== type) return;
      child.off('message', onMessage);
      resolve(reply as Extract<Reply, { type: T }>);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`stream client exited (${code})`)));
    child.send(message as object);
  });
}

export async function measureFanout(o: {
  streams: number;
  voteRate: number;
  seconds: number;
  nodeArgs?: string[];
  /** More environment for the server (LIVE_WINDOW_MIN_MS=200: the fixed window of before). */
  env?: Record<string, string>;
  log: (line: string) => void;
}): Promise<FanoutFigures> {
  const server: Server = await startServer({
    script: 'src/server/main.ts',
    // Every stream client is on 127.0.0.1: the per-address cap (STREAMS_PER_ADDRESS, 500 since
    // the hardening) admitted 500 of 5,000, and the runs measured those.
    env: {
      DATABASE_URL: tempSqlite(),
      STREAMS_PER_ADDRESS: String(o.streams),
      CONNECTIONS_PER_ADDRESS: String(o.streams + 1000),
      ...o.env,
    },
    healthPath: '/api/v1/health',
    nodeArgs: o.nodeArgs,
  });
  const children: ChildProcess[] = [];
  try {
    const poll = await createBenchPoll(server.url, { resultsPublic: true });
    const url = `${server.url}/api/v1/polls/${poll.slug}/events`;
    const procs = Math.ceil(o.streams / STREAMS_PER_PROCESS);
    for (let i = 0; i < procs; i++) children.push(forkTs(join(root, 'bench/sse-clients.ts')));
    const opened = await Promise.all(
      children.map((child, i) => {
        const count = Math.floor(o.streams / procs) + (i < o.streams % procs ? 1 : 0);
        return ask(child, 'opened', { type: 'open', url, count, batch: OPEN_BATCH });
      }),
    );
    const ok = opened.reduce((s, r) => s + r.ok, 0);
    await new Promise((r) => setTimeout(r, 1000));
    const rssIdleMb = server.rssMb();
    o.log(`${ok}/${o.streams} streams open; server RSS ${rssIdleMb.toFixed(0)} MB`);

    // Votes at a steady rate, each from a new participant; the send time of vote k is what
    // the clients measure against when a summary first shows k votes.
    let rssMaxMb = rssIdleMb;
    const sampler = setInterval(() => {
      rssMaxMb = Math.max(rssMaxMb, server.rssMb());
    }, 250);
    const total = Math.round(o.voteRate * o.seconds);
    const sendTimes: number[] = [];
    const pending: Promise<boolean>[] = [];
    const next = participants();
    const cpuBefore = server.cpuSeconds();
    const t0 = performance.now();
    for (let k = 0; k < total; k++) {
      const wait = t0 + (k * 1000) / o.voteRate - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sendTimes.push(performance.timeOrigin + performance.now());
      pending.push(
        fetch(`${server.url}/api/v1/polls/${poll.slug}/votes`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: next() },
          body: poll.ballot(k),
        }).then((r) => r.status === 201),
      );
    }
    const votes = (await Promise.all(pending)).filter(Boolean).length;
    await new Promise((r) => setTimeout(r, 1500));
    const cpuPerVoteMs = ((server.cpuSeconds() - cpuBefore) * 1000) / Math.max(votes, 1);
    clearInterval(sampler);

    const reports = await Promise.all(
      children.map((child) => ask(child, 'report', { type: 'report', sendTimes })),
    );
    const hist = emptyHistogram();
    for (const r of reports) {
      for (let ms = 0; ms < hist.length; ms++) hist[ms]! += r.hist[ms] ?? 0;
    }
    const frames = new Map<number, [number, number]>();
    for (const r of reports) {
      for (const [n, [first, last]] of Object.entries(r.frames)) {
        const f = frames.get(Number(n));
        frames.set(Number(n), f ? [Math.min(f[0], first), Math.max(f[1], last)] : [first, last]);
      }
    }
    const counts = [...frames.keys()].sort((a, b) => a - b);
    const first = emptyHistogram();
    for (const [i, sent] of sendTimes.entries()) {
      const n = counts.find((c) => c >= i + 1);
      if (n !== undefined)
        first[Math.min(Math.round(frames.get(n)![0] - sent), first.length - 1)]!++;
    }
    const spread = emptyHistogram();
    for (const [a, b] of frames.values()) spread[Math.min(Math.round(b - a), spread.length - 1)]!++;
    return {
      firstP95: percentile(first, 0.95),
      spreadP50: percentile(spread, 0.5),
      spreadP95: percentile(spread, 0.95),
      streams: o.streams,
      opened: ok,
      votes,
      p50: percentile(hist, 0.5),
      p95: percentile(hist, 0.95),
      p99: percentile(hist, 0.99),
      rssIdleMb,
      rssMaxMb,
      complete: reports.reduce((s, r) => s + r.complete, 0),
      missing: reports.reduce((s, r) => s + r.missing, 0),
      dropped: (server.output().match(/dropped a/g) ?? []).length,
      cpuPerVoteMs,
    };
  } finally {
    for (const child of children) if (child.connected) child.send({ type: 'exit' });
    await server.stop();
  }
}
