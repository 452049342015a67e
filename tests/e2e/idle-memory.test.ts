import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../helpers/server-process.ts';

const root = new URL('../..', import.meta.url).pathname;
const linux = existsSync('/proc/self/status');

/**
 * Issue 29: the compiled server as `npm start` runs it, started on an empty SQLite file, holds
 * at most 100 MB resident 2 s after /health first answers (as bench:quiz measures it). Before
 * V8 optimised for size during start-up and the participant pages' renderer loaded lazily it
 * held 101–116 MB (90–95 after). A budget with ~5 MB of margin, on Linux only (/proc).
 */
describe.runIf(linux)('an idle server’s memory', () => {
  it('is at most 100 MB resident once it answers /health', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sondeo-idle-'));
    const port = await freePort();
    const child = spawn(process.execPath, [join(root, 'build/server/main.js')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: join(dir, 'sondeo.db'),
        RATE_LIMITS: 'on',
        // As bench:quiz starts it. Without one, a new data file's first start writes the key it
        // makes, and that first write starts SQLite's checkpointer thread (~8 MB for 30–60 s).
        SECRET_KEY: 'idle-memory-test-key-idle-memory-test-key-0123',
      },
      stdio: 'ignore',
    });
    try {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (Date.now() > deadline) throw new Error('the server did not answer /health in 20 s');
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, 2000));
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
      expect(rssMb).toBeLessThanOrEqual(100);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
