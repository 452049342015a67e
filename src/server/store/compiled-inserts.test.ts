import { Kysely, SqliteDialect } from 'kysely';
import { expect, it } from 'vitest';
import { insertRows } from './compiled-inserts.ts';
import type { EngineHooks } from './engine-hooks.ts';
import type { Database } from './schema.ts';
import { cachedStatements, openSqlite } from './sqlite-handles.ts';

async function memoryDb() {
  const sqlite = openSqlite(':memory:');
  sqlite.exec(`create table choices (ballot_id integer, question_id integer, option_id integer,
    position integer);
    create table ballots (id integer primary key autoincrement, poll_id integer,
    participant_id text, created_at integer)`);
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: cachedStatements(sqlite) }),
  });
}

it('stores each batch’s own values with a text compiled once per shape, nulls and RETURNING included', async () => {
  const db = await memoryDb();
  const hooks: EngineHooks = { isUniqueViolation: () => false };
  const row = (b: number, o: number, position: number | null) => ({
    ballot_id: b,
    question_id: 1,
    option_id: o,
    position,
  });
  await db.transaction().execute(async (trx) => {
    await insertRows(trx, hooks, 'choices', [row(1, 10, null), row(1, 11, 2)]);
    // Same shape, other values: the kept text, these parameters.
    await insertRows(trx, hooks, 'choices', [row(2, 12, 1), row(3, 13, null)]);
    const ballots = await insertRows(
      trx,
      hooks,
      'ballots',
      [
        { poll_id: 5, participant_id: 'a', created_at: 100 },
        { poll_id: 5, participant_id: 'b', created_at: 101 },
      ] as never[],
      ['id', 'participant_id'],
    );
    expect(ballots).toEqual([
      { id: 1, participant_id: 'a' },
      { id: 2, participant_id: 'b' },
    ]);
  });
  const stored = await db.selectFrom('choices').selectAll().orderBy('option_id').execute();
  expect(stored).toEqual([row(1, 10, null), row(1, 11, 2), row(2, 12, 1), row(3, 13, null)]);
  await db.destroy();
});

it('refuses a row with an undefined column instead of sending misaligned parameters', async () => {
  const db = await memoryDb();
  const hooks: EngineHooks = { isUniqueViolation: () => false };
  await expect(
    db
      .transaction()
      .execute((trx) =>
        insertRows(trx, hooks, 'choices', [
          { ballot_id: 1, question_id: 1, option_id: 1, position: undefined },
        ] as never[]),
      ),
  ).rejects.toThrow(/choices.position is undefined/);
  await db.destroy();
});
