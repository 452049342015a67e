import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process.ts';
import { requireService } from './services.ts';

/**
 * An nginx of the test's own in front of several instances, configured with the very block
 * docs/scaling.md documents (its `## nginx` section): only the addresses change (a plain-HTTP
 * listen on a free port instead of 443 with TLS, the instances' ports instead of 3001, 3002), so
 * a mistake in the documented configuration fails the failover test.
 */

const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
const root = new URL('../..', import.meta.url).pathname;

/** Response header naming the instance that answered (added around the documented block). */
export const UPSTREAM_HEADER = 'x-upstream';

/** Call at the top level of a test file: whether nginx can be run here. */
export function nginxAvailable(): Promise<boolean> {
  return requireService('nginx', NGINX, async () => {
    const run = spawnSync(NGINX, ['-v']);
    return run.status === 0 ? { ok: true } : { ok: false, reason: String(run.error ?? run.status) };
  });
}

/** The ```nginx block of docs/scaling.md's `## nginx` section, as written. */
export function documentedConfig(): string {
  const doc = readFileSync(join(root, 'docs/scaling.md'), 'utf8');
  const section = doc.slice(doc.indexOf('\n## nginx\n'));
  const block = /```nginx\n([\s\S]*?)```/.exec(section);
  if (!block?.[1]) throw new Error('docs/scaling.md: no ```nginx block under ## nginx');
  return block[1];
}

/** The documented block with this test's addresses; throws if the block's shape changed. */
export function configFor(instancePorts: number[], listenPort: number): string {
  const lines = documentedConfig().split('\n');
  const upstream = lines.findIndex((l) => /^\s*server 127\.0\.0\.1:\d+\b/.test(l));
  const listen = lines.findIndex((l) => /^\s*listen 443\b/.test(l));
  if (upstream === -1 || listen === -1) {
    throw new Error('docs/scaling.md: the nginx block has no `server 127.0.0.1:…` or `listen 443`');
  }
  const template = lines[upstream]!;
  const out: string[] = [];
  lines.forEach((line, i) => {
    if (i === upstream) {
      for (const port of instancePorts) {
        out.push(template.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${port}`));
      }
    } else if (/^\s*server 127\.0\.0\.1:\d+\b/.test(line)) {
      // The other documented instances: replaced by the list above.
    } else if (i === listen) {
      out.push(`    listen 127.0.0.1:${listenPort};`);
    } else if (!/^\s*ssl_certificate/.test(line)) {
      out.push(line);
    }
  });
  return out.join('\n');
}

export interface RunningNginx {
  url: string;
  /** The nginx error log so far, for failure messages. */
  errors(): string;
  stop(): Promise<void>;
}

export async function startNginx(instancePorts: number[]): Promise<RunningNginx> {
  const prefix = mkdtempSync(join(tmpdir(), 'sondeo-nginx-'));
  // Workers run as an unprivileged user when the master is root: they must reach their temp dirs.
  chmodSync(prefix, 0o755);
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(prefix, dir));
    chmodSync(join(prefix, dir), 0o777);
  }
  const port = await freePort();
  const errorLog = join(prefix, 'error.log');
  const config = `
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${errorLog} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${join(prefix, 'body')};
  proxy_temp_path ${join(prefix, 'proxy')};
  fastcgi_temp_path ${join(prefix, 'fastcgi')};
  uwsgi_temp_path ${join(prefix, 'uwsgi')};
  scgi_temp_path ${join(prefix, 'scgi')};
  # Which instance answered: the tests count each one's share.
  add_header X-Upstream $upstream_addr always;
${configFor(instancePorts, port)}
}
`;
  const configFile = join(prefix, 'nginx.conf');
  writeFileSync(configFile, config);
  const args = ['-p', prefix, '-c', configFile, '-e', errorLog];
  const child: ChildProcess = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: 'pipe' });
  let output = '';
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errors = () => {
    try {
      return output + readFileSync(errorLog, 'utf8');
    } catch {
      return output;
    }
  };
  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${errors()}\n${config}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    errors,
    async stop() {
      // SIGTERM: the master stops its workers too (SIGKILL would leave them behind).
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
