import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { ballotLoad, createBenchPoll } from './lib/api.ts';
import { runLoad } from './lib/load.ts';
import { type Server, startServer, tempSqlite } from './lib/processes.ts';

/**
 * Issue 29: this tree's ballots against another tree's (AB_OTHER=/path/to/a/checkout, with its
 * node_modules) and the bare insert, all three servers up at once and run in turn, round after
 * round: on a loaded machine the load drifts between whole `npm run bench` runs, much less
 * between three runs of a few seconds. Per round and server: requests/s and server CPU per
 * request. `AB_ROUNDS=8 AB_AMOUNT=3000 AB_CONNECTIONS=100,200 node --import tsx bench/ballot-ab.ts`
 */
const env = process.env;
const other = env.AB_OTHER;
if (!other) {
  console.error('AB_OTHER: the checkout to compare with (its src/server/main.ts is started)');
  process.exit(2);
}
const rounds = Number(env.AB_ROUNDS ?? 8);
const amount = Number(env.AB_AMOUNT ?? 3000);
const connectionsList = (env.AB_CONNECTIONS ?? '100,200').split(',').map(Number);

const sondeo = (script: string) =>
  startServer({
    script,
    env: { DATABASE_URL: tempSqlite() },
    healthPath: '/api/v1/health',
  });
const baseline = await startServer({ script: 'bench/baseline-server.ts', healthPath: '/health' });
const servers: Record<string, Server> = {
  bare: baseline,
  other: await sondeo(join(other, 'src/server/main.ts')),
  this: await sondeo('src/server/main.ts'),
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

try {
  console.log(
    `${cpus().length} cores · load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (const connections of connectionsList) {
    const rows: Record<'bare' | 'other' | 'this', { rps: number; cpuUs: number }[]> = {
      bare: [],
      other: [],
      this: [],
    };
    // Warm-up: JIT and caches of each server.
    const polls = {
      other: await createBenchPoll(servers.other!.url),
      this: await createBenchPoll(servers.this!.url),
    };
    for (const name of ['other', 'this'] as const) {
      await runLoad({ ...ballotLoad([servers[name]!.url], polls[name], connections), amount });
    }
    await runLoad({
      ...ballotLoad([baseline.url], polls.this, connections),
      path: '/insert',
      amount,
    });
    for (let round = 1; round <= rounds; round++) {
      // The order turns every round, so no server always runs right after the same one.
      const order = (['bare', 'other', 'this'] as const).map(
        (_, i, all) => all[(i + round) % all.length]!,
      );
      const line: string[] = [];
      for (const name of order) {
        const server = servers[name]!;
        const load =
          name === 'bare'
            ? { ...ballotLoad([server.url], polls.this, connections), path: '/insert' }
            : ballotLoad([server.url], polls[name], connections);
        const before = server.cpuSeconds();
        const result = await runLoad({ ...load, amount });
        const cpuUs = ((server.cpuSeconds() - before) * 1e6) / Math.max(result.ok, 1);
        if (result.non2xx + result.errors > 0) throw new Error(`${name}: failed requests`);
        rows[name]!.push({ rps: result.rps, cpuUs });
        line.push(`${name} ${result.rps.toFixed(0)}/s ${cpuUs.toFixed(0)} µs`);
      }
      console.log(
        `${connections} conn. round ${round}: ${line.join(' · ')} · load ${loadavg()[0]!.toFixed(1)}`,
      );
    }
    const ratio = (name: 'other' | 'this', k: 'rps' | 'cpuUs') =>
      rows[name]!.map((r, i) =>
        k === 'rps' ? r.rps / rows.bare[i]!.rps : rows.bare[i]!.cpuUs / r.cpuUs,
      );
    for (const name of ['other', 'this'] as const) {
      const rps = ratio(name, 'rps');
      console.log(
        `${connections} conn. ${name}: throughput/bare median ${median(rps).toFixed(2)} ` +
          `(${rps.map((r) => r.toFixed(2)).join(', ')}); CPU per ballot median ` +
          `${median(rows[name]!.map((r) => r.cpuUs)).toFixed(0)} µs, bare's ` +
          `${median(rows.bare.map((r) => r.cpuUs)).toFixed(0)} µs`,
      );
    }
    const perRound = rows.this.map((r, i) => r.cpuUs / rows.other[i]!.cpuUs);
    console.log(
      `${connections} conn. CPU per ballot this/other per round: ` +
        `${perRound.map((r) => r.toFixed(2)).join(', ')} (median ${median(perRound).toFixed(2)})`,
    );
  }
} finally {
  await Promise.all(Object.values(servers).map((s) => s.stop()));
}
