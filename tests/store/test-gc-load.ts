// For sqlite-gc.test.ts, run as its own process with --expose-gc: the store's work with the
// garbage collector running often, from JavaScript (gc()) and from V8's own tasks (allocation
// pressure between event-loop turns). On Node 24 a better-sqlite3 object the collector frees
// aborts this process (sqlite-handles.ts), so its exit code is the test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import { openSqliteStore } from '../../src/server/store/sqlite.ts';
import { preparedStatements } from '../../src/server/store/sqlite-handles.ts';
import { voteLoad } from './test-vote-load.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const dir = mkdtempSync(join(tmpdir(), 'sondeo-gc-'));
let allocated = 0;
const pressure = async () => {
  for (let i = 0; i < 20; i++) {
    allocated += Array.from({ length: 20_000 }, (_, j) => ({ j })).length;
    await turn();
  }
  gc();
};

try {
  const store = await openSqliteStore(join(dir, 'gc.db'));
  let ballots = 0;
  for (let round = 0; round < 6; round++) {
    ballots += await voteLoad(store, [1, 7, 50, 200, 3, 120, 64, 2, 33, 180], round + 1);
    await pressure();
  }
  // Stores opened and closed, and one dropped without closing (as a failed start would).
  for (let i = 0; i < 20; i++) {
    const other = await openSqliteStore(join(dir, `other-${i}.db`));
    await voteLoad(other, [5, 40], i);
    if (i !== 7) await other.close();
    await pressure();
  }
  await store.close();
  await pressure();
  console.log(
    `ok: ${ballots} ballots, ${preparedStatements()} statements prepared, ${allocated} objects of garbage`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
