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
 * The setup of the suites that run several real server processes as behind a load balancer:
 * one PostgreSQL schema and one Redis channel shared by all, each file its own.
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

export interface Instances {
  /**
   * Starts `count` instances together, as a deployment does (all migrate the empty schema at
   * once), on a new schema and Redis channel; `extra` is added to every environment (it may name
   * another DATABASE_URL or REDIS_URL), `extraFor(i)` to instance i's alone.
   */
  start(
    count: number,
    extra?: Record<string, string>,
    extraFor?: (index: number) => Record<string, string>,
  ): Promise<RunningServer[]>;
  /** Starts a stopped (killed) instance again on its port with its environment, as a
   *  supervisor does: a load balancer that knows the port finds it there. */
  restart(server: RunningServer): Promise<RunningServer>;
  /** The DATABASE_URL the instances of the last start share (for recounts). */
  databaseUrl(): string;
  /** Kills every server started and drops the file's schemas. */
  stop(): Promise<void>;
}

/** Several instances compiling their TypeScript at once on a 2-core machine shared with other
 *  jobs took over 20 s to answer (load average 27): a start is given 45 s. */
const START_TIMEOUT_MS = 45_000;

export function instances(): Instances {
  const schemas = throwawaySchemas();
  const started: RunningServer[] = [];
  const envOf = new Map<RunningServer, Record<string, string>>();
  let databaseUrl = '';
  return {
    async start(count, extra = {}, extraFor = () => ({})) {
      const env = {
        DATABASE_URL: schemaUrl(schemas.next()),
        REDIS_URL: TEST_REDIS_URL,
        // This run's own channel: concurrent runs on the same Redis never hear each other.
        REDIS_CHANNEL: `sondeo:test:${randomBytes(5).toString('hex')}`,
        ...extra,
      };
      databaseUrl = env.DATABASE_URL;
      const envs = Array.from({ length: count }, (_, i) => ({ ...env, ...extraFor(i) }));
      const servers = await Promise.allSettled(
        envs.map((e) => startServer({ env: e, startTimeoutMs: START_TIMEOUT_MS })),
      );
      servers.forEach((s, i) => {
        if (s.status !== 'fulfilled') return;
        started.push(s.value);
        envOf.set(s.value, envs[i]!);
      });
      for (const s of servers) if (s.status === 'rejected') throw s.reason;
      return started.slice(-count);
    },
    async restart(server) {
      await server.stop('SIGKILL');
      const env = envOf.get(server);
      if (!env) throw new Error('not an instance of this group');
      const again = await startServer({ env, port: server.port, startTimeoutMs: START_TIMEOUT_MS });
      started.push(again);
      envOf.set(again, env);
      return again;
    },
    databaseUrl: () => databaseUrl,
    async stop() {
      await Promise.all(started.map((s) => s.stop('SIGKILL')));
      await schemas.dropAll();
    },
  };
}

export interface TwoInstances {
  /** `instances().start(2, …)`, with `extraB` added to B's environment alone. */
  start(
    extra?: Record<string, string>,
    extraB?: Record<string, string>,
  ): Promise<[RunningServer, RunningServer]>;
  stop(): Promise<void>;
}

export function twoInstances(): TwoInstances {
  const group = instances();
  return {
    async start(extra = {}, extraB = {}) {
      const [a, b] = await group.start(2, extra, (i) => (i === 1 ? extraB : {}));
      return [a!, b!];
    },
    stop: () => group.stop(),
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
