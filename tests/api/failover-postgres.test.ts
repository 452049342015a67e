import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BallotResult,
  ballot,
  openPoll,
  Phone,
  recount,
  summaryWith,
} from '../helpers/failover.ts';
import {
  type PrivatePostgres,
  privatePostgresAvailable,
  startPrivatePostgres,
} from '../helpers/private-services.ts';
import type { RunningServer } from '../helpers/server-process.ts';
import { instances, pgAndRedisAvailable } from '../helpers/two-instances.ts';

/**
 * PostgreSQL restarted under two instances: a cluster of the test's own (initdb in /tmp, on a
 * free port), stopped while ballots flow and started again. Ballots during the outage are 503
 * with Retry-After (never 500); once it is back the very next ballot succeeds without restarting
 * any instance, and every acknowledged ballot is stored.
 */
const group = instances();
let cluster: PrivatePostgres | undefined;
let a: RunningServer;
let b: RunningServer;
const phones: Phone[] = [];

const available = (await pgAndRedisAvailable()) && (await privatePostgresAvailable());

describe.runIf(available)('PostgreSQL stopped and started again under two instances', () => {
  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    [a, b] = (await group.start(2, { DATABASE_URL: `${cluster.url}?schema=failover` })) as [
      RunningServer,
      RunningServer,
    ];
  }, 60_000);

  afterAll(async () => {
    for (const p of phones) p.close();
    await group.stop();
    await cluster?.destroy();
  });

  for (const mode of ['fast', 'immediate'] as const) {
    it(`stop -m ${mode}: ballots get 503 + Retry-After, the next one after the restart is stored, none lost`, async () => {
      const db = cluster!;
      const poll = await openPoll(a.url, `PostgreSQL cae (${mode})`);
      const host = new Phone(() => `${b.url}/api/v1/polls/${poll.slug}/events`, {
        'x-host-secret': poll.secret,
      });
      phones.push(host);
      await (await host.connect()).stream.next(summaryWith(0));

      // Phones vote on both instances until the database has been down a while.
      const ballots: ((base: string) => Promise<BallotResult>)[] = [];
      const first: BallotResult[] = [];
      let stopped = false;
      let refusedWhileDown = 0;
      const flow = (async () => {
        for (let n = 0; refusedWhileDown < 10 && n < 1000; n++) {
          const vote = ballot(poll, n);
          ballots.push(vote);
          const result = await vote(n % 2 === 0 ? a.url : b.url);
          first.push(result);
          if (stopped && result.status !== 201) refusedWhileDown++;
        }
      })();
      await expect
        .poll(() => first.filter((r) => r.status === 201).length, { timeout: 10_000 })
        .toBeGreaterThan(10);
      try {
        await db.stop(mode);
        stopped = true;
        await flow;
      } finally {
        await db.start();
      }

      const refused = first.filter((r) => r.status !== 201);
      expect(refused.length).toBeGreaterThanOrEqual(10);
      for (const r of refused) {
        expect(r).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', retryAfter: '2' });
      }

      // No instance restarted: the very next ballot on each is stored.
      const nextOnA = ballot(poll, 0);
      const nextOnB = ballot(poll, 1);
      expect((await nextOnA(a.url)).status).toBe(201);
      expect((await nextOnB(b.url)).status).toBe(201);

      // Every 201 is stored; the refused ones, sent again with their keys as the web app does
      // after Retry-After, are stored once each.
      const acknowledged = first.filter((r) => r.status === 201).length + 2;
      expect(await recount(group.databaseUrl(), poll.slug)).toBeGreaterThanOrEqual(acknowledged);
      const retried = await Promise.all(
        ballots.map((vote, n) => (first[n]!.status === 201 ? first[n]! : vote(a.url))),
      );
      expect(retried.filter((r) => r.status !== 201)).toEqual([]);
      const stored = await recount(group.databaseUrl(), poll.slug);
      expect(stored).toBe(ballots.length + 2);
      // And the instances' figures agree with the database again.
      await host.current.stream.next(summaryWith(stored), 5000);
    }, 40_000);
  }
});
