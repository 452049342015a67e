import { parseDatabaseUrl } from '../src/server/config.ts';
import { loadSummaries } from '../src/server/domain/tally.ts';
import { openStore } from '../src/server/store/open-store.ts';
import { type BenchPoll, ballotLoad, call } from './lib/api.ts';
import { runLoad } from './lib/load.ts';
import type { Server } from './lib/processes.ts';
import type { Row } from './lib/report.ts';
import type { Measured } from './throughput.ts';

/**
 * Issue 26: ballots of an 8-option ranking and of a number question against ballots of an
 * 8-option single choice, on the same server, alternated in each run (the machine is shared):
 * the server's CPU per ballot is compared, which moves far less than throughput does. Then a
 * summary of a question with 2,000 numbers is rebuilt in process, as the live cache does.
 */

type Kind = 'single' | 'ranking' | 'number';

export interface TypeFigures {
  connections: number;
  /** Per run: CPU µs per ballot of each kind. */
  runs: Record<Kind, Measured>[];
  /** Median over runs of ours / single choice, CPU per ballot. */
  rankingCpu: number;
  numberCpu: number;
  /** Rebuilds of the summary of 2,000 numbers: wall ms and this process's CPU ms, sorted. On a
   *  shared machine the wall time waits for other processes; the CPU time is the rebuild's. */
  rebuildMs: number[];
  rebuildCpuMs: number[];
}

const WARM_SECONDS = 3;
const OPTIONS = ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco', 'Seis', 'Siete', 'Ocho'];

async function onePoll(base: string, kind: Kind): Promise<BenchPoll> {
  const poll = await call(base, 'POST', '/polls', { title: `Banco ${kind}` });
  const body =
    kind === 'number'
      ? { text: '¿En qué año?', type: kind, number: { min: 1900, max: 2100, decimals: 0 } }
      : { text: '¿Cuál?', type: kind, options: OPTIONS.map((text) => ({ text })) };
  const question = await call(
    base,
    'POST',
    `/polls/${poll.slug}/questions`,
    body,
    poll.host_secret,
  );
  await call(base, 'PATCH', `/polls/${poll.slug}`, { status: 'open' }, poll.host_secret);
  const ids: number[] = question.options.map((o: { id: number }) => o.id);
  const answer = (i: number) => {
    if (kind === 'single') return { questionId: question.id, optionIds: [ids[i % 8]!] };
    if (kind === 'number') return { questionId: question.id, value: 1900 + (i % 201) };
    // A different order per ballot: a rotation of the options.
    return { questionId: question.id, ranking: ids.map((_, k) => ids[(i + k) % 8]!) };
  };
  return {
    slug: poll.slug,
    secret: poll.host_secret,
    ballot: (i) => JSON.stringify({ answers: [answer(i)] }),
  };
}

export async function measureQuestionTypes(o: {
  server: Server;
  databaseUrl: string;
  connections: number;
  seconds: number;
  repeat: number;
  log: (line: string) => void;
}): Promise<TypeFigures> {
  const url = o.server.url;
  const measure = async (poll: BenchPoll, amount: number): Promise<Measured> => {
    const before = o.server.cpuSeconds();
    const result = await runLoad({ ...ballotLoad([url], poll, o.connections), amount });
    return { ...result, cpuUs: ((o.server.cpuSeconds() - before) * 1e6) / Math.max(result.ok, 1) };
  };
  const kinds: Kind[] = ['single', 'ranking', 'number'];
  const rate: Record<string, number> = {};
  for (const kind of kinds) {
    rate[kind] = (
      await runLoad({
        ...ballotLoad([url], await onePoll(url, kind), o.connections),
        seconds: WARM_SECONDS,
      })
    ).rps;
  }
  o.log(`warm-up: ${kinds.map((k) => `${k} ${rate[k]!.toFixed(0)}/s`).join(', ')}`);
  const runs: TypeFigures['runs'] = [];
  for (let run = 1; run <= o.repeat; run++) {
    const figures = {} as Record<Kind, Measured>;
    // Alternated: each run measures the three kinds back to back, in a rotating order.
    for (const kind of kinds.map((_, i) => kinds[(i + run) % 3]!)) {
      const poll = await onePoll(url, kind);
      figures[kind] = await measure(poll, Math.round(rate.single! * o.seconds));
      const failed = figures[kind].non2xx + figures[kind].errors;
      if (failed > 0) throw new Error(`${kind}: ${failed} ballots failed`);
    }
    runs.push(figures);
    o.log(
      `run ${run}: ` +
        kinds.map((k) => `${k} ${figures[k].cpuUs.toFixed(0)} µs CPU/ballot`).join(', '),
    );
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  return {
    connections: o.connections,
    runs,
    rankingCpu: median(runs.map((r) => r.ranking.cpuUs / r.single.cpuUs)),
    numberCpu: median(runs.map((r) => r.number.cpuUs / r.single.cpuUs)),
    ...(await summaryRebuild(o.databaseUrl, o.log)),
  };
}

/** A number question with 2,000 answers: its summaries rebuilt from the store, 30 times. */
async function summaryRebuild(databaseUrl: string, log: (line: string) => void) {
  const store = await openStore({ database: parseDatabaseUrl(databaseUrl) });
  try {
    const poll = await store.createPoll({
      slug: `numbers${Date.now().toString(36)}`.slice(0, 16),
      title: 'Números',
      hostSecretHash: 'h'.repeat(64),
      joinCode: String(100_000 + Math.floor(Math.random() * 899_999)),
      oneVotePerQuestion: true,
      resultsPublic: true,
      status: 'open',
    });
    const question = await store.addQuestion(poll.id, {
      text: '¿Cuántos?',
      type: 'number',
      number: { min: 0, max: 1000, decimals: 2, unit: null },
      options: [],
    });
    for (let i = 0; i < 2000; i++) {
      await store.castVote({
        pollId: poll.id,
        participantId: `p${i}`,
        answers: [{ questionId: question.id, optionIds: [], value: ((i * 7919) % 100_000) / 100 }],
        oneVotePerQuestion: true,
        now: new Date(),
      });
    }
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < 30; i++) {
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      const built = await loadSummaries(store, poll.id);
      const used = process.cpuUsage(cpuStart);
      times.push(performance.now() - start);
      cpu.push((used.user + used.system) / 1000);
      if (built?.host.questions[0]?.totalAnswers !== 2000) throw new Error('not 2,000 numbers');
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    log(
      `summary of 2,000 numbers: wall median ${times[15]!.toFixed(2)} ms (max ` +
        `${times[29]!.toFixed(2)}), CPU median ${cpu[15]!.toFixed(2)} ms`,
    );
    return { rebuildMs: times, rebuildCpuMs: cpu };
  } finally {
    await store.close();
  }
}

/** The rows of the results table (bench/run.ts). */
export function questionTypeRows(f: TypeFigures): Row[] {
  const c = f.connections;
  const each = (kind: Kind) => f.runs.map((r) => r[kind].cpuUs.toFixed(0)).join(', ');
  const median = f.rebuildMs[Math.floor(f.rebuildMs.length / 2)]!;
  const cpuMedian = f.rebuildCpuMs[Math.floor(f.rebuildCpuMs.length / 2)]!;
  return [
    {
      measure: `26. CPU per ballot, one 8-option single choice, ${c} conn.`,
      result: `${each('single')} µs (runs)`,
    },
    {
      measure: `26. CPU per ballot, one 8-option ranking, alternated with it`,
      result: `${each('ranking')} µs (runs) · **${f.rankingCpu.toFixed(2)}× single choice** (median of runs)`,
      target: '≤ 1.3× single choice',
      met: f.rankingCpu <= 1.3,
    },
    {
      measure: `26. CPU per ballot, one number question, alternated with it`,
      result: `${each('number')} µs (runs) · **${f.numberCpu.toFixed(2)}× single choice** (median of runs)`,
      target: '≤ 1.1× single choice',
      met: f.numberCpu <= 1.1,
    },
    {
      measure: '26. Summary rebuild of a number question with 2,000 answers (in process)',
      result:
        `CPU median **${cpuMedian.toFixed(2)} ms** · wall median ${median.toFixed(2)} ms, ` +
        `max ${f.rebuildMs.at(-1)!.toFixed(2)} ms (30 rebuilds; wall includes waiting for the ` +
        `machine's other processes)`,
      target: '≤ 20 ms',
      met: cpuMedian <= 20,
    },
  ];
}
