import { afterAll, describe, expect, it } from 'vitest';
import { testPostgres } from '../../../tests/helpers/services.ts';
import { testJoinCode } from '../../../tests/store/test-join-codes.ts';
import { openStore, splitSchema } from './open-store.ts';

describe('splitSchema', () => {
  it('takes ?schema= out of the URL and keeps the other parameters', () => {
    expect(splitSchema('postgres://u:p@h:5432/db?schema=s1&sslmode=disable')).toEqual({
      url: 'postgres://u:p@h:5432/db?sslmode=disable',
      schema: 's1',
    });
    expect(splitSchema('postgres://u@h/db?schema=s1')).toEqual({
      url: 'postgres://u@h/db',
      schema: 's1',
    });
    expect(splitSchema('postgres://u@h/db')).toEqual({ url: 'postgres://u@h/db' });
  });
});

const { url, available, schemas } = await testPostgres();
afterAll(() => (available ? schemas.dropAll() : undefined));

describe.runIf(available)('openStore with a schema in DATABASE_URL', () => {
  it('keeps the data of each schema apart', async () => {
    const join = url.includes('?') ? '&' : '?';
    const [a, b] = [schemas.next(), schemas.next()];
    const storeA = await openStore({
      database: { kind: 'postgres', url: `${url}${join}schema=${a}` },
    });
    const storeB = await openStore({
      database: { kind: 'postgres', url: `${url}${join}schema=${b}` },
    });
    try {
      await storeA.createPoll({
        slug: 'onlyina',
        title: 'Sólo en A',
        hostSecretHash: 'h',
        joinCode: testJoinCode(),
        oneVotePerQuestion: true,
        resultsPublic: false,
      });
      expect(await storeA.getPollBySlug('onlyina')).toBeDefined();
      expect(await storeB.getPollBySlug('onlyina')).toBeUndefined();
    } finally {
      await Promise.all([storeA.close(), storeB.close()]);
    }
  });

  it('refuses a schema name that is not a plain identifier, naming DATABASE_URL', async () => {
    await expect(
      openStore({ database: { kind: 'postgres', url: `${url}?schema=a-b` } }),
    ).rejects.toThrow(/DATABASE_URL: .*Invalid PostgreSQL schema name/);
  });
});
