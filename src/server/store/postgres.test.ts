import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testPostgres } from '../../../tests/helpers/services.ts';
import { storeContractSuites } from '../../../tests/store/store-contract-suites.ts';
import { testJoinCode } from '../../../tests/store/test-join-codes.ts';
import { createPostgresStore } from './postgres.ts';

const { url, available, schemas } = await testPostgres();
// ~100 schemas: on a loaded machine dropping them takes longer than a hook's default 10 s.
afterAll(() => (available ? schemas.dropAll() : undefined), 60_000);

describe.runIf(available)('postgres store', () => {
  // A fresh schema per store: the contract wants an empty, migrated store each time.
  storeContractSuites('postgres', (options) =>
    createPostgresStore(url, { schema: schemas.next(), ...options }),
  );

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
      joinCode: testJoinCode(),
      oneVotePerQuestion: true,
      resultsPublic: false,
    });
    expect((await b.getPollBySlug('keepme22'))?.id).toBe(poll.id);
    await Promise.all([a.close(), b.close()]);
    const reopened = await createPostgresStore(url, { schema });
    expect(await reopened.getPollById(poll.id)).toEqual(poll);
    await reopened.close();
  });

  it('migration 005 gives existing polls join codes, distinct among those not closed', async () => {
    const schema = schemas.next();
    // A schema as migration 003 left it, with polls.
    const old = await createPostgresStore(url, { schema });
    await old.close();
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}` });
    await pool.query(`delete from kysely_migration where name = '005-room'`);
    await pool.query('drop index polls_join_code_active');
    await pool.query(
      'alter table polls drop column join_code, drop column hide_results_until_revealed',
    );
    await pool.query('alter table questions drop column results_hidden');
    await pool.query(`insert into polls (slug, title, status, one_vote_per_question,
      results_public, host_secret_hash, created_at, updated_at)
      select 'old' || i || 'xx', 'Vieja', (array['draft','open','closed'])[i % 3 + 1], 1, 0,
        'h', 0, 0 from generate_series(1, 300) as i`);
    await pool.end();

    const store = await createPostgresStore(url, { schema });
    try {
      const polls = await Promise.all(
        Array.from({ length: 300 }, (_, i) => store.getPollBySlug(`old${i + 1}xx`)),
      );
      for (const poll of polls) expect(poll?.joinCode).toMatch(/^\d{6}$/);
      const active = polls.filter((p) => p?.status !== 'closed').map((p) => p!.joinCode);
      expect(active).toHaveLength(200);
      expect(new Set(active).size).toBe(200);
      const open = polls.find((p) => p?.status === 'open')!;
      expect((await store.getPollByJoinCode(open.joinCode))?.id).toBe(open.id);
    } finally {
      await store.close();
    }
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
