import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import pg from 'pg';
import { it } from 'vitest';

/**
 * Probes for the external services some suites need (PostgreSQL, Redis). Under CI=true a
 * missing service is a failing test, because CI starts both and a silent skip would hide a
 * broken setup; on a developer machine the suite is skipped with a loud warning instead.
 */

export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** How long a probe waits: a local service answers in milliseconds, a missing one never. */
const PROBE_TIMEOUT_MS = 2000;

/** host:port/path of a service URL, without credentials, for messages. */
export function redactUrl(url: string): string {
  const { host, pathname } = new URL(url);
  return `${host}${pathname === '/' ? '' : pathname}`;
}

export type ServiceCheck = { ok: true } | { ok: false; reason: string };

/** Connects and runs `select 1`. */
export async function pgAvailable(url = TEST_DATABASE_URL): Promise<ServiceCheck> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
  });
  // A dropped connection emits 'error' on the client; without a listener it would crash the run.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Sends a bare RESP `PING` over TCP, so the probe needs no Redis client. */
export function redisAvailable(url = TEST_REDIS_URL): Promise<ServiceCheck> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    let reply = '';
    const finish = (check: ServiceCheck) => {
      socket.destroy();
      resolve(check);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => finish({ ok: false, reason: 'timed out' }));
    socket.on('error', (error) => finish({ ok: false, reason: error.message }));
    // Something else on the port may hang up without a line (PostgreSQL does); a settled
    // promise ignores this second resolve.
    socket.on('close', () =>
      finish({ ok: false, reason: `no reply to PING: ${reply || 'closed'}` }),
    );
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (!reply.includes('\r\n')) return;
      // -NOAUTH still proves a Redis is listening; the suite's own client reports the auth error.
      if (reply.startsWith('+PONG') || reply.startsWith('-NOAUTH')) finish({ ok: true });
      else finish({ ok: false, reason: `unexpected reply ${JSON.stringify(reply.trim())}` });
    });
  });
}

/**
 * Call at the top level of a test file; returns whether the suites needing the service should
 * run (`describe.runIf(...)`). When the service is missing: under CI=true it registers a failing
 * test naming it; otherwise it warns loudly and the dependent suites are skipped.
 */
export async function requireService(
  name: string,
  where: string,
  check: () => Promise<ServiceCheck>,
): Promise<boolean> {
  const result = await check();
  if (result.ok) return true;
  const message = `${name} unreachable at ${where}: ${result.reason}`;
  if (process.env.CI === 'true') {
    it(`${name} is reachable at ${where}`, () => {
      throw new Error(`${message} (CI=true requires it)`);
    });
  } else {
    console.warn(`\n⚠️  ${message}: SKIPPED the tests that need it (under CI=true they fail).\n`);
  }
  return false;
}

/**
 * Names of PostgreSQL schemas for one test file: all share a random prefix, so parallel runs
 * and files never collide, and `dropAll` removes exactly what this file made.
 */
export function throwawaySchemas(url = TEST_DATABASE_URL) {
  const prefix = `sondeo_test_${randomBytes(5).toString('hex')}`;
  let count = 0;
  return {
    next: () => `${prefix}_${++count}`,
    async dropAll(): Promise<void> {
      if (count === 0) return;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        for (let n = 1; n <= count; n++) {
          await client.query(`drop schema if exists "${prefix}_${n}" cascade`);
        }
      } finally {
        await client.end();
      }
    },
  };
}

/** The test database's URL on schema `schema` (what DATABASE_URL takes: `…?schema=name`). */
export function schemaUrl(schema: string, url = TEST_DATABASE_URL): string {
  return `${url}${url.includes('?') ? '&' : '?'}schema=${schema}`;
}

/**
 * The preamble of each PostgreSQL suite in one call: the test database's URL, whether it answers
 * (a failing test under CI, a warned skip elsewhere: see `requireService`), and its schemas.
 */
export async function testPostgres() {
  const url = TEST_DATABASE_URL;
  const available = await requireService('PostgreSQL', redactUrl(url), () => pgAvailable(url));
  return { url, available, schemas: throwawaySchemas(url) };
}
