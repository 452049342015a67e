import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuOf } from './pg-redis.ts';
import { freePort, openFileLimit, root } from './processes.ts';

/**
 * nginx in front of a bench's instances, configured from the blocks docs/scaling.md documents
 * (its `## nginx` section's two `nginx` code blocks), so what is measured is what operators are
 * told to deploy. Only what a loopback bench cannot have is changed: the upstream's servers are
 * the instances started, and `listen 443 ssl http2` with its certificate lines becomes a plain
 * loopback port (no TLS here); the main context is the doc's second block, with the pid, logs
 * and temporary files in a /tmp prefix. Never the system service: `nginx -p <prefix> -c <conf> -g 'daemon off;'`.
 */

export const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';

export function nginxAvailable(): boolean {
  return existsSync(NGINX);
}

/** docs/scaling.md's nginx blocks (its `## nginx` section's), as written there: the `http`
 *  part (upstream and server) first, then the main context (workers, descriptors). */
export function documentedNginxBlocks(): { http: string; main: string } {
  const doc = readFileSync(join(root, 'docs/scaling.md'), 'utf8');
  const start = doc.indexOf('\n## nginx');
  const section = doc.slice(start, doc.indexOf('\n## ', start + 1));
  const [http, main] = [...section.matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1]!);
  if (!http || !main)
    throw new Error('docs/scaling.md: two ```nginx blocks expected under "## nginx"');
  return { http, main };
}

/** The documented block with this run's instances and port (see above). */
export function benchNginxBlock(upstreamPorts: number[], port: number): string {
  const block = documentedNginxBlocks().http;
  const serverLine = /^( *)server 127\.0\.0\.1:\d+( [^;]*)?;\n/m.exec(block);
  if (!serverLine)
    throw new Error('docs/scaling.md: no `server 127.0.0.1:…;` line in the upstream');
  const [indent, params] = [serverLine[1] ?? '', serverLine[2] ?? ''];
  const servers = upstreamPorts.map((p) => `${indent}server 127.0.0.1:${p}${params};\n`).join('');
  return block
    .replace(/^ *server 127\.0\.0\.1:\d+[^;]*;\n/gm, '')
    .replace(/(upstream sondeo \{\n)/, `$1${servers}`)
    .replace(/^( *)listen 443[^\n]*\n/m, `$1listen 127.0.0.1:${port} backlog=65535;\n`)
    .replace(/^ *ssl_certificate[^\n]*\n/gm, '');
}

export interface Nginx {
  url: string;
  /** The master's and its workers' CPU so far (s). */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/** Writes the configuration into a new /tmp prefix: nginx listening on `port`. */
export function writeNginxConfig(upstreamPorts: number[], port: number, upstreamHeader = false) {
  const prefix = mkdtempSync(join(tmpdir(), 'sondeo-nginx-'));
  mkdirSync(join(prefix, 'logs'));
  const conf = join(prefix, 'nginx.conf');
  let main = documentedNginxBlocks().main;
  // Only root may raise its descriptors past the hard limit (nginx would warn and go on).
  const hard = openFileLimit();
  const wanted = Number(/worker_rlimit_nofile (\d+);/.exec(main)?.[1]);
  if (process.getuid?.() !== 0 && wanted > hard) {
    main = main.replace(/worker_rlimit_nofile \d+;/, `worker_rlimit_nofile ${hard};`);
  }
  writeFileSync(
    conf,
    [
      main,
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/logs/error.log warn;`,
      'http {',
      '    access_log off;',
      // Which instance answered (bench:rooms' failover mode counts each one's share); the
      // documented locations add no header of their own, so they inherit this one.
      ...(upstreamHeader ? ['    add_header X-Upstream $upstream_addr always;'] : []),
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (t) => `    ${t}_temp_path ${prefix}/${t};`,
      ),
      benchNginxBlock(upstreamPorts, port),
      '}',
      '',
    ].join('\n'),
  );
  return { prefix, conf };
}

export async function startNginx(upstreamPorts: number[], upstreamHeader = false): Promise<Nginx> {
  const port = await freePort();
  const { prefix, conf } = writeNginxConfig(upstreamPorts, port, upstreamHeader);
  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (c) => {
    log += c;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.once('exit', () => child.kill('SIGTERM'));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited early:\n${log}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer in 10 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const master = child.pid!;
  const workers = () => childrenOf(master);
  return {
    url,
    cpuSeconds: () => cpuOf([master, ...workers()]),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The processes whose parent is `pid` (fourth field of /proc/<pid>/stat). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid)
        found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}
