import { parseDatabaseUrl } from '../src/server/config.ts';
import { openStore } from '../src/server/store/open-store.ts';
import { type BenchPoll, createBenchPoll, getSummary, participants } from './lib/api.ts';
import { type LoadResult, runLoad } from './lib/load.ts';

/** Measurements 1–3: the SQLite baseline, ballots, and summary reads against a bare GET. */

export interface WriteFigures {
  connections: number;
  /** The best of the runs of each. */
  baseline: LoadResult;
  ballots: LoadResult;
  /** Per ballots run: acknowledged (201), stored (GROUP BY) and summarised (counters). */
  checks: { acknowledged: number; stored: number; summarised: number; failed: number }[];
}

export interface ReadFigures {
  summary: LoadResult;
  bare: LoadResult;
  bytes: number;
}

const WARM_SECONDS = 5;

/** A ballot per request, each from its own participant cookie. */
function ballotLoad(urls: string[], poll: BenchPoll, connections: number) {
  const next = participants();
  let i = 0;
  return {
    urls,
    connections,
    method: 'POST' as const,
    path: `/api/v1/polls/${poll.slug}/votes`,
    headers: { 'content-type': 'application/json' },
    body: poll.ballot(0),
    vary: () => ({ headers: { cookie: next() }, body: poll.ballot(i++) }),
  };
}

/** The same request shape for the baseline: a cookie and a ballot-sized body, varied alike. */
function insertLoad(url: string, poll: BenchPoll, connections: number) {
  return { ...ballotLoad([url], poll, connections), path: '/insert' };
}

export async function measureWrites(o: {
  sondeo: string[];
  baseline: string;
  databaseUrl: string;
  connections: number[];
  seconds: number;
  /** Runs of each, alternated; the best is kept (other work on the machine only slows). */
  repeat: number;
  log: (line: string) => void;
}): Promise<WriteFigures[]> {
  const warmPoll = await createBenchPoll(o.sondeo[0]!);
  // Warm-up runs (JIT, caches, WAL) also say how many requests fill the measured time.
  const baseRate = (
    await runLoad({ ...insertLoad(o.baseline, warmPoll, 100), seconds: WARM_SECONDS })
  ).rps;
  const voteRate = (
    await runLoad({ ...ballotLoad(o.sondeo, warmPoll, 100), seconds: WARM_SECONDS })
  ).rps;
  o.log(`warm-up: baseline ${baseRate.toFixed(0)}/s, ballots ${voteRate.toFixed(0)}/s`);

  const store = await openStore({ database: parseDatabaseUrl(o.databaseUrl) });
  const figures: WriteFigures[] = [];
  try {
    for (const connections of o.connections) {
      let bestBaseline: LoadResult | undefined;
      let bestBallots: LoadResult | undefined;
      const checks: WriteFigures['checks'] = [];
      for (let run = 1; run <= o.repeat; run++) {
        // Alternated, so load from elsewhere on the machine hits both alike.
        const baseline = await runLoad({
          ...insertLoad(o.baseline, warmPoll, connections),
          amount: Math.round(baseRate * o.seconds),
        });
        const poll = await createBenchPoll(o.sondeo[0]!);
        const ballots = await runLoad({
          ...ballotLoad(o.sondeo, poll, connections),
          amount: Math.round(voteRate * o.seconds),
        });
        const record = await store.getPollBySlug(poll.slug);
        const stored = (await store.getVoteCounts(record!.id)).ballots;
        const summarised = (await getSummary(o.sondeo[0]!, poll.slug, poll.secret)).totalVotes;
        o.log(
          `${connections} connections, run ${run}: baseline ${baseline.rps.toFixed(0)}/s, ` +
            `ballots ${ballots.rps.toFixed(0)}/s (${ballots.ok} acknowledged, ${stored} stored, ` +
            `${summarised} in summary, ${ballots.non2xx} non-2xx, ${ballots.errors} errors)`,
        );
        checks.push({
          acknowledged: ballots.ok,
          stored,
          summarised,
          failed: ballots.non2xx + ballots.errors,
        });
        if (!bestBaseline || baseline.rps > bestBaseline.rps) bestBaseline = baseline;
        if (!bestBallots || ballots.rps > bestBallots.rps) bestBallots = ballots;
      }
      figures.push({ connections, baseline: bestBaseline!, ballots: bestBallots!, checks });
    }
  } finally {
    await store.close();
  }
  return figures;
}

export async function measureReads(o: {
  sondeo: string;
  baseline: string;
  connections: number;
  seconds: number;
  repeat: number;
  log: (line: string) => void;
}): Promise<ReadFigures> {
  const poll = await createBenchPoll(o.sondeo, { resultsPublic: true });
  const next = participants();
  for (let i = 0; i < 300; i += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, j) =>
        fetch(`${o.sondeo}/api/v1/polls/${poll.slug}/votes`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: next() },
          body: poll.ballot(i + j),
        }),
      ),
    );
  }
  const body = await (await fetch(`${o.sondeo}/api/v1/polls/${poll.slug}/summary`)).text();
  // The bare endpoint sends the very same bytes.
  await fetch(`${o.baseline}/bare`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body,
  });
  // A phone that already has its participant cookie, as one polling results would.
  const cookie = next();
  const read = (url: string, path: string, seconds: number) =>
    runLoad({
      urls: [url],
      connections: o.connections,
      seconds,
      method: 'GET',
      path,
      headers: { cookie },
    });
  await read(o.sondeo, `/api/v1/polls/${poll.slug}/summary`, WARM_SECONDS);
  await read(o.baseline, '/bare', WARM_SECONDS);
  const runs: { summary: LoadResult; bare: LoadResult }[] = [];
  for (let run = 1; run <= o.repeat; run++) {
    const summary = await read(o.sondeo, `/api/v1/polls/${poll.slug}/summary`, o.seconds);
    const bare = await read(o.baseline, '/bare', o.seconds);
    o.log(`run ${run}: summary ${summary.rps.toFixed(0)}/s, bare GET ${bare.rps.toFixed(0)}/s`);
    runs.push({ summary, bare });
  }
  const best = (pick: (r: (typeof runs)[number]) => LoadResult) =>
    runs.map(pick).reduce((a, b) => (b.rps > a.rps ? b : a));
  return { summary: best((r) => r.summary), bare: best((r) => r.bare), bytes: body.length };
}
