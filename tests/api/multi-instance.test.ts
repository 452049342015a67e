import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTICIPANT_COOKIE } from '../../src/contract/index.ts';
import type { RunningServer } from '../helpers/server-process.ts';
import { TEST_REDIS_URL } from '../helpers/services.ts';
import { openStream, type SseEvent, type SseStream } from '../helpers/sse-client.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';
import { serverCall as call, pgAndRedisAvailable, twoInstances } from '../helpers/two-instances.ts';

/**
 * Two real server processes on one PostgreSQL schema and one Redis channel, as behind a load
 * balancer. B reaches Redis through a proxy the test can cut, so an outage is B's alone and the
 * machine's Redis, which other runs use, is never touched.
 */
const instances = twoInstances();

let a: RunningServer;
let b: RunningServer;
let proxy: TcpProxy;
const streams: SseStream[] = [];

interface OpenPoll {
  slug: string;
  secret: string;
  questionId: number;
  optionIds: number[];
}

async function openPoll(server: RunningServer, title: string): Promise<OpenPoll> {
  const created = await call(server, 'POST', '/polls', { body: { title } });
  expect(created.status).toBe(201);
  const { slug, host_secret: secret } = created.body;
  const question = await call(server, 'POST', `/polls/${slug}/questions`, {
    secret,
    body: { text: '¿Funciona?', type: 'yesno' },
  });
  expect(question.status).toBe(201);
  const opened = await call(server, 'PATCH', `/polls/${slug}`, {
    secret,
    body: { status: 'open' },
  });
  expect(opened.status).toBe(200);
  return {
    slug,
    secret,
    questionId: question.body.id,
    optionIds: question.body.options.map((o: { id: number }) => o.id),
  };
}

/** A ballot from its own participant (a fixed cookie, as a phone keeps) with its own key. */
function ballot(poll: OpenPoll, n: number) {
  const participant = randomBytes(16).toString('base64url');
  const key = randomBytes(12).toString('hex');
  return (server: RunningServer) =>
    call(server, 'POST', `/polls/${poll.slug}/votes`, {
      body: { answers: [{ questionId: poll.questionId, optionIds: [poll.optionIds[n % 2]] }] },
      headers: { cookie: `${PARTICIPANT_COOKIE}=${participant}`, 'idempotency-key': key },
    }).catch(() => ({ status: 0, body: undefined }));
}

async function stream(server: RunningServer, poll: OpenPoll, asHost: boolean) {
  const s = await openStream(
    `${server.url}/api/v1/polls/${poll.slug}/events`,
    asHost ? { 'x-host-secret': poll.secret } : {},
  );
  streams.push(s);
  expect(s.status).toBe(200);
  await s.next((e) => e.event === 'poll');
  return s;
}

const summaryWith = (total: number) => (e: SseEvent) =>
  e.event === 'summary' && JSON.parse(e.data).totalVotes === total;

async function waitForOutput(server: RunningServer, pattern: RegExp, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(server.output())) {
    if (Date.now() > deadline) {
      throw new Error(`no ${pattern} in ${timeoutMs} ms; output:\n${server.output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.runIf(await pgAndRedisAvailable())('two instances on one PostgreSQL and Redis', () => {
  beforeAll(async () => {
    proxy = await startTcpProxy({
      host: new URL(TEST_REDIS_URL).hostname,
      port: Number(new URL(TEST_REDIS_URL).port || 6379),
    });
    // Started together, as a deployment does: both migrate the empty schema at once.
    [a, b] = await instances.start({}, { REDIS_URL: proxy.url('redis') });
    expect(a.output()).toMatch(/Redis/);
  }, 60_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    await instances.stop();
    await proxy?.close();
  });

  it('a vote posted to A reaches a stream client of B within 1 s', async () => {
    const poll = await openPoll(a, 'De A a B');
    const onB = await stream(b, poll, true);
    await onB.next(summaryWith(0));

    const sent = performance.now();
    expect((await ballot(poll, 0)(a)).status).toBe(201);
    const event = await onB.next(summaryWith(1), 1000);
    expect(event.at - sent).toBeLessThan(1000);
  });

  it("a stream opened on B right after A acknowledged ballots starts with them, though A's notice is still on its way", async () => {
    const poll = await openPoll(a, 'Reconexión en B');
    // B holds the poll's summary and streams, as an instance that phones move to does.
    const watcher = await stream(b, poll, true);
    await watcher.next(summaryWith(0));
    let acknowledged = 0;
    for (let round = 0; round < 5; round++) {
      // Two ballots back to back: the second one's notice waits for A's next message
      // (REMOTE_NOTICE_MS), the window in which a phone, told 201, connects to B.
      for (let n = 0; n < 2; n++) {
        expect((await ballot(poll, n)(a)).status).toBe(201);
        acknowledged++;
      }
      const moved = await stream(b, poll, true);
      const first = await moved.next((e) => e.event === 'summary');
      expect(JSON.parse(first.data).totalVotes).toBe(acknowledged);
      moved.close();
    }
  });

  it('a summary B cached without any stream follows the votes posted to A', async () => {
    const poll = await openPoll(a, 'Caché de B');
    const total = async () => {
      const got = await call(b, 'GET', `/polls/${poll.slug}/summary`, { secret: poll.secret });
      expect(got.status).toBe(200);
      return got.body.totalVotes as number;
    };
    // B holds the summary now, and only a notice from A can tell it that it is stale.
    expect(await total()).toBe(0);
    expect((await ballot(poll, 0)(a)).status).toBe(201);
    await expect.poll(total, { timeout: 1500, interval: 50 }).toBe(1);
    expect((await ballot(poll, 1)(a)).status).toBe(201);
    await expect.poll(total, { timeout: 1500, interval: 50 }).toBe(2);
  });

  it('closing the poll on B shows on a participant stream of A', async () => {
    const poll = await openPoll(b, 'Cierre desde B');
    const onA = await stream(a, poll, false);

    const sent = performance.now();
    expect(
      (
        await call(b, 'PATCH', `/polls/${poll.slug}`, {
          secret: poll.secret,
          body: { status: 'closed' },
        })
      ).status,
    ).toBe(200);
    const event = await onA.next(
      (e) => e.event === 'poll' && JSON.parse(e.data).status === 'closed',
      1000,
    );
    expect(event.at - sent).toBeLessThan(1000);
  });

  it('with Redis cut off from B, both keep voting, B streams refresh from the database, and push resumes after', async () => {
    const poll = await openPoll(a, 'Sin Redis en B');
    // A poll B has only cached (a results page polling GET …/summary, no stream).
    const polled = await openPoll(a, 'Sólo consultada');
    const summaryOnB = async (p: OpenPoll) =>
      (await call(b, 'GET', `/polls/${p.slug}/summary`, { secret: p.secret })).body.totalVotes;
    expect(await summaryOnB(polled)).toBe(0);
    const onB = await stream(b, poll, true);
    const onA = await stream(a, poll, true);
    await onB.next(summaryWith(0));

    await proxy.cut();
    await waitForOutput(b, /Redis .* unavailable/, 5000);
    // Past the guard's refresh at the cut itself, so what follows is its periodic one.
    await new Promise((r) => setTimeout(r, 500));
    // Votes on A only: B hears nothing of them but what its staleness guard reads (every 2 s).
    const onAOnly = await Promise.all([0, 1, 2].map((n) => ballot(poll, n)(a)));
    expect(onAOnly.map((r) => r.status)).toEqual([201, 201, 201]);
    const sent = performance.now();
    const refreshed = await onB.next(summaryWith(3), 3500);
    expect(refreshed.at - sent).toBeLessThan(2500);
    expect(await summaryOnB(poll)).toBe(3);
    expect((await ballot(polled, 0)(a)).status).toBe(201);
    await expect.poll(() => summaryOnB(polled), { timeout: 2500, interval: 100 }).toBe(1);
    // B still takes votes; A, which Redis still reaches, cannot hear of them yet.
    const onBOnly = await Promise.all([3, 4].map((n) => ballot(poll, n)(b)));
    expect(onBOnly.map((r) => r.status)).toEqual([201, 201]);
    await onB.next(summaryWith(5), 1000);

    await proxy.restore();
    await waitForOutput(b, /Redis .* back after/, 10_000);
    // B re-sends the polls it changed while cut off: A's stream catches up on B's two votes.
    await onA.next(summaryWith(5), 2000);
    // And push between instances is back: a vote on A reaches B at once again.
    const again = performance.now();
    expect((await ballot(poll, 5)(a)).status).toBe(201);
    const pushed = await onB.next(summaryWith(6), 1000);
    expect(pushed.at - again).toBeLessThan(1000);
  }, 30_000);

  it('SIGKILL of A leaves B serving, and no acknowledged vote is missing', async () => {
    const poll = await openPoll(a, 'A cae');
    const onA = await stream(a, poll, true);
    const onB = await stream(b, poll, true);
    const ballots = Array.from({ length: 200 }, (_, n) => ballot(poll, n));

    // A steady flow of votes over both instances; A is killed in the middle of it, once it has
    // acknowledged a few (the machine may be slow: the moment is counted, not timed).
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    let ackedOnA = 0;
    let killed: Promise<unknown> | undefined;
    const kill = () => {
      killed ??= a.stop('SIGKILL');
    };
    const pending = ballots.map(async (vote, n) => {
      await sleep(n * 3);
      const onA = n % 2 === 0;
      const result = await vote(onA ? a : b);
      if (onA && result.status === 201 && ++ackedOnA === 5) kill();
      return result;
    });
    await sleep(ballots.length * 3);
    kill();
    const results = await Promise.all(pending);
    await killed;
    const acknowledged = results.filter((r) => r.status === 201).length;
    const lostOnA = results.filter((r, n) => n % 2 === 0 && r.status !== 201).length;
    expect(ackedOnA).toBeGreaterThan(0);
    expect(lostOnA).toBeGreaterThan(0);
    expect(results.filter((_, n) => n % 2 === 1).every((r) => r.status === 201)).toBe(true);
    await onA.ended;
    // Every 201 is in the database B reads (some ballots A stored may have died unanswered).
    const before = await call(b, 'GET', `/polls/${poll.slug}/summary`, { secret: poll.secret });
    expect(before.body.totalVotes).toBeGreaterThanOrEqual(acknowledged);

    // Like the web client, every unanswered ballot is retried (same key, same cookie), now on B;
    // a ballot A stored before dying is replayed, not counted twice.
    const retried = await Promise.all(
      ballots.map((vote, n) => (results[n]!.status === 201 ? results[n]! : vote(b))),
    );
    expect(retried.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);

    const summary = await call(b, 'GET', `/polls/${poll.slug}/summary`, { secret: poll.secret });
    expect(summary.status).toBe(200);
    expect(summary.body.totalVotes).toBe(200);
    await onB.next(summaryWith(200), 1000);

    // A's stream client reconnects to B and gets the current state at once.
    const lastId = onA.events.at(-1)?.id;
    const reconnected = await openStream(`${b.url}/api/v1/polls/${poll.slug}/events`, {
      'x-host-secret': poll.secret,
      ...(lastId && { 'last-event-id': lastId }),
    });
    streams.push(reconnected);
    const current = await reconnected.next(summaryWith(200), 1000);
    expect(Number(current.id)).toBeGreaterThan(Number(lastId ?? 0));
    expect((await ballot(poll, 200)(b)).status).toBe(201);
  }, 30_000);
});
