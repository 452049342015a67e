import { Kysely, SqliteDialect } from 'kysely';
import { expect, it } from 'vitest';
import { runCompiled } from './compiled-queries.ts';
import type { EngineHooks } from './engine-hooks.ts';
import type { Database } from './schema.ts';
import { BoundedInLists, padded } from './sql-shapes.ts';
import { cachedStatements, openSqlite } from './sqlite-handles.ts';

function memoryDb() {
  const sqlite = openSqlite(':memory:');
  sqlite.exec(`create table quiz_players (poll_id integer, participant_id text, more_time integer);
    insert into quiz_players values (1, 'a', 0), (1, 'b', 1), (1, 'c', 0), (2, 'a', 0)`);
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: cachedStatements(sqlite) }),
    plugins: [new BoundedInLists()],
  });
}

const players = (db: Kysely<Database>, hooks: EngineHooks, pollId: number, ids: string[]) => {
  const part = padded(ids);
  return runCompiled(db, hooks, `players:${part.length}`, [pollId, ...part], () =>
    db
      .selectFrom('quiz_players')
      .select('participant_id')
      .where('poll_id', '=', pollId)
      .where('participant_id', 'in', part)
      .orderBy('participant_id'),
  );
};

it('runs the text compiled at a key’s first use with each call’s own values', async () => {
  const db = memoryDb();
  const hooks: EngineHooks = { isUniqueViolation: () => false };
  const ids = async (pollId: number, list: string[]) =>
    (await players(db, hooks, pollId, list)).rows.map((r) => r.participant_id);
  expect(await ids(1, ['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
  // Same key (a list of 4 once padded), other values: the kept text binds these.
  expect(await ids(2, ['a', 'b', 'c'])).toEqual(['a']);
  expect(await ids(1, ['c', 'x', 'y'])).toEqual(['c']);
  expect(await ids(1, ['b'])).toEqual(['b']);
  await db.destroy();
});

it('refuses values that are not the compiled query’s parameters, at the key’s first compile', async () => {
  const db = memoryDb();
  const hooks: EngineHooks = { isUniqueViolation: () => false };
  // Parameters in the wrong order: the poll id after the list.
  await expect(
    runCompiled(db, hooks, 'wrong', ['a', 1], () =>
      db
        .selectFrom('quiz_players')
        .select('participant_id')
        .where('poll_id', '=', 1)
        .where('participant_id', 'in', ['a']),
    ),
  ).rejects.toThrow(/not the query's/);
  // A list left unpadded: the engine's plugin pads it, so the parameters differ.
  await expect(
    runCompiled(db, hooks, 'unpadded', [1, 'a', 'b', 'c'], () =>
      db
        .selectFrom('quiz_players')
        .select('participant_id')
        .where('poll_id', '=', 1)
        .where('participant_id', 'in', ['a', 'b', 'c']),
    ),
  ).rejects.toThrow(/not the query's/);
  await db.destroy();
});

it('runs at once through the engine’s runner only inside a transaction, which holds the connection', async () => {
  const db = memoryDb();
  const direct: string[] = [];
  const hooks: EngineHooks = {
    isUniqueViolation: () => false,
    // A runner that must not be used outside a transaction: it answers another database's rows.
    runInTransaction: (text, parameters) => {
      direct.push(text);
      return [{ participant_id: `direct:${parameters.length}` }];
    },
  };
  // Outside a transaction another caller may hold the connection: through Kysely, which waits.
  expect((await players(db, hooks, 1, ['a'])).rows).toEqual([{ participant_id: 'a' }]);
  expect(direct).toEqual([]);
  const inside = await db
    .transaction()
    .execute(async (trx) => (await players(trx, hooks, 1, ['a'])).rows);
  expect(inside).toEqual([{ participant_id: 'direct:2' }]);
  expect(direct).toHaveLength(1);
  await db.destroy();
});
