import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testPostgres } from '../../../tests/helpers/services.ts';
import { parseDatabaseUrl } from '../config.ts';
import { readLimits } from '../limits.ts';
import { openStore } from './open-store.ts';
import { isStoreUnavailable } from './unavailable.ts';

const { url, available, schemas } = await testPostgres();
afterAll(() => (available ? schemas.dropAll() : undefined), 60_000);

/** The backends of one store: it connects under its own application_name. */
async function backends(app: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where application_name = $1',
      [app],
    );
    return Number(rows[0]?.n);
  } finally {
    await admin.end();
  }
}

describe.runIf(available)('PostgreSQL pool limits (PG_POOL_SIZE, PG_POOL_IDLE_MS)', () => {
  it('opens at most PG_POOL_SIZE connections, and closes idle ones after PG_POOL_IDLE_MS', async () => {
    const app = `sondeo_pool_${randomBytes(4).toString('hex')}`;
    const { settings, errors } = readLimits({ PG_POOL_SIZE: '2', PG_POOL_IDLE_MS: '300' });
    expect(errors).toEqual([]);
    const database = parseDatabaseUrl(
      `${url}${url.includes('?') ? '&' : '?'}schema=${schemas.next()}&application_name=${app}`,
    );
    const store = await openStore({ database, rateLimits: settings });
    try {
      // Forty reads at once: the pool queues them on its connections rather than opening more.
      await Promise.all(Array.from({ length: 40 }, (_, i) => store.getPollBySlug(`nada${i}`)));
      const busy = await backends(app);
      expect(busy).toBeGreaterThan(0);
      expect(busy).toBeLessThanOrEqual(2);
      // Idle past PG_POOL_IDLE_MS: closed (the driver's own default would keep them 10 s).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await backends(app)).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('answers "unavailable" after PG_POOL_WAIT_MS when every pooled connection is busy', async () => {
    const schema = schemas.next();
    const { settings } = readLimits({ PG_POOL_SIZE: '1', PG_POOL_WAIT_MS: '300' });
    const database = parseDatabaseUrl(`${url}${url.includes('?') ? '&' : '?'}schema=${schema}`);
    const store = await openStore({ database, rateLimits: settings });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Another session holds the table: the store's one connection waits behind it.
      await admin.query('begin');
      await admin.query(`lock table ${schema}.polls in access exclusive mode`);
      const stuck = store.getPollBySlug('ocupada1').catch((error: unknown) => error);
      const started = Date.now();
      const waited = await store.getPollBySlug('ocupada2').then(
        () => undefined,
        (error: unknown) => error,
      );
      // The second query never got a connection: the 503 path (Retry-After), well before the
      // lock is released, not a request hanging as long as the database does.
      expect(isStoreUnavailable(waited)).toBe(true);
      expect(Date.now() - started).toBeLessThan(3_000);
      await admin.query('rollback');
      expect(await stuck).toBeUndefined();
    } finally {
      await admin.end();
      await store.close();
    }
  });

  it("keeps idle connections a minute by default, not the driver's 10 s", () => {
    const { settings } = readLimits({});
    expect(settings.limits.PG_POOL_IDLE_MS).toBe(60_000);
    expect(settings.limits.PG_POOL_SIZE).toBe(10);
    expect(readLimits({ PG_POOL_SIZE: '0' }).errors).toHaveLength(1);
  });
});
