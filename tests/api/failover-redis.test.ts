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
  type PrivateRedis,
  privateRedisAvailable,
  startPrivateRedis,
} from '../helpers/private-services.ts';
import type { RunningServer } from '../helpers/server-process.ts';
import { instances, pgAndRedisAvailable } from '../helpers/two-instances.ts';

/**
 * Redis restarted under two instances: a redis-server of the test's own on a free port (the
 * machine's shared one is never touched) is killed while streams are open and ballots flow, and
 * started again on the same port. Nothing is lost, and live push between instances resumes.
 */
const group = instances();
let redis: (PrivateRedis & { stop(): Promise<void> }) | undefined;
let a: RunningServer;
let b: RunningServer;
const phones: Phone[] = [];

const available = (await pgAndRedisAvailable()) && (await privateRedisAvailable());

async function waitForOutput(server: RunningServer, pattern: RegExp, timeoutMs: number) {
  await expect
    .poll(() => pattern.test(server.output()), { timeout: timeoutMs, interval: 50 })
    .toBe(true);
}

describe.runIf(available)('Redis killed and started again under two instances', () => {
  beforeAll(async () => {
    redis = await startPrivateRedis();
    [a, b] = (await group.start(2, { REDIS_URL: redis.url })) as [RunningServer, RunningServer];
  }, 60_000);

  afterAll(async () => {
    for (const p of phones) p.close();
    await group.stop();
    await redis?.stop();
  });

  it('keeps every ballot, and a vote after the restart reaches the other instance’s stream at once', async () => {
    const r = redis!;
    const poll = await openPoll(a.url, 'Redis cae');
    const onA = new Phone(() => `${a.url}/api/v1/polls/${poll.slug}/events`);
    const onB = new Phone(() => `${b.url}/api/v1/polls/${poll.slug}/events`);
    phones.push(onA, onB);
    await Promise.all([onA, onB].map(async (p) => (await p.connect()).stream.next(summaryWith(0))));

    // Ballots flow over both instances, one at a time, all through the outage.
    const ballots: ((base: string) => Promise<BallotResult>)[] = [];
    const results: BallotResult[] = [];
    let flowing = true;
    const flow = (async () => {
      for (let n = 0; flowing; n++) {
        const vote = ballot(poll, n);
        ballots.push(vote);
        results.push(await vote(n % 2 === 0 ? a.url : b.url));
      }
    })();
    /** Waits for ten more ballots answered (counted, not timed: the machine may be slow). */
    const tenMore = async () => {
      const from = results.length;
      await expect.poll(() => results.length, { timeout: 10_000 }).toBeGreaterThan(from + 10);
    };
    await tenMore();

    await r.kill();
    await waitForOutput(a, /Redis .* unavailable/, 5000);
    await waitForOutput(b, /Redis .* unavailable/, 5000);
    await tenMore();
    await r.start();
    await waitForOutput(a, /Redis .* back after/, 10_000);
    await waitForOutput(b, /Redis .* back after/, 10_000);
    await tenMore();
    flowing = false;
    await flow;

    // Voting never stopped: every ballot, before, during and after the outage, is acknowledged
    // and stored, and both instances' streams come to the recount.
    expect(results.filter((x) => x.status !== 201)).toEqual([]);
    const stored = await recount(group.databaseUrl(), poll.slug);
    expect(stored).toBe(ballots.length);
    await onA.current.stream.next(summaryWith(stored), 3000);
    await onB.current.stream.next(summaryWith(stored), 3000);
    // The streams stayed open through the outage (no reconnect was needed).
    expect(onA.connections.length + onB.connections.length).toBe(2);

    // Push is back: a ballot on A reaches B's stream within a second (the staleness guard's
    // refresh, every 2 s, could not do that reliably).
    const sent = performance.now();
    expect((await ballot(poll, 0)(a.url)).status).toBe(201);
    const pushed = await onB.current.stream.next(summaryWith(stored + 1), 1000);
    expect(pushed.at - sent).toBeLessThan(1000);
    expect(await recount(group.databaseUrl(), poll.slug)).toBe(stored + 1);
  }, 40_000);
});
