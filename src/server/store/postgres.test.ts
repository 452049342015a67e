import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pgAvailable,
  redactUrl,
  requireService,
  TEST_DATABASE_URL,
} from '../../../tests/helpers/services.ts';
import { createPostgresStore } from './postgres.ts';
import type { PollStore, QuestionWithOptions } from './store.ts';
import { storeContract } from './store-contract.ts';

const url = TEST_DATABASE_URL;
const available = await requireService('PostgreSQL', redactUrl(url), () => pgAvailable(url));

// Every schema this run creates shares one random prefix, so parallel runs never collide and
// the cleanup drops exactly what this run made.
const prefix = `sondeo_test_${randomBytes(5).toString('hex')}`;
let schemas = 0;
const newSchema = () => `${prefix}_${++schemas}`;

afterAll(async () => {
  if (!available) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let n = 1; n <= schemas; n++) {
      await client.query(`drop schema if exists "${prefix}_${n}" cascade`);
    }
  } finally {
    await client.end();
  }
});

describe.runIf(available)('postgres store', () => {
  // A fresh schema per store: the contract wants an empty, migrated store each time.
  storeContract('postgres', () => createPostgresStore(url, { schema: newSchema() }));

  describe('two instances on one database', () => {
    const schema = newSchema();
    let a: PollStore;
    let b: PollStore;
    beforeAll(async () => {
      // Opened together: the second waits for the first's migration instead of failing.
      [a, b] = await Promise.all([
        createPostgresStore(url, { schema }),
        createPostgresStore(url, { schema }),
      ]);
    });
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
    });

    let slugs = 0;
    async function openPoll(oneVotePerQuestion: boolean) {
      const poll = await a.createPoll({
        slug: `pg${++slugs}${randomBytes(3).toString('hex')}`,
        title: 'Escala',
        hostSecretHash: 'h',
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

    it('sees one schema from both instances', async () => {
      const { poll } = await openPoll(true);
      expect(await b.getPollBySlug(poll.slug)).toMatchObject({ id: poll.id, title: 'Escala' });
    });

    it('keeps one vote per question when one participant votes on both at once', async () => {
      // Repeated, because a single pair may happen not to overlap.
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

    it('refuses a whole ballot that overlaps a concurrent one in another order', async () => {
      const { poll, q1, q2 } = await openPoll(true);
      const results = await Promise.all([
        ballot(a, poll.id, 'phone', [answer(q1, 0), answer(q2, 1)]),
        ballot(b, poll.id, 'phone', [answer(q2, 2), answer(q1, 2)]),
      ]);
      expect(results.map((r) => r.outcome).sort()).toEqual(['already-voted', 'stored']);
      const counts = await a.getVoteCounts(poll.id);
      expect(counts.ballots).toBe(1);
      expect(counts.respondents.map((r) => r.count)).toEqual([1, 1]);
    });

    it('stores a retried ballot once when both copies arrive at once', async () => {
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
      expect((await b.getPollById(poll.id))!.updatedAt.getTime()).toBeGreaterThanOrEqual(
        before + n,
      );
    });
  });

  describe('options', () => {
    it('refuses a schema name that is not a plain identifier', async () => {
      await expect(
        createPostgresStore(url, { schema: 'x"; drop table polls; --' }),
      ).rejects.toThrow(/Invalid PostgreSQL schema name/);
    });

    it('fails fast when the server is not there', async () => {
      await expect(createPostgresStore('postgres://postgres@127.0.0.1:1/test')).rejects.toThrow();
    });
  });
});
