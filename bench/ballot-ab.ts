import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { alternatedRound, median } from './lib/alternate.ts';
import {
  type BenchPoll,
  ballotLoad,
  createBenchPoll,
  type Question,
  threeQuestionBallot,
} from './lib/api.ts';
import { runLoad } from './lib/load.ts';
import { type Server, startServer, tempSqlite } from './lib/processes.ts';

/**
 * Issue 29: this tree's ballots against the bare insert (bench/baseline-server.ts), and
 * optionally against another tree's ballots (AB_OTHER=/path/to/a/checkout, with its
 * node_modules) and the floor (AB_FLOOR=1, bench/floor-server.ts: the ballot's rows in Sondeo's
 * schema behind the bare insert's HTTP, none of Sondeo's code), every server up at once and run
 * in turn, round after round: on a loaded machine the load drifts between whole `npm run bench`
 * runs, much less between runs of a few seconds. Per round and server: requests/s and server
 * CPU per request. `AB_ROUNDS=8 AB_AMOUNT=3000 AB_CONNECTIONS=100,200 AB_FLOOR=1
 * node --import tsx bench/ballot-ab.ts`
 */
const env = process.env;
const other = env.AB_OTHER;
const rounds = Number(env.AB_ROUNDS ?? 8);
const amount = Number(env.AB_AMOUNT ?? 3000);
const connectionsList = (env.AB_CONNECTIONS ?? '100,200').split(',').map(Number);
if (!other && env.AB_FLOOR !== '1') {
  console.error('Nothing to compare: AB_OTHER=<checkout> and/or AB_FLOOR=1');
  process.exit(2);
}

const sondeo = (script: string) =>
  startServer({
    script,
    env: { DATABASE_URL: tempSqlite() },
    healthPath: '/api/v1/health',
  });
const baseline = await startServer({ script: 'bench/baseline-server.ts', healthPath: '/health' });
type Name = 'bare' | 'floor' | 'other' | 'this';
const servers: Partial<Record<Name, Server>> = { bare: baseline };
if (env.AB_FLOOR === '1') {
  servers.floor = await startServer({ script: 'bench/floor-server.ts', healthPath: '/health' });
}
if (other) servers.other = await sondeo(join(other, 'src/server/main.ts'));
servers.this = await sondeo('src/server/main.ts');
const names = Object.keys(servers) as Name[];

/** Each server's load: Sondeo's ballots, the floor's to its own poll, the bare insert's. */
async function loads(connections: number) {
  const pollOf = async (name: Name): Promise<BenchPoll> => {
    if (name === 'floor') {
      const { questions } = (await (await fetch(`${servers.floor!.url}/poll`)).json()) as {
        questions: Question[];
      };
      return { slug: '', secret: '', ballot: threeQuestionBallot(questions) };
    }
    return createBenchPoll(servers[name === 'bare' ? 'this' : name]!.url);
  };
  const paths: Partial<Record<Name, string>> = { bare: '/insert', floor: '/floor' };
  const out: Partial<Record<Name, () => ReturnType<typeof ballotLoad>>> = {};
  for (const name of names) {
    const poll = await pollOf(name);
    const path = paths[name];
    out[name] = () => {
      const load = ballotLoad([servers[name]!.url], poll, connections);
      return path ? { ...load, path } : load;
    };
  }
  return out as Record<Name, () => ReturnType<typeof ballotLoad>>;
}

try {
  console.log(
    `${cpus().length} cores · load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (const connections of connectionsList) {
    const rows = Object.fromEntries(names.map((n) => [n, []])) as unknown as Record<
      Name,
      { rps: number; cpuUs: number }[]
    >;
    const loadOf = await loads(connections);
    // Warm-up: JIT and caches of each server.
    for (const name of names) await runLoad({ ...loadOf[name](), amount });
    for (let round = 1; round <= rounds; round++) {
      const { order, results } = await alternatedRound(
        round,
        names,
        servers as Record<Name, Server>,
        (name) => loadOf[name](),
        amount,
      );
      for (const name of names) rows[name].push(results[name]);
      const line = order.map(
        (n) => `${n} ${results[n].rps.toFixed(0)}/s ${results[n].cpuUs.toFixed(0)} µs`,
      );
      console.log(
        `${connections} conn. round ${round}: ${line.join(' · ')} · load ${loadavg()[0]!.toFixed(1)}`,
      );
    }
    for (const name of names.filter((n) => n !== 'bare')) {
      const rps = rows[name].map((r, i) => r.rps / rows.bare[i]!.rps);
      const cpu = rows[name].map((r, i) => rows.bare[i]!.cpuUs / r.cpuUs);
      console.log(
        `${connections} conn. ${name}: throughput/bare median ${median(rps).toFixed(2)} ` +
          `(${rps.map((r) => r.toFixed(2)).join(', ')}); CPU bare/${name} median ` +
          `${median(cpu).toFixed(2)}; CPU per ballot median ` +
          `${median(rows[name].map((r) => r.cpuUs)).toFixed(0)} µs, bare's ` +
          `${median(rows.bare.map((r) => r.cpuUs)).toFixed(0)} µs`,
      );
    }
    for (const base of ['other', 'floor'] as const) {
      if (!servers[base]) continue;
      const perRound = rows.this.map((r, i) => r.cpuUs / rows[base][i]!.cpuUs);
      console.log(
        `${connections} conn. CPU per ballot this/${base} per round: ` +
          `${perRound.map((r) => r.toFixed(2)).join(', ')} (median ${median(perRound).toFixed(2)})`,
      );
    }
  }
  if (servers.floor) {
    const count = await (await fetch(`${servers.floor.url}/count`)).json();
    console.log(`floor: stored and counted ${JSON.stringify(count)}`);
  }
} finally {
  await Promise.all(Object.values(servers).map((s) => s.stop()));
}
