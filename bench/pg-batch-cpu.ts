import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { createPostgresStore } from '../src/server/store/postgres.ts';
import { batchPoll } from './lib/batch-poll.ts';
import { cpuOf } from './lib/pg-redis.ts';

/**
 * Issue 29: what a PostgreSQL ballot batch costs at a fixed size, apart from HTTP and Redis.
 * SIZE ballots cast at once (one batch: VoteBatcher gathers them), awaited, ROUNDS times, on
 * the real store in a throwaway schema, after 100 warm-up batches and an ANALYZE (a table in
 * use has statistics; autovacuum's naptime is longer than a run). Prints Node's CPU
 * (process.cpuUsage) and its backends' (/proc) per ballot, and the wall time per batch.
 * Two sizes give the fixed cost per batch apart from the cost per ballot.
 * `SIZE=33 ROUNDS=600 node --import tsx bench/pg-batch-cpu.ts` (PG_URL as bench/scale.ts);
 * KEYS=0 leaves the Idempotency-Keys out (bench/scale.ts's ballots have none).
 */

const url = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const size = Number(process.env.SIZE ?? 33);
const rounds = Number(process.env.ROUNDS ?? 600);
// KEYS=0: ballots without an Idempotency-Key, as bench/scale.ts sends them.
const withKeys = process.env.KEYS !== '0';
const schema = `pgtrip_micro_${randomBytes(3).toString('hex')}`;
const app = `pgtrip_${randomBytes(3).toString('hex')}`;
const store = await createPostgresStore(`${url}?application_name=${app}`, { schema, poolSize: 2 });
const admin = new pg.Client({ connectionString: url });
await admin.connect();
try {
  const { poll, q1, q2 } = await batchPoll(store, 'm');
  let n = 0;
  const round = () =>
    Promise.all(
      Array.from({ length: size }, () => {
        const i = n++;
        return store.castVote({
          pollId: poll.id,
          participantId: `p${i}`,
          answers: [
            { questionId: q1.id, optionIds: [q1.options[i % 3]!.id] },
            { questionId: q2.id, optionIds: [q2.options[0]!.id, q2.options[1]!.id] },
          ],
          oneVotePerQuestion: true,
          ...(withKeys && { idempotency: { key: `k${i}`, ballotHash: 'h' } }),
          now: new Date(),
        });
      }),
    );
  for (let r = 0; r < 100; r++) await round(); // warm-up (fresh tables, JIT)
  // Statistics as a table in use has them (autovacuum's naptime is longer than this run).
  const tables = await admin.query('select tablename from pg_tables where schemaname = $1', [
    schema,
  ]);
  for (const t of tables.rows) await admin.query(`analyze ${schema}.${t.tablename}`);
  const pids = (
    await admin.query('select pid from pg_stat_activity where application_name = $1', [app])
  ).rows.map((r) => r.pid);
  const threads0 = threadTicks();
  const pg0 = cpuOf(pids);
  const node0 = process.cpuUsage();
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++) {
    const res = await round();
    if (res.some((x) => x.outcome !== 'stored')) throw new Error('not stored');
  }
  const wall = performance.now() - t0;
  const node = process.cpuUsage(node0);
  const pgs = cpuOf(pids) - pg0;
  const threads = threadTicks();
  const b = rounds * size;
  console.log(
    `size ${size}${withKeys ? '' : ' (no keys)'}: node ${((node.user + node.system) / b).toFixed(1)} µs/ballot (user ${(node.user / b).toFixed(1)}, sys ${(node.system / b).toFixed(1)}) · PG ${((pgs * 1e6) / b).toFixed(1)} µs/ballot · wall ${((wall * 1000) / b).toFixed(1)} µs/ballot · per batch wall ${(wall / rounds).toFixed(2)} ms`,
  );
  // Which of Node's threads the CPU went to (main, tsx's loader worker, GC helpers, libuv's
  // pool): clock ticks from /proc/self/task, per batch.
  const perThread = [...threads]
    .map(([name, t]) => [name, t - (threads0.get(name) ?? 0)] as const)
    .filter(([, t]) => t > 0)
    .map(([name, t]) => `${name} ${((t * 10_000) / rounds).toFixed(0)}`);
  console.log(`  threads, µs per batch: ${perThread.join(' · ')}`);
} finally {
  await store.close();
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
}

/** CPU clock ticks (10 ms) per thread of this process, by thread name and id. */
function threadTicks(): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(`${name}#${tid}`, Number(fields[11]) + Number(fields[12]));
    } catch {
      // a thread that ended meanwhile
    }
  }
  return out;
}
