import { readdirSync } from 'node:fs';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { PollStore } from '../../src/server/store/store.ts';
import { cpuSeconds } from './processes.ts';

/**
 * What the PostgreSQL + Redis benches (bench:scale, bench:rooms) share: the CPU of the
 * instances' PostgreSQL backends and of redis-server, read apart from the instances', and the
 * check that a poll's counters equal a recount of its stored rows.
 */

/** The PostgreSQL backends of a bench's instances: they connect with its application_name. */
export async function backendPids(admin: pg.Client, app: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where application_name = $1',
    [app],
  );
  return rows.map((r) => r.pid);
}

/** The CPU seconds of these processes so far, skipping those gone meanwhile. */
export function cpuOf(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      total += cpuSeconds(pid);
    } catch {
      // a backend that ended between the listing and the read
    }
  }
  return total;
}

/** redis-server's CPU so far (s): its process when readable, else what INFO says. */
export async function redisCpu(redis: Redis, pid: number | undefined): Promise<number> {
  if (pid !== undefined) {
    try {
      return cpuSeconds(pid);
    } catch {
      // not ours to read
    }
  }
  const info = await redis.info('cpu');
  const get = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1] ?? 0);
  return get('used_cpu_sys') + get('used_cpu_user');
}

export async function redisPid(redis: Redis): Promise<number | undefined> {
  const pid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]);
  return readdirSync('/proc').includes(String(pid)) ? pid : undefined;
}

/** The counters a summary reads (getTally) against a recount of the stored rows; `ballots`,
 *  when given, is how many the bench saw acknowledged. */
export async function tallyEqualsRecount(
  store: PollStore,
  slug: string,
  ballots?: number,
): Promise<boolean> {
  const poll = await store.getPollBySlug(slug);
  if (!poll) return false;
  const [tally, recount] = await Promise.all([
    store.getTally(poll.id),
    store.getVoteCounts(poll.id),
  ]);
  if (!tally) return false;
  const nonZero = (list: { optionId: number; count: number }[]) =>
    JSON.stringify(list.filter((o) => o.count > 0).sort((a, b) => a.optionId - b.optionId));
  const byQuestion = (list: { questionId: number; count: number }[]) =>
    JSON.stringify(list.filter((o) => o.count > 0).sort((a, b) => a.questionId - b.questionId));
  return (
    tally.counts.ballots === recount.ballots &&
    (ballots === undefined || recount.ballots === ballots) &&
    nonZero(tally.counts.optionCounts) === nonZero(recount.optionCounts) &&
    byQuestion(tally.counts.respondents) === byQuestion(recount.respondents)
  );
}

/**
 * The CPU the PostgreSQL backends of `app` use from `start()` to `stop()`, sampled every
 * `everyMs`: pool connections come and go (idle timeout) over a run of minutes, and a backend
 * that ended between two readings would take its CPU with it. Each backend counts from its
 * first sample (from 0 when it appeared after the start) to its last.
 */
export function backendCpuTracker(admin: pg.Client, app: string, everyMs = 500) {
  const seen = new Map<number, { first: number; last: number }>();
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  const sample = async () => {
    for (const pid of await backendPids(admin, app)) {
      let now: number;
      try {
        now = cpuSeconds(pid);
      } catch {
        continue; // ended meanwhile
      }
      const entry = seen.get(pid);
      if (entry) entry.last = now;
      else seen.set(pid, { first: started ? 0 : now, last: now });
    }
  };
  return {
    async start() {
      await sample();
      started = true;
      timer = setInterval(() => void sample().catch(() => {}), everyMs);
    },
    /** PostgreSQL backends (connections) of `app` seen so far: those opened during the run
     *  besides those open at start() (pool churn). */
    backends: () => seen.size,
    /** CPU seconds since start(). */
    async stop(): Promise<number> {
      clearInterval(timer);
      await sample();
      return [...seen.values()].reduce((s, e) => s + (e.last - e.first), 0);
    },
  };
}
