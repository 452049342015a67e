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
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const timer = setInterval(() => {
  try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** Often enough that the WAL stays a few MB under a flood of votes. */
const EVERY_MS = 200;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(file: string, log = console.warn): Checkpointer {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file,
      everyMs: EVERY_MS,
    },
  });
  // Without it the WAL still stays bounded: the store's own autocheckpoint is the backstop.
  worker.on('error', (error) => log('SQLite checkpointer stopped:', error));
  worker.unref();
  return {
    async stop() {
      if (worker.threadId === -1) return;
      const exited = once(worker, 'exit').catch(() => {});
      // Unreferenced, the worker would not keep the process alive until it exits: a script
      // whose last step is `await store.close()` ended there with exit code 13 (a top-level
      // await never settled).
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
