import { parseDatabaseUrl } from '../src/server/config.ts';
import { openStore } from '../src/server/store/open-store.ts';
import {
  type BenchPoll,
  ballotLoad,
  createBenchPoll,
  getSummary,
  participants,
} from './lib/api.ts';
import { type LoadOptions, type LoadResult, runLoad } from './lib/load.ts';
import type { Server } from './lib/processes.ts';

/**
 * Measurements 1–3: the SQLite baseline, ballots, and summary reads against a bare GET. Each
 * comparison is made of pairs run back to back (the machine is shared, and its load drifts);
 * the pair with the median ratio is reported, with the server's CPU time per request, which
 * other load on the machine disturbs far less than throughput.
 */

export interface Measured extends LoadResult {
  /** CPU time of the server process(es) per 2xx response, in µs. */
  cpuUs: number;
}

export interface Pair {
  ours: Measured;
  reference: Measured;
  ratio: number;
}

export interface WriteFigures {
  connections: number;
  /** Ballots (ours) against the bare insert (reference), median pair; all ratios. */
  pair: Pair;
  ratios: number[];
  /** Per ballots run: acknowledged (201), stored (GROUP BY) and summarised (counters). */
  checks: { acknowledged: number; stored: number; summarised: number; failed: number }[];
}

export interface ReadFigures {
  pair: Pair;
  ratios: number[];
  bytes: number;
}

const WARM_SECONDS = 5;

async function measure(servers: Server[], options: LoadOptions): Promise<Measured> {
  const cpu = () => servers.reduce((s, server) => s + server.cpuSeconds(), 0);
  const before = cpu();
  const result = await runLoad(options);
  return { ...result, cpuUs: ((cpu() - before) * 1e6) / Math.max(result.ok, 1) };
}

function medianPair(pairs: Pair[]): { pair: Pair; ratios: number[] } {
  const sorted = [...pairs].sort((a, b) => a.ratio - b.ratio);
  return { pair: sorted[Math.floor((sorted.length - 1) / 2)]!, ratios: pairs.map((p) => p.ratio) };
}

/** The same request shape for the baseline: a cookie and a ballot-sized body, varied alike. */
function insertLoad(url: string, poll: BenchPoll, connections: number) {
  return { ...ballotLoad([url], poll, connections), path: '/insert' };
}

export async function measureWrites(o: {
  sondeo: Server[];
  baseline: Server;
  databaseUrl: string;
  connections: number[];
  seconds: number;
  repeat: number;
  log: (line: string) => void;
}): Promise<WriteFigures[]> {
  const urls = o.sondeo.map((s) => s.url);
  const warmPoll = await createBenchPoll(urls[0]!);
  // Warm-up runs (JIT, caches, WAL) also say how many requests fill the measured time.
  const baseRate = (
    await runLoad({ ...insertLoad(o.baseline.url, warmPoll, 100), seconds: WARM_SECONDS })
  ).rps;
  const voteRate = (await runLoad({ ...ballotLoad(urls, warmPoll, 100), seconds: WARM_SECONDS }))
    .rps;
  o.log(`warm-up: baseline ${baseRate.toFixed(0)}/s, ballots ${voteRate.toFixed(0)}/s`);

  const store = await openStore({ database: parseDatabaseUrl(o.databaseUrl) });
  const figures: WriteFigures[] = [];
  try {
    for (const connections of o.connections) {
      const pairs: Pair[] = [];
      const checks: WriteFigures['checks'] = [];
      for (let run = 1; run <= o.repeat; run++) {
        const reference = await measure([o.baseline], {
          ...insertLoad(o.baseline.url, warmPoll, connections),
          amount: Math.round(baseRate * o.seconds),
        });
        // A fresh poll per run, so its counts are this run's alone.
        const poll = await createBenchPoll(urls[0]!);
        const ours = await measure(o.sondeo, {
          ...ballotLoad(urls, poll, connections),
          amount: Math.round(voteRate * o.seconds),
        });
        const record = await store.getPollBySlug(poll.slug);
        const stored = (await store.getVoteCounts(record!.id)).ballots;
        const summarised = (await getSummary(urls[0]!, poll.slug, poll.secret)).totalVotes;
        const failed = ours.non2xx + ours.errors;
        checks.push({ acknowledged: ours.ok, stored, summarised, failed });
        pairs.push({ ours, reference, ratio: ours.rps / reference.rps });
        o.log(
          `${connections} conn., run ${run}: baseline ${reference.rps.toFixed(0)}/s ` +
            `(${reference.cpuUs.toFixed(0)} µs CPU each), ballots ${ours.rps.toFixed(0)}/s ` +
            `(${ours.cpuUs.toFixed(0)} µs); ${ours.ok} acknowledged, ${stored} stored, ` +
            `${summarised} in summary, ${failed} failed`,
        );
      }
      figures.push({ connections, ...medianPair(pairs), checks });
    }
  } finally {
    await store.close();
  }
  return figures;
}

export async function measureReads(o: {
  sondeo: Server;
  baseline: Server;
  connections: number;
  seconds: number;
  repeat: number;
  log: (line: string) => void;
}): Promise<ReadFigures> {
  const poll = await createBenchPoll(o.sondeo.url, { resultsPublic: true });
  const next = participants();
  for (let i = 0; i < 300; i += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, j) =>
        fetch(`${o.sondeo.url}/api/v1/polls/${poll.slug}/votes`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: next() },
          body: poll.ballot(i + j),
        }),
      ),
    );
  }
  const path = `/api/v1/polls/${poll.slug}/summary`;
  const body = await (await fetch(`${o.sondeo.url}${path}`)).text();
  // The bare endpoint sends the very same bytes.
  await fetch(`${o.baseline.url}/bare`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body,
  });
  // A phone that already has its participant cookie, as one polling results would.
  const cookie = next();
  const read = (server: Server, at: string, seconds: number) =>
    measure([server], {
      urls: [server.url],
      connections: o.connections,
      seconds,
      method: 'GET',
      path: at,
      headers: { cookie },
    });
  await read(o.sondeo, path, WARM_SECONDS);
  await read(o.baseline, '/bare', WARM_SECONDS);
  const pairs: Pair[] = [];
  for (let run = 1; run <= o.repeat; run++) {
    const reference = await read(o.baseline, '/bare', o.seconds);
    const ours = await read(o.sondeo, path, o.seconds);
    pairs.push({ ours, reference, ratio: ours.rps / reference.rps });
    o.log(
      `run ${run}: bare GET ${reference.rps.toFixed(0)}/s (${reference.cpuUs.toFixed(0)} µs CPU ` +
        `each), summary ${ours.rps.toFixed(0)}/s (${ours.cpuUs.toFixed(0)} µs)`,
    );
  }
  return { ...medianPair(pairs), bytes: body.length };
}
