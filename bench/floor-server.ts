import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';
import { openStore } from '../src/server/store/open-store.ts';
import { addBenchPoll, serveUntilTerm } from './lib/bare-server.ts';
import { type Ballot, type FloorRowsKind, floorRows } from './lib/floor-rows.ts';
import { tempSqlite } from './lib/processes.ts';

/**
 * Issue 29's floor: what a SQLite ballot must cost whatever Sondeo's code does, to tell how near
 * the bare insert (baseline-server.ts) a ballot can get. The bare insert's HTTP (bare Fastify,
 * the cookie read by a regular expression, the body parsed, no hooks, plugins or logger) in front
 * of the rows a ballot writes in Sondeo's own schema (the migrations run on the file), with the
 * same guarantees at the storage level: the ballot row, its choices, the participant's number,
 * a one-vote row per question under its primary key, the counters, in one transaction per batch
 * gathered as Sondeo gathers them (2 ms). What it leaves out is the code, not the rows: no
 * validation against the poll, no signed-id check, no idempotency, no Kysely, no change bus.
 */
const file = tempSqlite();
const store = await openStore({ database: { kind: 'sqlite', file } });
const { poll, questions } = await addBenchPoll(store, 'suelo1');
await store.close();

// The store's own settings (sqlite.ts): WAL, NORMAL sync, foreign keys on.
const db = new BetterSqlite3(file);
db.exec('PRAGMA journal_mode = WAL');
db.exec('PRAGMA synchronous = NORMAL');
db.exec('PRAGMA foreign_keys = ON');
db.exec('PRAGMA secure_delete = ON');

// FLOOR_ROWS: which rows a ballot writes (bench/lib/floor-rows.ts): today's (default), compact
// or minimal, to measure what fewer B-tree entries per ballot would allow.
const kind = (process.env.FLOOR_ROWS ?? 'current') as FloorRowsKind;
if (!['current', 'compact', 'minimal'].includes(kind)) throw new Error(`FLOOR_ROWS=${kind}?`);
const rows = floorRows(kind, db, poll.id);
type Pending = Ballot & { done: (saved: number) => void };
let acknowledged = 0;
// FLOOR_BURN_US: that many µs of busy CPU per request before the ballot is queued, standing in
// for Sondeo's own code (validation, signed id, idempotency, Kysely…), to find how much of it a
// schema leaves room for under a given ratio to the bare insert.
const burnNs = BigInt(Math.round(Number(process.env.FLOOR_BURN_US ?? 0) * 1000));
function burn(): void {
  const end = process.hrtime.bigint() + burnNs;
  while (process.hrtime.bigint() < end);
}

let queue: Pending[] | undefined;
function enqueue(item: Pending): void {
  if (queue) {
    queue.push(item);
    return;
  }
  queue = [item];
  setTimeout(() => {
    const batch = queue!;
    queue = undefined;
    const saved = rows.writeBatch(batch);
    for (const [i, p] of batch.entries()) p.done(saved[i]!);
  }, 2);
}

const app = Fastify({ logger: false });
app.post('/floor', async (request, reply) => {
  const participant = /sondeo_pid=([\w-]+)/.exec(request.headers.cookie ?? '')?.[1] ?? '';
  const { answers } = request.body as Pick<Ballot, 'answers'>;
  if (burnNs > 0n) burn();
  const saved = await new Promise<number>((done) => enqueue({ participant, answers, done }));
  if (saved > 0) acknowledged++;
  reply.code(saved > 0 ? 201 : 409);
  return { saved };
});
// The poll's ids, for the bench's ballots.
app.get('/poll', async () => ({
  questions: questions.map((q) => ({ id: q.id, options: q.options.map((o) => ({ id: o.id })) })),
}));
// Acknowledged against stored, counted and recounted from the rows, to check the floor loses
// nothing whatever it stores.
app.get('/count', async () => ({
  kind,
  acknowledged,
  ...(db
    .prepare(
      'select ballot_count as counted, participant_count as participants from polls where id = ?',
    )
    .get(poll.id) as object),
  ...rows.recount(),
}));
app.get('/health', async () => ({ status: 'ok' }));

await serveUntilTerm(app, db);
