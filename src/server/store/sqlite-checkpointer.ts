import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Copies the WAL back into the database file from a worker thread, so the fsyncs of a checkpoint
 * never stall the event loop (they cost a vote benchmark a quarter of its throughput when SQLite
 * ran them after every 1,000 pages on the main thread). PASSIVE mode never waits for or blocks a
 * writer. Plain CommonJS evaluated in the worker, so it runs the same under tsx, vitest or a build.
 * exec, not pragma(): pragma() makes a Statement object per call, and on Node 24 collecting one
 * aborts the process (sqlite-handles.ts); exec makes none, and the worker's database lives until
 * the worker ends.
 *
 * Issue 29: the store counts its statements that changed rows in `writes` (shared memory), and a
 * tick with nothing changed since the one before is skipped: an idle server checkpointed five
 * times a second for nothing. One more checkpoint follows the last change seen, because a change
 * is counted before its transaction commits, which may land after that tick's checkpoint.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const writes = new Int32Array(workerData.writes);
const checkpoint = () => {
  try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch {}
};
let seen;
let trailing = true;
const timer = setInterval(() => {
  const now = Atomics.load(writes, 0);
  const changed = now !== seen;
  seen = now;
  if (changed || trailing) checkpoint();
  trailing = changed;
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

/** Often enough that the WAL stays a few MB under a flood of votes. */
const EVERY_MS = 200;
/** A lazy checkpointer's worker ends after this long without a write (and starts again at the
 *  next one): its thread holds ~10-15 MB of memory that an idle server has no use for. */
export const CHECKPOINTER_IDLE_MS = 30_000;

export interface Checkpointer {
  /** A statement changed rows (the store calls it for each): checkpoints follow, and a lazy
   *  checkpointer starts its worker if none is running. */
  wrote(): void;
  /** Whether a worker is running now (tests). */
  running(): boolean;
  stop(): Promise<void>;
}

/**
 * Eager (the default): the worker starts now and runs until stop(). Lazy: it starts at the first
 * write and ends after `idleMs` without one, checkpointing once more as it goes.
 */
export function startCheckpointer(
  file: string,
  log = console.warn,
  options: { lazy?: boolean; idleMs?: number } = {},
): Checkpointer {
  const writes = new Int32Array(new SharedArrayBuffer(4));
  const exits: Promise<unknown>[] = [];
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let stopped = false;

  const start = () => {
    const started = new Worker(WORKER, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file,
        everyMs: EVERY_MS,
        writes: writes.buffer,
      },
    });
    // Without it the WAL still stays bounded: the store's own autocheckpoint is the backstop.
    started.on('error', (error) => log('SQLite checkpointer stopped:', error));
    started.unref();
    worker = started;
    if (!options.lazy) return;
    let counted = Atomics.load(writes, 0);
    idleTimer = setInterval(() => {
      const now = Atomics.load(writes, 0);
      if (now === counted) retire();
      counted = now;
    }, options.idleMs ?? CHECKPOINTER_IDLE_MS);
    idleTimer.unref();
  };

  /** Asks the running worker to checkpoint a last time and end. */
  const retire = () => {
    clearInterval(idleTimer);
    const ending = worker;
    worker = undefined;
    if (!ending || ending.threadId === -1) return;
    exits.push(once(ending, 'exit').catch(() => {}));
    // Unreferenced, the worker would not keep the process alive until it exits: a script
    // whose last step is `await store.close()` ended there with exit code 13 (a top-level
    // await never settled).
    ending.ref();
    ending.postMessage('stop');
  };

  if (!options.lazy) start();
  return {
    wrote() {
      Atomics.add(writes, 0, 1);
      if (!worker && !stopped && options.lazy) start();
    },
    running: () => worker !== undefined,
    async stop() {
      stopped = true;
      retire();
      await Promise.all(exits);
    },
  };
}
