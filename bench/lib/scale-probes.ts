import type { Redis } from 'ioredis';
import type pg from 'pg';

/**
 * What bench:scale samples besides CPU: Redis's PUBLISH count, PostgreSQL's lock waits, ballots
 * per transaction and autovacuum's passes. Apart from scale.ts so the bench reads as its runs.
 */

/** PUBLISH commands run by Redis so far (INFO commandstats). */
export async function publishes(redis: Redis): Promise<number> {
  const info = await redis.info('commandstats');
  return Number(/cmdstat_publish:calls=(\d+)/.exec(info)?.[1] ?? 0);
}

/**
 * Samples pg_stat_activity until stopped: how many of the app's backends run a statement and how
 * many of those wait for a lock, on average. Batches of one poll serialise on its row's lock, so
 * the waiters say how much of the time an instance's batch waits for another's.
 */
export function sampleLockWaits(
  admin: pg.Client,
  app: string,
): () => Promise<{ active: number; waiting: number }> {
  let stopped = false;
  let samples = 0;
  let active = 0;
  let waiting = 0;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await admin.query<{ active: number; waiting: number }>(
        `select count(*) filter (where state = 'active')::int as active,
                count(*) filter (where state = 'active' and wait_event_type = 'Lock')::int as waiting
           from pg_stat_activity where application_name = $1`,
        [app],
      );
      samples++;
      active += rows[0]?.active ?? 0;
      waiting += rows[0]?.waiting ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return { active: active / Math.max(samples, 1), waiting: waiting / Math.max(samples, 1) };
  };
}

/** How many ballots a transaction stored, on average over these polls: rows of one transaction
 *  share an xmin. */
export async function ballotsPerTransaction(
  admin: pg.Client,
  schema: string,
  slugs: string[],
): Promise<number> {
  const { rows } = await admin.query<{ n: number; tx: number }>(
    `select count(*)::int as n, count(distinct b.xmin::text)::int as tx
       from ${schema}.ballots b join ${schema}.polls p on p.id = b.poll_id
      where p.slug = any($1)`,
    [slugs],
  );
  const { n, tx } = rows[0] ?? { n: 0, tx: 0 };
  return tx > 0 ? n / tx : 0;
}

/** Autovacuum's passes over the schema so far: on tables filling from empty they come often
 *  (analyze after 50 rows + 10 %), and each analyze makes every backend plan its statements on
 *  those tables again. */
export async function autovacuumPasses(admin: pg.Client, schema: string): Promise<string> {
  const { rows } = await admin.query<{ a: number; v: number }>(
    `select coalesce(sum(autoanalyze_count), 0)::int as a, coalesce(sum(autovacuum_count), 0)::int as v
       from pg_stat_user_tables where schemaname = $1`,
    [schema],
  );
  return `autoanalyze ${rows[0]?.a ?? 0}, autovacuum ${rows[0]?.v ?? 0} (schema so far)`;
}
