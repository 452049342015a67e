import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';
import { openStore } from '../src/server/store/open-store.ts';
import { addBenchPoll, serveUntilTerm } from './lib/bare-server.ts';
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

const insertBallot = db.prepare(
  `insert into ballots (poll_id, participant_id, created_at, source, fresh_participant,
     participant_issued_at, seated) values (?, ?, ?, '', 0, null, 0)`,
);
const insertChoice = db.prepare(
  'insert into choices (ballot_id, question_id, option_id, position) values (?, ?, ?, null)',
);
const addParticipant = db.prepare(
  `insert into poll_participants (poll_id, participant_id) values (?, ?)
     on conflict (poll_id, participant_id) do nothing returning id`,
);
const numberOf = db.prepare(
  'select id from poll_participants where poll_id = ? and participant_id = ?',
);
const answered = db.prepare(
  'select 1 from answered_questions where participant_number = ? and question_id = ?',
);
const insertAnswered = db.prepare(
  'insert into answered_questions (question_id, participant_number, ballot_id) values (?, ?, ?)',
);
const countOption = db.prepare('update options set vote_count = vote_count + ? where id = ?');
const countQuestion = db.prepare(
  'update questions set respondent_count = respondent_count + ? where id = ?',
);
const countPoll = db.prepare(
  `update polls set ballot_count = ballot_count + ?, participant_count = participant_count + ?,
     updated_at = ? where id = ?`,
);

type Answer = { questionId: number; optionIds: number[] };
type Pending = { participant: string; answers: Answer[]; done: (saved: number) => void };

/** One transaction for a batch: each ballot judged (one vote per question) and written. */
const writeBatch = db.transaction((batch: Pending[]) => {
  const now = Date.now();
  const byOption = new Map<number, number>();
  const byQuestion = new Map<number, number>();
  let stored = 0;
  let added = 0;
  const saved: number[] = [];
  for (const { participant, answers } of batch) {
    const fresh = addParticipant.get(poll.id, participant) as { id: number } | undefined;
    const number = fresh?.id ?? (numberOf.get(poll.id, participant) as { id: number }).id;
    if (fresh) added++;
    else if (answers.some((a) => answered.get(number, a.questionId))) {
      saved.push(0);
      continue;
    }
    const ballotId = Number(insertBallot.run(poll.id, participant, now).lastInsertRowid);
    for (const a of answers) {
      for (const option of a.optionIds) {
        insertChoice.run(ballotId, a.questionId, option);
        byOption.set(option, (byOption.get(option) ?? 0) + 1);
      }
      byQuestion.set(a.questionId, (byQuestion.get(a.questionId) ?? 0) + 1);
      insertAnswered.run(a.questionId, number, ballotId);
    }
    stored++;
    saved.push(answers.length);
  }
  for (const [id, n] of byOption) countOption.run(n, id);
  for (const [id, n] of byQuestion) countQuestion.run(n, id);
  if (stored > 0) countPoll.run(stored, added, now, poll.id);
  return saved;
});

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
    const saved = writeBatch(batch);
    for (const [i, p] of batch.entries()) p.done(saved[i]!);
  }, 2);
}

const app = Fastify({ logger: false });
app.post('/floor', async (request, reply) => {
  const participant = /sondeo_pid=([\w-]+)/.exec(request.headers.cookie ?? '')?.[1] ?? '';
  const { answers } = request.body as { answers: Answer[] };
  const saved = await new Promise<number>((done) => enqueue({ participant, answers, done }));
  reply.code(saved > 0 ? 201 : 409);
  return { saved };
});
// The poll's ids, for the bench's ballots.
app.get('/poll', async () => ({
  questions: questions.map((q) => ({ id: q.id, options: q.options.map((o) => ({ id: o.id })) })),
}));
// Stored against counted, to check the floor loses nothing.
app.get('/count', async () =>
  db
    .prepare(
      `select (select count(*) from ballots) as stored,
         (select ballot_count from polls where id = ?) as counted`,
    )
    .get(poll.id),
);
app.get('/health', async () => ({ status: 'ok' }));

await serveUntilTerm(app, db);
