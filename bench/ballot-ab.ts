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
 * node_modules) and floors (AB_FLOORS=current,compact,minimal,compact+20, or AB_FLOOR=1 for
 * `current`; `+20`: 20 µs of busy CPU per request standing in for Sondeo's code:
 * bench/floor-server.ts, a ballot's rows behind the bare insert's HTTP, none of Sondeo's code,
 * each one server with FLOOR_ROWS and FLOOR_BURN_US set, see bench/lib/floor-rows.ts), every
 * server up at once and run in turn, round after round: on a loaded machine the load drifts
 * between whole `npm run bench` runs, much less between runs of a few seconds. Per round and server:
 * requests/s and server CPU per request. AB_SONDEO=0 leaves this tree's Sondeo out (floors
 * only). `AB_ROUNDS=8 AB_AMOUNT=3000 AB_CONNECTIONS=100,200 AB_FLOORS=current,compact
 * node --import tsx bench/ballot-ab.ts`
 */
const env = process.env;
const other = env.AB_OTHER;
const rounds = Number(env.AB_ROUNDS ?? 8);
const amount = Number(env.AB_AMOUNT ?? 3000);
const connectionsList = (env.AB_CONNECTIONS ?? '100,200').split(',').map(Number);
const floorKinds = (env.AB_FLOORS ?? (env.AB_FLOOR === '1' ? 'current' : ''))
  .split(',')
  .filter(Boolean);
if (!other && floorKinds.length === 0) {
  console.error('Nothing to compare: AB_OTHER=<checkout> and/or AB_FLOORS=current,compact,minimal');
  process.exit(2);
}

const sondeo = (script: string) =>
  startServer({
    script,
    env: { DATABASE_URL: tempSqlite() },
    healthPath: '/api/v1/health',
  });
const baseline = await startServer({ script: 'bench/baseline-server.ts', healthPath: '/health' });
/** 'bare', 'floor-<kind>' per floor variant, 'other', 'this'. */
type Name = string;
const servers: Record<Name, Server> = { bare: baseline };
// A floor is `kind` or `kind+µs`: its rows, and µs of busy CPU per request (FLOOR_BURN_US).
for (const floor of floorKinds) {
  const [kind = '', burnUs = '0'] = floor.split('+');
  servers[`floor-${floor}`] = await startServer({
    script: 'bench/floor-server.ts',
    env: { FLOOR_ROWS: kind, FLOOR_BURN_US: burnUs },
    healthPath: '/health',
  });
}
const floors = floorKinds.map((kind) => `floor-${kind}`);
if (other) servers.other = await sondeo(join(other, 'src/server/main.ts'));
if (env.AB_SONDEO !== '0') servers.this = await sondeo('src/server/main.ts');
const names = Object.keys(servers);
const isFloor = (name: Name) => name.startsWith('floor-');

/** Each server's load: Sondeo's ballots, the floor's to its own poll, the bare insert's. */
async function loads(connections: number) {
  const pollOf = async (name: Name): Promise<BenchPoll> => {
    if (isFloor(name)) {
      const { questions } = (await (await fetch(`${servers[name]!.url}/poll`)).json()) as {
        questions: Question[];
      };
      return { slug: '', secret: '', ballot: threeQuestionBallot(questions) };
    }
    // The bare insert's body: a Sondeo ballot when Sondeo runs, else a floor's (the same shape).
    if (name === 'bare') return pollOf(servers.this ? 'this' : (floors[0] ?? 'other'));
    return createBenchPoll(servers[name]!.url);
  };
  const pathOf = (name: Name) => (name === 'bare' ? '/insert' : isFloor(name) ? '/floor' : '');
  const out: Record<Name, () => ReturnType<typeof ballotLoad>> = {};
  for (const name of names) {
    const poll = await pollOf(name);
    const path = pathOf(name);
    out[name] = () => {
      const load = ballotLoad([servers[name]!.url], poll, connections);
      return path ? { ...load, path } : load;
    };
  }
  return out;
}

try {
  console.log(
    `${cpus().length} cores · load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (const connections of connectionsList) {
    const byName = new Map(names.map((n) => [n, [] as { rps: number; cpuUs: number }[]]));
    const rows = (name: Name) => byName.get(name)!;
    const loadByName = await loads(connections);
    const loadOf = (name: Name) => loadByName[name]!();
    // Warm-up: JIT and caches of each server.
    for (const name of names) await runLoad({ ...loadOf(name), amount });
    for (let round = 1; round <= rounds; round++) {
      const { order, results } = await alternatedRound(round, names, servers, loadOf, amount);
      for (const name of names) rows(name).push(results[name]!);
      const line = order.map(
        (n) => `${n} ${results[n]!.rps.toFixed(0)}/s ${results[n]!.cpuUs.toFixed(0)} µs`,
      );
      console.log(
        `${connections} conn. round ${round}: ${line.join(' · ')} · load ${loadavg()[0]!.toFixed(1)}`,
      );
    }
    for (const name of names.filter((n) => n !== 'bare')) {
      const rps = rows(name).map((r, i) => r.rps / rows('bare')[i]!.rps);
      const cpu = rows(name).map((r, i) => rows('bare')[i]!.cpuUs / r.cpuUs);
      console.log(
        `${connections} conn. ${name}: throughput/bare median ${median(rps).toFixed(2)} ` +
          `(${rps.map((r) => r.toFixed(2)).join(', ')}); CPU bare/${name} median ` +
          `${median(cpu).toFixed(2)}; CPU per ballot median ` +
          `${median(rows(name).map((r) => r.cpuUs)).toFixed(0)} µs, bare's ` +
          `${median(rows('bare').map((r) => r.cpuUs)).toFixed(0)} µs`,
      );
    }
    for (const base of ['other', ...floors]) {
      if (!servers[base] || !servers.this) continue;
      const perRound = rows('this').map((r, i) => r.cpuUs / rows(base)[i]!.cpuUs);
      console.log(
        `${connections} conn. CPU per ballot this/${base} per round: ` +
          `${perRound.map((r) => r.toFixed(2)).join(', ')} (median ${median(perRound).toFixed(2)})`,
      );
    }
  }
  // Every floor's ballots: acknowledged (201) as many as the bench sent, stored, counted, and
  // the counters equal to a recount from the rows.
  const sent = (rounds + 1) * amount * connectionsList.length;
  for (const name of floors) {
    const count = (await (await fetch(`${servers[name]!.url}/count`)).json()) as Record<
      string,
      number
    >;
    const exact =
      [count.acknowledged, count.counted, count.stored, count.participants].every(
        (n) => n === sent,
      ) &&
      count.optionMismatches === 0 &&
      count.questionMismatches === 0;
    console.log(
      `${name}: ${exact ? 'exact' : 'NOT EXACT'} (sent ${sent}) ${JSON.stringify(count)}`,
    );
    if (!exact) process.exitCode = 1;
  }
} finally {
  await Promise.all(Object.values(servers).map((s) => s.stop()));
}
