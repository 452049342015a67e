import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transaction } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { storeContractSuites } from '../../../tests/store/store-contract-suites.ts';
import { testJoinCode } from '../../../tests/store/test-join-codes.ts';
import { addSingleAndMultiple } from '../../../tests/store/test-polls.ts';
import { openSqliteStore } from './sqlite.ts';

const dir = mkdtempSync(join(tmpdir(), 'sondeo-store-'));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A real file per test, as in production (WAL, foreign keys), not :memory:.
storeContractSuites('sqlite', (options) => openSqliteStore(join(dir, `store-${++n}.db`), options));

describe('sqlite store', () => {
  it('creates missing folders and reopens a file with its data', async () => {
    const file = join(dir, 'nested', 'deeper', 'sondeo.db');
    const store = await openSqliteStore(file);
    await store.createPoll({
      slug: 'keepme22',
      title: 'Persistente',
      hostSecretHash: 'h',
      joinCode: testJoinCode(),
      oneVotePerQuestion: true,
      resultsPublic: false,
    });
    await store.close();
    const reopened = await openSqliteStore(file);
    expect((await reopened.getPollBySlug('keepme22'))?.title).toBe('Persistente');
    await reopened.close();
  });

  it('works in memory', async () => {
    const store = await openSqliteStore(':memory:');
    expect(await store.getPollBySlug('x')).toBeUndefined();
    await store.close();
  });

  it('runs a ballot’s statements at once on its transaction’s connection, past Kysely’s chain', async () => {
    // Kysely's executor per statement (promises, providers, the plugins' pass) was a third of
    // a lone ballot's garbage (issue 29, bench/ballot-alloc.ts): none of it is left.
    const store = await openSqliteStore(join(dir, `store-${++n}.db`));
    const poll = await store.createPoll({
      slug: 'directo22',
      title: 'Directo',
      hostSecretHash: 'h',
      joinCode: testJoinCode(),
      oneVotePerQuestion: true,
      resultsPublic: false,
      status: 'open',
    });
    const { single } = await addSingleAndMultiple(store, poll.id);
    const throughKysely = vi.spyOn(Transaction.prototype, 'executeQuery');
    try {
      const ballot = (participantId: string) =>
        store.castVote({
          pollId: poll.id,
          participantId,
          answers: [{ questionId: single.id, optionIds: [single.options[0]!.id] }],
          oneVotePerQuestion: true,
          now: new Date(),
        });
      expect((await ballot('p1')).outcome).toBe('stored');
      // What it wrote and checked is as before: the second ballot of p1 is refused.
      expect((await ballot('p1')).outcome).toBe('already-voted');
      expect((await ballot('p2')).outcome).toBe('stored');
      expect(throughKysely).not.toHaveBeenCalled();
    } finally {
      throughKysely.mockRestore();
    }
    const counts = (await store.getTally(poll.id))?.counts;
    expect(counts?.ballots).toBe(2);
    const first = counts?.optionCounts.find((c) => c.optionId === single.options[0]!.id);
    expect(first?.count).toBe(2);
    await store.close();
  });
});
