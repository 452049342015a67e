import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ballot,
  type Connection,
  openPoll,
  Phone,
  recount,
  summaryWith,
  totalOf,
} from '../helpers/failover.ts';
import {
  nginxAvailable,
  type RunningNginx,
  startNginx,
  UPSTREAM_HEADER,
} from '../helpers/nginx.ts';
import type { RunningServer } from '../helpers/server-process.ts';
import { openStream } from '../helpers/sse-client.ts';
import { instances, pgAndRedisAvailable } from '../helpers/two-instances.ts';

/**
 * Three instances on one PostgreSQL and Redis behind an nginx configured as docs/scaling.md
 * says. One is killed (SIGKILL) while phones vote and hold streams through nginx; then it is
 * started again on its port, as a supervisor would, and nginx sends it its share again.
 */
const group = instances();
let servers: RunningServer[];
let nginx: RunningNginx;
const phones: Phone[] = [];

/** How soon a phone whose instance died must be streaming again (issue 29). */
const BACK_WITHIN_MS = 5000;

const available = (await pgAndRedisAvailable()) && (await nginxAvailable());

describe.runIf(available)('one of three instances killed behind nginx', () => {
  beforeAll(async () => {
    servers = await group.start(3);
    nginx = await startNginx(servers.map((s) => s.port));
  }, 60_000);

  afterAll(async () => {
    for (const p of phones) p.close();
    await nginx?.stop();
    await group.stop();
  });

  it('loses no acknowledged ballot, puts every stream back on a live instance with the current counts, and takes the restarted one back', async () => {
    const poll = await openPoll(nginx.url, 'Una instancia cae');
    const eventsUrl = () => `${nginx.url}/api/v1/polls/${poll.slug}/events`;
    // Nine phones on the results page, spread over the three instances by nginx.
    for (let i = 0; i < 9; i++) phones.push(new Phone(eventsUrl));
    const firsts = await Promise.all(phones.map((p) => p.connect()));
    await Promise.all(firsts.map((c) => c.stream.next(summaryWith(0))));
    const upstreams = new Set(firsts.map((c) => c.upstream));
    expect(upstreams.size).toBe(3);
    const victim = servers.find((s) => s.url.endsWith(firsts[0]!.upstream!))!;
    const victimAddress = `127.0.0.1:${victim.port}`;
    const onVictim = phones.filter((p) => p.current.upstream === victimAddress);

    // Each reconnect: the ballots acknowledged before it was asked for, the first summary it
    // brought and, right after that frame, the database's own count.
    const acknowledgedAt: number[] = [];
    const reconnects: Promise<{
      c: Connection;
      before: number;
      first: number;
      at: number;
      stored: number;
    }>[] = [];
    let killedAt = 0;
    for (const phone of onVictim) {
      phone.onReconnect = (c) => {
        const before = acknowledgedAt.filter((at) => at < c.requestedAt).length;
        reconnects.push(
          c.stream
            .next((e) => e.event === 'summary', BACK_WITHIN_MS)
            .then(async (frame) => ({
              c,
              before,
              first: totalOf(frame),
              at: frame.at,
              stored: await recount(group.databaseUrl(), poll.slug),
            })),
        );
      };
    }

    // Ballots through nginx 20 ms apart for 4 s, so they still flow while the phones
    // reconnect; the victim is killed once it has acknowledged five (counted, not timed: the
    // machine may be slow).
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const ballots = Array.from({ length: 200 }, (_, n) => ballot(poll, n));
    let killed: Promise<unknown> | undefined;
    let ackedByVictim = 0;
    const kill = () => {
      if (killed) return;
      killedAt = performance.now();
      killed = victim.stop('SIGKILL');
    };
    const results = await Promise.all(
      ballots.map(async (vote, n) => {
        await sleep(n * 20);
        const result = await vote(nginx.url);
        if (result.status === 201) {
          acknowledgedAt.push(performance.now());
          if (result.upstream === victimAddress && ++ackedByVictim === 5) kill();
        }
        return result;
      }),
    );
    kill();
    await killed;

    // nginx re-sends a ballot cut off by the dying instance (the votes location): every
    // ballot is acknowledged, and every acknowledged one is stored exactly once.
    expect(results.filter((r) => r.status !== 201)).toEqual([]);
    expect(results.some((r) => r.upstream === victimAddress)).toBe(true);
    const stored = await recount(group.databaseUrl(), poll.slug);
    expect(stored).toBe(ballots.length);

    // Every phone of the dead instance is streaming from a live one within 5 s of the kill,
    // and its first summary there is the current count: not older than the ballots
    // acknowledged before it reconnected, not newer than the database right after.
    await expect.poll(() => reconnects.length, { timeout: BACK_WITHIN_MS }).toBe(onVictim.length);
    for (const r of await Promise.all(reconnects)) {
      expect(r.c.upstream).not.toBe(victimAddress);
      expect(r.at - killedAt).toBeLessThan(BACK_WITHIN_MS);
      expect(r.first).toBeGreaterThanOrEqual(r.before);
      expect(r.first).toBeLessThanOrEqual(r.stored);
    }
    // And every phone, moved or not, shows the recount.
    await Promise.all(phones.map((p) => p.current.stream.next(summaryWith(stored), 2000)));

    // Started again on its port: nginx tries it once its fail_timeout (10 s) is over, and from
    // then on it takes its round-robin share.
    const restarted = await group.restart(victim);
    await expect
      .poll(
        async () =>
          (await fetch(`${nginx.url}/api/v1/polls/${poll.slug}/summary`)).headers.get(
            UPSTREAM_HEADER,
          ),
        { timeout: 15_000, interval: 250 },
      )
      .toBe(victimAddress);
    const after = await Promise.all(
      Array.from({ length: 30 }, (_, n) => ballot(poll, n)).map((vote) => vote(nginx.url)),
    );
    expect(after.filter((r) => r.status !== 201)).toEqual([]);
    expect(after.filter((r) => r.upstream === victimAddress).length).toBeGreaterThanOrEqual(5);
    // A stream nginx gives it shows the recount, the others' ballots included.
    const total = await recount(group.databaseUrl(), poll.slug);
    expect(total).toBe(ballots.length + 30);
    for (;;) {
      const s = await openStream(eventsUrl());
      try {
        if (s.headers.get(UPSTREAM_HEADER) !== victimAddress) continue;
        await s.next(summaryWith(total), 2000);
        break;
      } finally {
        s.close();
      }
    }
    expect(restarted.output()).toMatch(/Redis/);
  }, 50_000);
});
