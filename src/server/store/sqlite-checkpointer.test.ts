import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startCheckpointer } from './sqlite-checkpointer.ts';
import { openSqlite } from './sqlite-handles.ts';

const dir = mkdtempSync(join(tmpdir(), 'sondeo-ckpt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('copies the WAL into the database file from its thread, and stops', async () => {
  const file = join(dir, 'c.db');
  // exec only: on Node 24 a better-sqlite3 Statement collected by the GC aborts the test process
  // (sqlite-handles.ts).
  const db = openSqlite(file);
  db.exec('PRAGMA journal_mode = WAL');
  // Only the worker may checkpoint here.
  db.exec('PRAGMA wal_autocheckpoint = 0');
  db.exec('create table t (x text)');
  db.exec(`with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
    insert into t select printf('%.200c', 'x') from n`);
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

it('keeps the process alive until the worker has stopped', () => {
  // A script whose last step is stopping the checkpointer: the process used to end there, with
  // exit code 13 (a top-level await that never settled), before the worker closed its database.
  const script = join(dir, 'stop.mts');
  const module = new URL('./sqlite-checkpointer.ts', import.meta.url).pathname;
  writeFileSync(
    script,
    `import { startCheckpointer } from ${JSON.stringify(module)};
await startCheckpointer(${JSON.stringify(join(dir, 's.db'))}).stop();
console.log('stopped');`,
  );
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout.trim()).toBe('stopped');
});

it('lazy: no thread until rows change, checkpoints them, and ends after a quiet spell', async () => {
  const file = join(dir, 'lazy.db');
  const db = openSqlite(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA wal_autocheckpoint = 0');
  db.exec('create table t (x text)');
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  const checkpointer = startCheckpointer(file, console.warn, { lazy: true, idleMs: 300 });
  expect(checkpointer.running()).toBe(false);
  const before = statSync(file).size;
  db.exec(`with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
    insert into t select printf('%.200c', 'x') from n`);
  checkpointer.wrote();
  expect(checkpointer.running()).toBe(true);
  let after = before;
  for (let i = 0; i < 50 && after <= before; i++) {
    await new Promise((r) => setTimeout(r, 100));
    after = statSync(file).size;
  }
  expect(after).toBeGreaterThan(before + 200_000);
  // Two idle checks without a change: the worker is gone, and the next change starts another.
  for (let i = 0; i < 50 && checkpointer.running(); i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(checkpointer.running()).toBe(false);
  checkpointer.wrote();
  expect(checkpointer.running()).toBe(true);
  await checkpointer.stop();
  expect(checkpointer.running()).toBe(false);
  // Stopped for good: a change after stop() starts nothing.
  checkpointer.wrote();
  expect(checkpointer.running()).toBe(false);
  db.close();
});
