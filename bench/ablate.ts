/**
 * Issue 29's ablation (bench/RESULTS.md, session 2026-11-29, ballotjs): one Sondeo per variant,
 * every one up at once and run in turn, round after round (as ballot-ab.ts), printing server
 * CPU per ballot and, per round, the first variant's minus each other's. A variant is
 * `name|checkout|KEY=value;KEY=value` (checkout default: this tree). The pieces switched off
 * in the section's table came from SONDEO_ABLATE=piece,piece… in a checkout of 448b341 with
 * bench/ablation-issue29.patch applied (and src/server/ablate.ts: `export const ablated = new
 * Set((process.env.SONDEO_ABLATE ?? '').split(',').filter(Boolean));`); never on main.
 * `VARIANTS="before|/path a|/path|HMAC_MEMO_ENTRIES=0" AB_ROUNDS=6 AB_AMOUNT=30000
 * node --import tsx bench/ablate.ts`
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { alternatedRound, median } from './lib/alternate.ts';
import { ballotLoad, createBenchPoll } from './lib/api.ts';
import { runLoad } from './lib/load.ts';
import { type Server, startServer, tempSqlite } from './lib/processes.ts';

const env = process.env;
const rounds = Number(env.AB_ROUNDS ?? 6);
const amount = Number(env.AB_AMOUNT ?? 20000);
const connections = Number(env.AB_CONNECTIONS ?? 100);
const variants = (env.VARIANTS ?? 'full,headers').split(' ');
const servers: Record<string, Server> = {};
for (const v of variants) {
  // name|dir|K=V;K=V
  const [, dir, extra] = v.split('|');
  servers[v] = await startServer({
    script: `${dir ?? '.'}/src/server/main.ts`,
    env: {
      DATABASE_URL: tempSqlite(),
      ...Object.fromEntries(
        (extra ?? '')
          .split(';')
          .filter(Boolean)
          .map((kv) => kv.split('=')),
      ),
    },
    healthPath: '/api/v1/health',
  });
}
try {
  const loads: Record<string, () => ReturnType<typeof ballotLoad>> = {};
  for (const v of variants) {
    const poll = await createBenchPoll(servers[v]!.url);
    loads[v] = () => {
      const load = ballotLoad([servers[v]!.url], poll, connections);
      if (env.AB_IDEMPOTENCY !== '1') return load;
      // As the web client sends them: an Idempotency-Key per ballot.
      return {
        ...load,
        vary: () => {
          const one = load.vary();
          return { ...one, headers: { ...one.headers, 'idempotency-key': randomUUID() } };
        },
      };
    };
  }
  for (const v of variants) await runLoad({ ...loads[v]!(), amount });
  const rows: Record<string, number[]> = Object.fromEntries(variants.map((v) => [v, []]));
  const rps: Record<string, number[]> = Object.fromEntries(variants.map((v) => [v, []]));
  for (let round = 1; round <= rounds; round++) {
    const { order, results } = await alternatedRound(
      round,
      variants,
      servers,
      (v) => loads[v]!(),
      amount,
    );
    for (const v of variants) {
      rows[v]!.push(results[v]!.cpuUs);
      rps[v]!.push(results[v]!.rps);
    }
    const line = order.map((v) => `${v} ${results[v]!.cpuUs.toFixed(0)}`);
    console.log(
      `round ${round} (µs/ballot): ${line.join(' · ')} · load ${loadavg()[0]!.toFixed(1)}`,
    );
  }
  const base = variants[0]!;
  for (const v of variants) {
    const diff = rows[v]!.map((c, i) => rows[base]![i]! - c);
    console.log(
      `${v}: CPU median ${median(rows[v]!).toFixed(0)} µs, rps median ${median(rps[v]!).toFixed(0)}; ` +
        `${base} − ${v} per round ${diff.map((d) => d.toFixed(0)).join(', ')} (median ${median(diff).toFixed(0)} µs)`,
    );
  }
  console.log(
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await Promise.all(Object.values(servers).map((s) => s.stop()));
}
