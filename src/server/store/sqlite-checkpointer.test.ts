import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { startCheckpointer } from './sqlite-checkpointer.ts';

const dir = mkdtempSync(join(tmpdir(), 'sondeo-ckpt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('copies the WAL into the database file from its thread, and stops', async () => {
  const file = join(dir, 'c.db');
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  // Only the worker may checkpoint here.
  db.pragma('wal_autocheckpoint = 0');
  db.exec('create table t (x text)');
  const insert = db.prepare('insert into t values (?)');
  for (let i = 0; i < 2000; i++) insert.run('x'.repeat(200));
  const before = statSync(file).size;
  const checkpointer = startCheckpointer(file);
  let after = before;
  for (let i = 0; i < 50 && after <= before; i++) {
    await new Promise((r) => setTimeout(r, 100));
    after = statSync(file).size;
  }
  expect(after).toBeGreaterThan(before + 200_000);
  await checkpointer.stop();
  await checkpointer.stop();
  db.close();
});
