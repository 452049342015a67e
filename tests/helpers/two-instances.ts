import { randomBytes } from 'node:crypto';
import { type RunningServer, startServer } from './server-process.ts';
import {
  pgAvailable,
  redactUrl,
  redisAvailable,
  requireService,
  schemaUrl,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  throwawaySchemas,
} from './services.ts';

/**
 * The setup of the suites that run two real server processes as behind a load balancer: one
 * PostgreSQL schema and one Redis channel shared by both, each file its own.
 */

/**
 * Call at the top level of a test file: whether PostgreSQL and Redis both answer (a failing test
 * under CI for each missing one, a warned skip elsewhere: see `requireService`).
 */
export async function pgAndRedisAvailable(): Promise<boolean> {
  const pgOk = await requireService('PostgreSQL', redactUrl(TEST_DATABASE_URL), () =>
    pgAvailable(),
  );
  const redisOk = await requireService('Redis', redactUrl(TEST_REDIS_URL), () => redisAvailable());
  return pgOk && redisOk;
}

export interface TwoInstances {
  /**
   * Starts A and B together, as a deployment does (both migrate the empty schema at once), on a
   * new schema and channel; `extra` is added to both environments, `extraB` to B's alone.
   */
  start(
    extra?: Record<string, string>,
    extraB?: Record<string, string>,
  ): Promise<[RunningServer, RunningServer]>;
  /** Kills every server started and drops the file's schemas. */
  stop(): Promise<void>;
}

export function twoInstances(): TwoInstances {
  const schemas = throwawaySchemas();
  const started: RunningServer[] = [];
  return {
    async start(extra = {}, extraB = {}) {
      const env = {
        DATABASE_URL: schemaUrl(schemas.next()),
        REDIS_URL: TEST_REDIS_URL,
        // This run's own channel: concurrent runs on the same Redis never hear each other.
        REDIS_CHANNEL: `sondeo:test:${randomBytes(5).toString('hex')}`,
        ...extra,
      };
      const servers = await Promise.allSettled([
        startServer({ env }),
        startServer({ env: { ...env, ...extraB } }),
      ]);
      for (const s of servers) if (s.status === 'fulfilled') started.push(s.value);
      for (const s of servers) if (s.status === 'rejected') throw s.reason;
      return started.slice(-2) as [RunningServer, RunningServer];
    },
    async stop() {
      await Promise.all(started.map((s) => s.stop('SIGKILL')));
      await schemas.dropAll();
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted by the tests
type Body = any;

/**
 * One API call to a server process: JSON in and out, the host secret, the participant cookie and
 * extra headers when given; returns the first Set-Cookie pair, to be sent back as `cookie`.
 */
export async function serverCall(
  server: RunningServer,
  method: string,
  path: string,
  options: {
    body?: unknown;
    secret?: string;
    cookie?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; body: Body; cookie: string | undefined }> {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
      ...(options.secret && { 'x-host-secret': options.secret }),
      ...(options.cookie && { cookie: options.cookie }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  return { status: res.status, body: await res.json().catch(() => undefined), cookie };
}
