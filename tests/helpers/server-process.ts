import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

export type RunningServer = {
  url: string;
  port: number;
  dbFile: string;
  process: ChildProcess;
  /** Output printed so far (stdout and stderr), for assertions and debugging. */
  output: () => string;
  /** Sends the signal and resolves with the exit code once the process has exited. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function tempDbFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'sondeo-')), 'sondeo.db');
}

/**
 * Starts the real server (`src/server/main.ts` through tsx, or with `compiled` the same sources
 * compiled to `build/server/main.js`, as `npm start` runs them) as a child process on a free port
 * (or `port`) and a temporary SQLite file, and waits until /api/v1/health answers.
 */
export async function startServer(
  options: {
    env?: Record<string, string>;
    dbFile?: string;
    port?: number;
    /** How long it may take to answer /api/v1/health (a hung start fails after it). */
    startTimeoutMs?: number;
    /** Run build/server/main.js; the caller makes sure it is not older than its sources. */
    compiled?: boolean;
  } = {},
): Promise<RunningServer> {
  const startTimeoutMs = options.startTimeoutMs ?? 20_000;
  // A given port: an instance restarted where a load balancer expects it.
  const port = options.port ?? (await freePort());
  const dbFile = options.dbFile ?? tempDbFile();
  let log = '';
  const entry = options.compiled
    ? [join(root, 'build/server/main.js')]
    : ['--import', 'tsx', join(root, 'src/server/main.ts')];
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbFile,
      // Limits off unless a test asks for them (RATE_LIMITS: 'on'): tests make many polls and
      // ballots from 127.0.0.1.
      RATE_LIMITS: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Server did not become healthy in ${startTimeoutMs} ms:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    port,
    dbFile,
    process: child,
    output: () => log,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
