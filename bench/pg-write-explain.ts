import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPostgresStore } from '../src/server/store/postgres.ts';
import { batchPoll } from './lib/batch-poll.ts';

/**
 * Issue 29: where a PostgreSQL ballot batch's write (and the judge's read) spend their time,
 * node by node. A poll of FILL ballots (2 one-vote questions of 3 options: 3 choices and 2
 * one-vote rows per ballot, every ballot a new participant, as bench/scale.ts), then ROUNDS
 * batches of SIZE ballots through the real store in which the judge's read and the write run as
 * `EXPLAIN (ANALYZE, BUFFERS, VERBOSE) EXECUTE <the connection's prepared statement>` (so with
 * the plan the store itself uses, inside the batch's own transaction and lock). Prints each
 * node's own time (its time less its children's), the FK triggers' times, planning and
 * execution, as medians over the rounds, and one plan whole.
 * `SIZE=33 ROUNDS=100 FILL=20000 node --import tsx bench/pg-write-explain.ts`.
 */

const url = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const size = Number(process.env.SIZE ?? 33);
const rounds = Number(process.env.ROUNDS ?? 100);
const fill = Number(process.env.FILL ?? 20_000);
const schema = `pgw_explain_${randomBytes(3).toString('hex')}`;

type Plan = Record<string, unknown> & { Plans?: Plan[] };
const captured: {
  which: 'judge' | 'write';
  plan: Plan;
  triggers: Plan[];
  exec: number;
  planning: number;
}[] = [];
let explaining = false;
const plans = new Map<string, { generic_plans: number; custom_plans: number }>();

/** A value as pg sends it (its text form, arrays as `{…}`), as an SQL literal. */
const prepareValue = (pg as unknown as { utils: { prepareValue: (v: unknown) => unknown } }).utils
  .prepareValue;
const literal = (v: unknown) =>
  v === null || v === undefined ? 'NULL' : pg.escapeLiteral(String(prepareValue(v)));

const original = pg.Client.prototype.query as (...args: unknown[]) => Promise<pg.QueryResult>;
(pg.Client.prototype as { query: unknown }).query = async function (
  this: pg.Client,
  ...args: unknown[]
) {
  const config = args[0] as { name?: string; text?: string; values?: unknown[] };
  const which =
    typeof config === 'object' && config?.name && config.text
      ? config.text.startsWith('with new_participants')
        ? 'write'
        : config.text.startsWith("select 'o' as k")
          ? 'judge'
          : undefined
      : undefined;
  if (!explaining || !which) return original.apply(this, args);
  const execute = `explain (analyze, buffers, verbose, format json) execute ${config.name}(${config.values!.map(literal).join(', ')})`;
  const res = await original.call(this, execute);
  const out = (res.rows[0] as { 'QUERY PLAN': Record<string, unknown>[] })['QUERY PLAN'][0]!;
  // Whether the connection runs this text on a generic plan or plans it each time.
  const counts = await original.call(
    this,
    `select generic_plans, custom_plans from pg_prepared_statements where name = '${config.name}'`,
  );
  plans.set(which, counts.rows[0] as { generic_plans: number; custom_plans: number });
  captured.push({
    which,
    plan: out.Plan as Plan,
    triggers: (out.Triggers ?? []) as Plan[],
    exec: out['Execution Time'] as number,
    planning: (out['Planning Time'] as number) ?? 0,
  });
  // The judge's rows are needed (the ballots' ids): run it for real after its EXPLAIN (which
  // took ids of its own, left unused: a gap). The write happened under EXPLAIN ANALYZE.
  return which === 'judge' ? original.apply(this, args) : res;
};

const store = await createPostgresStore(url, { schema, poolSize: 1 });
const admin = new pg.Client({ connectionString: url });
await admin.connect();
try {
  const { poll, q1, q2 } = await batchPoll(store, 'e');
  let n = 0;
  const round = (count: number) =>
    Promise.all(
      Array.from({ length: count }, () => {
        const i = n++;
        return store.castVote({
          pollId: poll.id,
          participantId: `p${i}-${randomBytes(8).toString('base64url')}`,
          answers: [
            { questionId: q1.id, optionIds: [q1.options[i % 3]!.id] },
            { questionId: q2.id, optionIds: [q2.options[0]!.id, q2.options[1]!.id] },
          ],
          oneVotePerQuestion: true,
          now: new Date(),
        });
      }),
    );
  while (n < fill) await round(Math.min(100, fill - n));
  for (let r = 0; r < 20; r++) await round(size); // this size's statements, prepared and planned
  const tables = await admin.query('select tablename from pg_tables where schemaname = $1', [
    schema,
  ]);
  // NOANALYZE=1: the statistics of a fresh schema (none), as a new database runs until autovacuum.
  if (!process.env.NOANALYZE) {
    for (const t of tables.rows) await admin.query(`analyze ${schema}.${t.tablename}`);
  }
  for (let r = 0; r < 10; r++) await round(size);
  explaining = true;
  for (let r = 0; r < rounds; r++) {
    const res = await round(size);
    if (res.some((x) => x.outcome !== 'stored')) throw new Error('not stored');
  }
  explaining = false;
  for (const which of ['judge', 'write'] as const) report(which);
  if (process.env.SHOW) {
    const last = captured.filter((c) => c.which === process.env.SHOW).at(-1)!;
    console.log(JSON.stringify({ plan: last.plan, triggers: last.triggers }, null, 1));
  }
} finally {
  await store.close();
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/** A node's name: its type, relation or CTE, and where it hangs. */
function label(p: Plan): string {
  const parts = [p['Node Type'] as string];
  if (p.Operation) parts.push(String(p.Operation));
  if (p['Relation Name']) parts.push(`on ${p['Relation Name']}`);
  if (p['Index Name']) parts.push(`using ${p['Index Name']}`);
  if (p['Function Name']) parts.push(`${p['Function Name']}()`);
  if (p['CTE Name']) parts.push(`cte ${p['CTE Name']}`);
  if (p['Subplan Name']) parts.unshift(`[${p['Subplan Name']}]`);
  return parts.join(' ');
}

/** Each node's own time (ms), keyed by its path in the plan. */
function selfTimes(p: Plan, path: string, out: Map<string, number>, rows: Map<string, number>) {
  const total = (q: Plan) =>
    (q['Actual Total Time'] as number) * ((q['Actual Loops'] as number) || 0);
  const key = `${path}${label(p)}`;
  const children = p.Plans ?? [];
  // A data-modifying CTE runs to completion after the node above it ends: not in its time.
  const within = children.filter((c) => !String(c['Subplan Name'] ?? '').startsWith('CTE '));
  out.set(key, total(p) - within.reduce((s, c) => s + total(c), 0));
  rows.set(key, (p['Actual Rows'] as number) * ((p['Actual Loops'] as number) || 0));
  for (const c of children) selfTimes(c, `${path}  `, out, rows);
}

function report(which: 'judge' | 'write') {
  const runs = captured.filter((c) => c.which === which);
  const byNode = new Map<string, number[]>();
  const rowsOf = new Map<string, number>();
  for (const run of runs) {
    const own = new Map<string, number>();
    selfTimes(run.plan, '', own, rowsOf);
    for (const [k, v] of own) byNode.set(k, [...(byNode.get(k) ?? []), v]);
    for (const t of run.triggers) {
      const k = `trigger ${t['Trigger Name']} on ${t.Relation} (calls ${t.Calls})`;
      byNode.set(k, [...(byNode.get(k) ?? []), t.Time as number]);
    }
  }
  console.log(
    `\n${which}, size ${size}, fill ${fill}, ${runs.length} runs: execution ${(median(runs.map((r) => r.exec)) * 1000).toFixed(0)} µs (median), planning ${(median(runs.map((r) => r.planning)) * 1000).toFixed(0)} µs; plans ${JSON.stringify(plans.get(which))}`,
  );
  for (const [k, v] of byNode) {
    console.log(
      `  ${(median(v) * 1000).toFixed(0).padStart(6)} µs  ${k}  rows ${rowsOf.get(k) ?? ''}`,
    );
  }
}
