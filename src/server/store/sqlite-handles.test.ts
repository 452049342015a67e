import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Compilable, type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { voteLoad } from '../../../tests/store/test-vote-load.ts';
import type { Database } from './schema.ts';
import {
  BoundedInLists,
  MAX_ROW_GROUP,
  padded,
  rowChunks,
  rowGroups,
  shapeLength,
} from './sql-shapes.ts';
import { openSqliteStore, sqliteKysely } from './sqlite.ts';
import {
  cachedStatements,
  openSqlite,
  preparedStatements,
  STATEMENT_SHAPES_EXPECTED,
} from './sqlite-handles.ts';

const dir = mkdtempSync(join(tmpdir(), 'sondeo-shapes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('pads lists to a power of two and groups rows in powers of two', () => {
  expect([0, 1, 2, 3, 5, 8, 9, 300].map(shapeLength)).toEqual([0, 1, 2, 4, 8, 8, 16, 512]);
  expect(padded([1, 2, 3, 4, 5])).toEqual([1, 2, 3, 4, 5, 5, 5, 5]);
  expect(padded([])).toEqual([]);
  const sizes = (n: number) =>
    rowGroups(Array.from({ length: n }, (_, i) => i)).map((g) => g.length);
  expect(sizes(0)).toEqual([]);
  expect(sizes(300)).toEqual([256, 32, 8, 4]);
  expect(sizes(600)).toEqual([256, 256, 64, 16, 8]);
  // Every row once, in order.
  expect(rowGroups(Array.from({ length: 77 }, (_, i) => i)).flat()).toEqual(
    Array.from({ length: 77 }, (_, i) => i),
  );
  expect(Math.max(...sizes(5000))).toBe(MAX_ROW_GROUP);
  // Where statements are not kept (PostgreSQL): fixed chunks, the fewest statements.
  const chunks = (n: number) =>
    rowChunks(Array.from({ length: n }, (_, i) => i)).map((g) => g.length);
  expect(chunks(300)).toEqual([256, 44]);
  expect(chunks(0)).toEqual([]);
});

it('prepares a fixed set of SQL texts, whatever the number and shape of the ballots', async () => {
  const store = await openSqliteStore(join(dir, 'shapes.db'));
  try {
    const before = preparedStatements();
    // Batches of every size up to the group commit's 200, then again in another order.
    const every = Array.from({ length: 200 }, (_, i) => i + 1);
    await voteLoad(store, every, 1);
    const shapes = preparedStatements() - before;
    await voteLoad(store, every.reverse(), 2);
    await voteLoad(store, [3, 150, 64, 1, 199, 17, 100], 3);
    expect(preparedStatements() - before).toBe(shapes);
    expect(shapes).toBeLessThan(STATEMENT_SHAPES_EXPECTED);
    console.info(`SQL texts prepared by the vote load: ${shapes}`);
  } finally {
    await store.close();
  }
}, 120_000);

it('pads IN and NOT IN lists, at any depth, and leaves every other query as it was', async () => {
  // The store's Kysely (the plugin is BoundedInLists); queries only compiled here.
  const db = sqliteKysely<Database>(openSqlite(':memory:'));
  const compiled = (query: Compilable) => {
    const { sql, parameters } = query.compile();
    return { sql, parameters };
  };
  expect(compiled(db.selectFrom('polls').select('id').where('id', 'in', [1, 2, 3]))).toEqual({
    sql: 'select "id" from "polls" where "id" in (?, ?, ?, ?)',
    parameters: [1, 2, 3, 3],
  });
  const nested = db
    .deleteFrom('choices')
    .where('ballot_id', 'not in', (eb) =>
      eb.selectFrom('ballots').select('id').where('poll_id', 'in', [7, 8, 9, 10, 11]),
    );
  expect(compiled(nested).parameters).toEqual([7, 8, 9, 10, 11, 11, 11, 11]);
  // Rows of an INSERT are not lists to pad.
  const insert = db.insertInto('polls').values({ id: 1 } as never);
  expect(compiled(insert).parameters).toEqual([1]);
  // Nothing to pad: the very same tree.
  const plain = db
    .selectFrom('polls')
    .select('id')
    .where('id', 'in', [1, 2, 3, 4])
    .toOperationNode();
  const plugin = new BoundedInLists();
  expect(plugin.transformQuery({ node: plain, queryId: { queryId: 'q' } })).toBe(plain);
  await db.destroy();
});

it('tells of statements that changed rows, and of no others (the checkpointer counts them)', async () => {
  const sqlite = openSqlite(':memory:');
  const changes = { count: 0, onChange: () => void changes.count++ };
  const db = new Kysely<{ t: { id: Generated<number>; x: string } }>({
    dialect: new SqliteDialect({ database: cachedStatements(sqlite, console.warn, changes) }),
  });
  await sql`create table t (id integer primary key, x text)`.execute(db);
  expect(changes.count).toBe(0);
  await db.insertInto('t').values({ x: 'a' }).execute();
  expect(changes.count).toBe(1);
  await db.insertInto('t').values({ x: 'b' }).returning('id').execute();
  expect(changes.count).toBe(2);
  await db.selectFrom('t').selectAll().execute();
  // A DELETE or UPDATE that found nothing changed nothing (the start's sweeps).
  await db.deleteFrom('t').where('x', '=', 'none').execute();
  await db.updateTable('t').set({ x: 'c' }).where('x', '=', 'none').execute();
  expect(changes.count).toBe(2);
  await db.updateTable('t').set({ x: 'c' }).where('x', '=', 'a').execute();
  expect(changes.count).toBe(3);
});
