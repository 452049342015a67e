import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPostgres } from '../../../tests/helpers/services.ts';
import { testJoinCode } from '../../../tests/store/test-join-codes.ts';
import { createPostgresStore } from './postgres.ts';
import { PollKeyTakenError, type PollStore, type QuestionWithOptions } from './store.ts';

/**
 * Two store instances (two pools, as two app processes would have) on one schema, racing.
 * Races are repeated a few rounds, because a single pair of requests may happen not to overlap.
 */
const { url, available, schemas } = await testPostgres();

describe.runIf(available)('postgres store: two instances on one database', () => {
  const schema = schemas.next();
  let a: PollStore;
  let b: PollStore;
  beforeAll(async () => {
    a = await createPostgresStore(url, { schema });
    b = await createPostgresStore(url, { schema });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await schemas.dropAll();
  });

  let slugs = 0;
  async function openPoll(oneVotePerQuestion: boolean) {
    const poll = await a.createPoll({
      slug: `race${++slugs}x`,
      title: 'Escala',
      hostSecretHash: 'h',
      joinCode: testJoinCode(),
      oneVotePerQuestion,
      resultsPublic: false,
      status: 'open',
    });
    const options = [{ text: 'A' }, { text: 'B' }, { text: 'C' }];
    const q1 = await a.addQuestion(poll.id, { text: 'Uno', type: 'single', options });
    const q2 = await a.addQuestion(poll.id, { text: 'Dos', type: 'multiple', options });
    return { poll, q1, q2 };
  }
  const answer = (q: QuestionWithOptions, ...i: number[]) => ({
    questionId: q.id,
    optionIds: i.map((n) => q.options[n]!.id),
  });
  const ballot = (
    store: PollStore,
    pollId: number,
    participantId: string,
    answers: ReturnType<typeof answer>[],
    extra: { oneVotePerQuestion?: boolean; key?: string } = {},
  ) =>
    store.castVote({
      pollId,
      participantId,
      answers,
      oneVotePerQuestion: extra.oneVotePerQuestion ?? true,
      idempotency: extra.key ? { key: extra.key, ballotHash: 'hash' } : undefined,
      now: new Date(),
    });

  it('gives a join code to one of two polls created at once on both instances', async () => {
    for (let round = 0; round < 10; round++) {
      const joinCode = testJoinCode();
      const create = (store: PollStore, slug: string) =>
        store.createPoll({
          slug,
          title: 'Código',
          hostSecretHash: 'h',
          joinCode,
          oneVotePerQuestion: true,
          resultsPublic: false,
        });
      const results = await Promise.allSettled([
        create(a, `code${++slugs}x`),
        create(b, `code${++slugs}x`),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(PollKeyTakenError);
      const winner = results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{
        id: number;
      }>;
      expect((await b.getPollByJoinCode(joinCode))?.id).toBe(winner.value.id);
    }
  });

  it('keeps one vote per question when one participant votes on both at once', async () => {
    for (let round = 0; round < 10; round++) {
      const { poll, q1 } = await openPoll(true);
      const results = await Promise.all([
        ballot(a, poll.id, 'phone', [answer(q1, 0)]),
        ballot(b, poll.id, 'phone', [answer(q1, 1)]),
      ]);
      expect(results.map((r) => r.outcome).sort()).toEqual(['already-voted', 'stored']);
      expect(results).toContainEqual({ outcome: 'already-voted', questionIds: [q1.id] });
      const counts = await b.getVoteCounts(poll.id);
      expect(counts.ballots).toBe(1);
      expect(counts.optionCounts.reduce((sum, c) => sum + c.count, 0)).toBe(1);
    }
  });

  it('refuses a whole ballot that overlaps a concurrent one listing questions in another order', async () => {
    for (let round = 0; round < 10; round++) {
      const { poll, q1, q2 } = await openPoll(true);
      const results = await Promise.all([
        ballot(a, poll.id, 'phone', [answer(q1, 0), answer(q2, 1)]),
        ballot(b, poll.id, 'phone', [answer(q2, 2), answer(q1, 2)]),
      ]);
      expect(results.map((r) => r.outcome).sort()).toEqual(['already-voted', 'stored']);
      const counts = await a.getVoteCounts(poll.id);
      expect(counts.ballots).toBe(1);
      expect(counts.respondents.map((r) => r.count)).toEqual([1, 1]);
    }
  });

  it('stores a retried ballot once when its copies reach both instances at once', async () => {
    for (const oneVotePerQuestion of [true, false]) {
      const { poll, q1 } = await openPoll(oneVotePerQuestion);
      const results = await Promise.all(
        [a, b, a, b].map((store) =>
          ballot(store, poll.id, 'phone', [answer(q1, 0)], { key: 'retry', oneVotePerQuestion }),
        ),
      );
      expect(results.filter((r) => r.outcome === 'stored')).toHaveLength(1);
      expect(results.filter((r) => r.outcome === 'replayed')).toEqual(
        Array(3).fill({ outcome: 'replayed', saved: 1 }),
      );
      expect((await a.getVoteCounts(poll.id)).ballots).toBe(1);
    }
  });

  it('counts exactly under many parallel ballots from distinct participants', async () => {
    const { poll, q1, q2 } = await openPoll(true);
    const n = 60;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        ballot(i % 2 ? a : b, poll.id, `p${i}`, [answer(q1, i % 3), answer(q2, 0, 1 + (i % 2))]),
      ),
    );
    expect(results.every((r) => r.outcome === 'stored')).toBe(true);
    const counts = await a.getVoteCounts(poll.id);
    expect(counts.ballots).toBe(n);
    const byOption = new Map(counts.optionCounts.map((c) => [c.optionId, c.count]));
    expect(q1.options.map((o) => byOption.get(o.id))).toEqual([20, 20, 20]);
    expect(q2.options.map((o) => byOption.get(o.id))).toEqual([n, n / 2, n / 2]);
    expect(counts.respondents.map((r) => r.count)).toEqual([n, n]);
  });

  it('moves updatedAt strictly forward under concurrent writes', async () => {
    const { poll, q1 } = await openPoll(false);
    const before = (await a.getPollById(poll.id))!.updatedAt.getTime();
    const n = 20;
    await Promise.all(
      Array.from({ length: n }, (_, i) =>
        ballot(i % 2 ? a : b, poll.id, `p${i}`, [answer(q1, 0)], { oneVotePerQuestion: false }),
      ),
    );
    // Each of the n writes moved it at least 1 ms past the one before it.
    expect((await b.getPollById(poll.id))!.updatedAt.getTime()).toBeGreaterThanOrEqual(before + n);
  });

  it('holds the one-vote rule in the database itself, whatever the code does', async () => {
    const { poll, q1 } = await openPoll(true);
    await ballot(a, poll.id, 'phone', [answer(q1, 0)]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const again = client.query(
        `insert into "${schema}".answered_questions (question_id, participant_number, ballot_id)
         select question_id, participant_number, ballot_id from "${schema}".answered_questions
         where question_id = $1`,
        [q1.id],
      );
      await expect(again).rejects.toMatchObject({ code: '23505' });
    } finally {
      await client.end();
    }
  });

  it('takes no vote after a concurrent close has committed', async () => {
    for (let round = 0; round < 10; round++) {
      const { poll, q1 } = await openPoll(true);
      let atClose = -1;
      const votes = Array.from({ length: 4 }, (_, i) =>
        ballot(a, poll.id, `p${i}`, [answer(q1, 0)]),
      );
      await b.updatePoll(poll.id, { status: 'closed' }, 'open');
      atClose = (await b.getVoteCounts(poll.id)).ballots;
      const outcomes = (await Promise.all(votes)).map((r) => r.outcome);
      expect((await a.getVoteCounts(poll.id)).ballots).toBe(atClose);
      expect(outcomes.filter((o) => o === 'stored')).toHaveLength(atClose);
    }
  });

  it('answers stale-ballot, not an error, when the option goes during the vote', async () => {
    for (let round = 0; round < 10; round++) {
      const { poll, q1 } = await openPoll(true);
      const [results] = await Promise.all([
        Promise.all(
          Array.from({ length: 4 }, (_, i) => ballot(a, poll.id, `p${i}`, [answer(q1, 0)])),
        ),
        b.deleteOption(q1.options[0]!.id),
      ]);
      for (const r of results) expect(['stored', 'stale-ballot']).toContain(r.outcome);
      expect((await a.getVoteCounts(poll.id)).ballots).toBe(0);
    }
  });

  it('keeps a last option when two hosts delete the last two at once', async () => {
    for (let round = 0; round < 10; round++) {
      const { poll, q1 } = await openPoll(true);
      await a.deleteOption(q1.options[2]!.id);
      const results = await Promise.all([
        a.deleteOption(q1.options[0]!.id),
        b.deleteOption(q1.options[1]!.id),
      ]);
      expect(results.sort()).toEqual(['deleted', 'last-option']);
      const [question] = await a.listQuestions(poll.id);
      expect(question!.options).toHaveLength(1);
    }
  });

  it('reads counts from one moment while ballots arrive', async () => {
    const { poll, q1 } = await openPoll(false);
    let writing = true;
    let inconsistent = 0;
    const reader = (async () => {
      while (writing) {
        const c = await b.getVoteCounts(poll.id);
        const chosen = c.optionCounts.reduce((sum, o) => sum + o.count, 0);
        // Single-choice, single-question ballots: all three numbers are the same count.
        if (chosen !== c.ballots || (c.respondents[0]?.count ?? 0) !== c.ballots) inconsistent++;
      }
    })();
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        ballot(a, poll.id, `p${i}`, [answer(q1, i % 3)], { oneVotePerQuestion: false }),
      ),
    );
    writing = false;
    await reader;
    expect(inconsistent).toBe(0);
  });

  it('stores the ballots that arrive while another instance holds the poll’s lock in the waiting batch (issue 29)', async () => {
    const { poll, q1 } = await openPoll(true);
    // Another instance's batch, as far as the lock goes: a transaction holding the poll's row.
    const holder = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await holder.connect();
    try {
      const { rows: me } = await holder.query<{ pid: number }>('select pg_backend_pid() as pid');
      await holder.query('begin');
      await holder.query('select id from polls where id = $1 for no key update', [poll.id]);
      const first = ballot(a, poll.id, 'first', [answer(q1, 0)]);
      // Until a's batch waits behind the holder: it has begun, with only the first ballot queued.
      await untilSomeoneWaitsBehind(holder, me[0]!.pid);
      const later = Array.from({ length: 5 }, (_, i) =>
        ballot(a, poll.id, `later${i}`, [answer(q1, 1)]),
      );
      await holder.query('commit');
      const results = await Promise.all([first, ...later]);
      expect(results.map((r) => r.outcome)).toEqual(Array(6).fill('stored'));
      // Rows of one transaction share an xmin: one transaction stored all six.
      const { rows } = await holder.query<{ ballots: number; transactions: number }>(
        `select count(*)::int as ballots, count(distinct xmin::text)::int as transactions
           from ballots where poll_id = $1`,
        [poll.id],
      );
      expect(rows[0]).toEqual({ ballots: 6, transactions: 1 });
    } finally {
      await holder.query('rollback').catch(() => {});
      await holder.end();
    }
  });

  it('judges a batch that waited for the poll’s lock by the edit committed meanwhile (issue 29)', async () => {
    const { poll, q1 } = await openPoll(true);
    const [gone, kept] = [q1.options[0]!.id, q1.options[1]!.id];
    // A host's edit, as far as the lock goes: removes option A under the poll's row lock. The
    // batch's judge's read must see the options as of the lock, not as of the batch's start.
    const holder = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await holder.connect();
    try {
      const { rows: me } = await holder.query<{ pid: number }>('select pg_backend_pid() as pid');
      await holder.query('begin');
      await holder.query('select id from polls where id = $1 for no key update', [poll.id]);
      await holder.query('delete from options where id = $1', [gone]);
      const votes = [
        ballot(a, poll.id, 'onGone', [answer(q1, 0)]),
        ballot(a, poll.id, 'onKept', [answer(q1, 1)]),
      ];
      await untilSomeoneWaitsBehind(holder, me[0]!.pid);
      await holder.query('commit');
      const results = await Promise.all(votes);
      expect(results.map((r) => r.outcome)).toEqual(['stale-ballot', 'stored']);
      const { rows } = await holder.query<{ option_id: number }>(
        `select c.option_id from choices c join ballots b on b.id = c.ballot_id
          where b.poll_id = $1`,
        [poll.id],
      );
      expect(rows).toEqual([{ option_id: kept }]);
      expect((await a.getVoteCounts(poll.id)).ballots).toBe(1);
    } finally {
      await holder.query('rollback').catch(() => {});
      await holder.end();
    }
  });
});

describe.runIf(available)('postgres store: other schemas coming and going', () => {
  afterAll(() => schemas.dropAll());
  it('opens and migrates while other stores of the database drop their schemas', async () => {
    // Kysely's introspector listed the tables of every schema, calling pg_get_serial_sequence
    // on each: a schema dropped meanwhile (another test file's, another deployment's) failed
    // the migration with "schema … does not exist". Test files run in parallel on one database.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    let churning = true;
    const churn = (async () => {
      while (churning) {
        const name = `${schemas.next()}_churn`;
        await admin.query(`create schema "${name}"`);
        await admin.query(`create table "${name}".t (id serial primary key)`);
        await admin.query(`drop schema "${name}" cascade`);
      }
    })();
    try {
      for (let i = 0; i < 15; i++) {
        const store = await createPostgresStore(url, { schema: schemas.next() });
        await store.close();
      }
    } finally {
      churning = false;
      await churn;
      await admin.end();
    }
  }, 60_000);
});

/** Until some backend is blocked behind the one with this pid (a batch waiting for its lock). */
async function untilSomeoneWaitsBehind(holder: pg.Client, pid: number): Promise<void> {
  for (;;) {
    const { rows } = await holder.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
      [pid],
    );
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
