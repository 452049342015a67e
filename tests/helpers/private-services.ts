import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process.ts';
import { pgAvailable, redisAvailable, requireService, type ServiceCheck } from './services.ts';

/**
 * A Redis and a PostgreSQL of a test's own, on free ports in a temporary directory, which the
 * test may kill and start again: the machine's shared services are never stopped.
 */

async function until(what: string, ok: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`${what}: not ready in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface PrivateRedis {
  url: string;
  /** SIGKILL, as a crash: nothing is flushed, clients see their connections reset. */
  kill(): Promise<void>;
  /** Starts again on the same port (empty: no persistence) and waits for PING. */
  start(): Promise<void>;
}

const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';

/** Call at the top level of a test file: whether `redis-server` can be run here. */
export function privateRedisAvailable(): Promise<boolean> {
  return requireService('redis-server (a private Redis)', REDIS_SERVER, async () => {
    const run = spawnSync(REDIS_SERVER, ['--version']);
    return run.status === 0 ? { ok: true } : { ok: false, reason: String(run.error ?? run.status) };
  });
}

export async function startPrivateRedis(): Promise<PrivateRedis & { stop(): Promise<void> }> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const kill = async () => {
    const current = child;
    child = undefined;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise((r) => current.once('exit', r));
    current.kill('SIGKILL');
    await exited;
  };
  const start = async () => {
    child = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await until(`redis-server on ${port}`, async () => (await redisAvailable(url)).ok);
  };
  await start();
  return { url, kill, start, stop: kill };
}

export interface PrivatePostgres {
  /** postgres://…/postgres on the cluster's port; add `?schema=` as for the shared one. */
  url: string;
  /** `pg_ctl stop -m fast` (sessions terminated: 57P01) or `immediate` (connections cut). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  destroy(): Promise<void>;
}

/** The newest installed PostgreSQL's bin directory (Debian: /usr/lib/postgresql/<n>/bin). */
function postgresBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((x, y) => Number(y) - Number(x));
  return versions[0] && join(base, versions[0], 'bin');
}

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
const asRoot = process.getuid?.() === 0;

function pgTool(tool: string, args: string[]): void {
  const bin = join(postgresBin() ?? '', tool);
  const [command, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', bin, ...args]]
    : [bin, args];
  execFileSync(command, argv, { stdio: 'pipe' });
}

/** Call at the top level of a test file: whether a private cluster can be made here. */
export function privatePostgresAvailable(): Promise<boolean> {
  return requireService(
    'initdb and pg_ctl (a private PostgreSQL)',
    postgresBin() ?? '/usr/lib/postgresql/*/bin',
    async (): Promise<ServiceCheck> => {
      if (!postgresBin()) return { ok: false, reason: 'no PostgreSQL server binaries' };
      if (asRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) {
        return { ok: false, reason: 'running as root and there is no postgres user' };
      }
      return { ok: true };
    },
  );
}

/** initdb (trust, no fsync: a throwaway) and start on a free port; about a second. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'sondeo-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  pgTool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    pgTool('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
    await until(`PostgreSQL on ${port}`, async () => (await pgAvailable(url)).ok);
  };
  const stop = async (mode: 'fast' | 'immediate') => {
    pgTool('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
  };
  await start();
  return {
    url,
    stop,
    start,
    async destroy() {
      try {
        await stop('immediate');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
