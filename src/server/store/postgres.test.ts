import { afterAll, describe, expect, it } from 'vitest';
import {
  pgAvailable,
  redactUrl,
  requireService,
  TEST_DATABASE_URL,
  throwawaySchemas,
} from '../../../tests/helpers/services.ts';
import { createPostgresStore } from './postgres.ts';
import { storeContract } from './store-contract.ts';

const url = TEST_DATABASE_URL;
const available = await requireService('PostgreSQL', redactUrl(url), () => pgAvailable(url));
const schemas = throwawaySchemas(url);
afterAll(() => (available ? schemas.dropAll() : undefined));

describe.runIf(available)('postgres store', () => {
  // A fresh schema per store: the contract wants an empty, migrated store each time.
  storeContract('postgres', () => createPostgresStore(url, { schema: schemas.next() }));

  it('reopens a migrated schema with its data, from two instances starting at once', async () => {
    const schema = schemas.next();
    const [a, b] = await Promise.all([
      createPostgresStore(url, { schema }),
      createPostgresStore(url, { schema }),
    ]);
    const poll = await a.createPoll({
      slug: 'keepme22',
      title: 'Persistente',
      hostSecretHash: 'h',
      oneVotePerQuestion: true,
      resultsPublic: false,
    });
    expect((await b.getPollBySlug('keepme22'))?.id).toBe(poll.id);
    await Promise.all([a.close(), b.close()]);
    const reopened = await createPostgresStore(url, { schema });
    expect(await reopened.getPollById(poll.id)).toEqual(poll);
    await reopened.close();
  });

  it('refuses a schema name that is not a plain identifier', async () => {
    await expect(createPostgresStore(url, { schema: 'x"; drop table polls; --' })).rejects.toThrow(
      /Invalid PostgreSQL schema name/,
    );
  });

  it('fails at start when the server is not there', async () => {
    await expect(createPostgresStore('postgres://postgres@127.0.0.1:1/test')).rejects.toThrow();
  });
});
