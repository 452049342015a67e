import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_SECRET_KEY } from './api.ts';

export const root = new URL('../..', import.meta.url).pathname;

/**
 * Every process of the benchmark starts through `sh`, with its open-file limit raised to the hard
 * limit: 10,000 streams need more descriptors than the usual soft limit of 1,024.
 */
function spawnRaised(args: string[], env: Record<string, string>, ipc = false): ChildProcess {
  const child = spawn(
    'sh',
    ['-c', 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"', 'sh', ...args],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    },
  );
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Everything this run started, so nothing outlives it, however it ends (a crash, Ctrl-C). */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => process.exit(130));
}

/** The soft open-file limit children get (after raising). */
export function openFileLimit(): number {
  const out = spawnSync('sh', ['-c', 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; ulimit -n'], {
    encoding: 'utf8',
  }).stdout.trim();
  return out === 'unlimited' ? Number.POSITIVE_INFINITY : Number(out);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Server {
  url: string;
  /** Behind a balancer (lib/pair.ts): each instance's own address, to probe past the balancer. */
  instanceUrls?: string[];
  pid: number;
  /** Everything the process printed. */
  output(): string;
  /** Resident set size now, in MB (from /proc). */
  rssMb(): number;
  /** CPU time used so far (user + system), in seconds (from /proc). */
  cpuSeconds(): number;
  /** SIGTERM, then the exit (a profile is written on a clean exit). */
  stop(): Promise<void>;
}

/** Starts a server script (TypeScript through tsx, or compiled .js) on a free port; waits for `healthPath`. */
export async function startServer(options: {
  script: string;
  env?: Record<string, string>;
  healthPath: string;
  nodeArgs?: string[];
  /** Default: a free one. A restarted instance takes its old port (the balancer knows it). */
  port?: number;
}): Promise<Server> {
  const port = options.port ?? (await freePort());
  const child = spawnRaised(
    [
      process.execPath,
      ...(options.nodeArgs ?? []),
      // Compiled JavaScript (what `npm start` runs, or another project's CommonJS bundle) needs
      // no TypeScript loader.
      ...(/\.c?js$/.test(options.script) ? [] : ['--import', 'tsx']),
      options.script,
    ],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      // One client address drives every bench: buckets off unless a bench turns them on
      // (bench/abuse.ts does), and a known key so ids can be minted (lib/api.ts).
      RATE_LIMITS: 'off',
      SECRET_KEY: BENCH_SECRET_KEY,
      ...options.env,
    },
  );
  let log = '';
  child.stdout?.on('data', (c) => {
    log += c;
  });
  child.stderr?.on('data', (c) => {
    log += c;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${options.script} exited early:\n${log}`);
    try {
      if ((await fetch(`${url}${options.healthPath}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.script} did not start in 30 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // `sh` exec'd node, so the child's pid is the server's.
  const pid = child.pid!;
  return {
    url,
    pid,
    output: () => log,
    rssMb: () => rssMb(pid),
    cpuSeconds: () => cpuSeconds(pid),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** utime + stime of /proc/<pid>/stat, in clock ticks of 1/100 s (Linux's USER_HZ). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** A child running a TypeScript module with an IPC channel (the stream clients). */
export function forkTs(
  script: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): ChildProcess {
  return spawnRaised([process.execPath, ...nodeArgs, '--import', 'tsx', script], env, true);
}

/** A fresh SQLite file for one server. */
export function tempSqlite(): string {
  return join(mkdtempSync(join(tmpdir(), 'sondeo-bench-')), 'sondeo.db');
}

/** The whole machine's CPU time so far (all cores, from /proc/stat), in seconds: busy and all. */
export function machineCpuSeconds(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal …
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((s, n) => s + n, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: (total - idle) / 100, total: total / 100 };
}

/** Machine-wide TCP counters (/proc/net/netstat): connections the kernel dropped because a
 *  listener's accept queue was full, and SYNs clients had to send again (1 s, 3 s, 7 s later). */
export function tcpCounters(): { listenOverflows: number; synRetrans: number } {
  const lines = readFileSync('/proc/net/netstat', 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('TcpExt:'));
  const names = lines[0]?.split(/\s+/) ?? [];
  const values = lines[1]?.split(/\s+/).map(Number) ?? [];
  const get = (name: string) => values[names.indexOf(name)] ?? 0;
  return { listenOverflows: get('ListenOverflows'), synRetrans: get('TCPSynRetrans') };
}

/**
 * A server's memory as the quiz benches report it: resident once its start has settled (2 s,
 * the start's own allocations collected or not, as an operator would see it), then its peak,
 * sampled every 100 ms until `stop`.
 */
export async function watchMemory(server: Pick<Server, 'rssMb'>) {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idleMb = server.rssMb();
  let peakMb = idleMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, server.rssMb());
  }, 100);
  return {
    idleMb,
    peakMb: () => peakMb,
    stop: () => clearInterval(sampler),
  };
}
