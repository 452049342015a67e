import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/server-process.ts';

/**
 * Issue 24: `npm start -- --port 4711` silently served on 3000. The flags win over PORT and
 * DATABASE_URL, in `npm start` and in the packaged program alike. Needs `npm run build` (as every
 * browser test): a fresh build is not rebuilt.
 */
const root = new URL('../..', import.meta.url).pathname;
let child: ChildProcess | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child?.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  child = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function healthy(url: string, log: () => string): Promise<void> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child?.exitCode !== null) throw new Error(`exited early:\n${log()}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`not healthy in time:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(['scripts/start.mjs', 'bin/sondeo.mjs'])('%s --port --data', (script) => {
  it('serves on the given port and keeps polls in the given folder', async () => {
    const [port, envPort] = [await freePort(), await freePort()];
    dataDir = mkdtempSync(join(tmpdir(), 'sondeo-flags-'));
    let log = '';
    child = spawn(
      process.execPath,
      [join(root, script), '--port', String(port), '--data', join(dataDir, 'aula')],
      {
        cwd: root,
        // The variables say otherwise: the flags win.
        env: {
          ...process.env,
          PORT: String(envPort),
          DATABASE_URL: join(dataDir, 'other.db'),
          HOST: '127.0.0.1',
          RATE_LIMITS: 'off',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (c) => {
      log += c;
    });
    child.stderr?.on('data', (c) => {
      log += c;
    });
    await healthy(`http://127.0.0.1:${port}`, () => log);
    const created = await fetch(`http://127.0.0.1:${port}/api/v1/polls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Con banderas' }),
    });
    expect(created.status).toBe(201);
    expect(existsSync(join(dataDir, 'aula', 'sondeo.db'))).toBe(true);
    expect(existsSync(join(dataDir, 'other.db'))).toBe(false);
    await expect(fetch(`http://127.0.0.1:${envPort}/api/v1/health`)).rejects.toThrow();
  });
});
