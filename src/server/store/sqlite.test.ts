import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { storeContractSuites } from '../../../tests/store/store-contract-suites.ts';
import { testJoinCode } from '../../../tests/store/test-join-codes.ts';
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
});
