import { randomBytes } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { openStore } from '../src/server/store/open-store.ts';
import { addBenchPoll } from './lib/bare-server.ts';
import { tempSqlite } from './lib/processes.ts';

/**
 * Issue 29: where a SQLite ballot batch's time goes, statement by statement. Batches of
 * BATCH three-question ballots (the writes bench's shape, each a new participant) go through
 * the real store, ROUNDS of them, and every prepared statement's run is timed (wall time: on a
 * loaded machine read the shares). `BATCH=100 ROUNDS=100 node --import tsx bench/ballot-statements.ts`
 */
const batch = Number(process.env.BATCH ?? 100);
const rounds = Number(process.env.ROUNDS ?? 100);

type Timed = (this: BetterSqlite3.Statement, ...args: unknown[]) => unknown;
const times = new Map<string, { runs: number; ns: bigint }>();
const probe = new BetterSqlite3(':memory:');
const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, Timed>;
probe.close();
for (const method of ['all', 'run', 'get']) {
  const original = proto[method]!;
  proto[method] = function (this: BetterSqlite3.Statement, ...args: unknown[]) {
    const started = process.hrtime.bigint();
    try {
      return original.apply(this, args);
    } finally {
      // Multi-row VALUES lists and IN lists of any length are one line.
      const key = this.source
        .replace(/\(\?(, \?)*\)(, \(\?(, \?)*\))*/g, '(…)')
        .replace(/\?(, \?)+/g, '…')
        .slice(0, 100);
      const entry = times.get(key) ?? { runs: 0, ns: 0n };
      entry.runs++;
      entry.ns += process.hrtime.bigint() - started;
      times.set(key, entry);
    }
  };
}

const store = await openStore({ database: { kind: 'sqlite', file: tempSqlite() } });
const {
  poll,
  questions: [single, multiple, yesno],
} = await addBenchPoll(store, 'sentencias1');
const pick = (q: { options: { id: number }[] }, i: number) => q.options[i % q.options.length]!.id;
let n = 0;
const ballot = () => {
  const i = n++;
  return store.castVote({
    pollId: poll.id,
    participantId: randomBytes(39).toString('base64url'),
    oneVotePerQuestion: true,
    now: new Date(),
    source: 'abcdefabcdef',
    participantIssuedAt: Date.now() - 60_000,
    answers: [
      { questionId: single.id, optionIds: [pick(single, i)] },
      { questionId: multiple.id, optionIds: [pick(multiple, i), pick(multiple, i + 1)] },
      { questionId: yesno.id, optionIds: [pick(yesno, i)] },
    ],
  });
};
const castRounds = async (count: number) => {
  for (let r = 0; r < count; r++) await Promise.all(Array.from({ length: batch }, ballot));
};
await castRounds(10);
times.clear();
const cpu = process.cpuUsage();
await castRounds(rounds);
const used = process.cpuUsage(cpu);
const ballots = batch * rounds;
const total = [...times.values()].reduce((s, e) => s + e.ns, 0n);
const perBallot = (ns: bigint) => (Number(ns) / 1e3 / ballots).toFixed(1);
console.log(
  `${ballots} ballots in batches of ${batch}: process CPU ${((used.user + used.system) / ballots).toFixed(1)} µs per ballot; statements ${perBallot(total)} µs (wall)`,
);
for (const [sql, e] of [...times].sort((a, b) => Number(b[1].ns - a[1].ns))) {
  console.log(`${perBallot(e.ns).padStart(7)} µs  ${String(e.runs).padStart(6)}×  ${sql}`);
}
await store.close();
