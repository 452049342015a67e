import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIZ_GRACE_MS } from '../../src/contract/index.ts';
import type { RunningServer } from '../helpers/server-process.ts';
import { serverCall as call, pgAndRedisAvailable, twoInstances } from '../helpers/two-instances.ts';

/**
 * Issue 25: a quiz question reset and started again on the other instance. The first run's
 * timer, armed on A, fires while the second run (started on B) is going: it must close
 * nothing. Two real server processes on one PostgreSQL schema and one Redis channel.
 */
const instances = twoInstances();

let a: RunningServer;
let b: RunningServer;

const sleepUntil = (at: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

describe.runIf(await pgAndRedisAvailable())('a quiz on two instances (PostgreSQL + Redis)', () => {
  beforeAll(async () => {
    [a, b] = await instances.start();
  }, 60_000);

  afterAll(() => instances.stop());

  it("a reset's old timer on A never closes the run started again on B", async () => {
    const LIMIT_S = 10;
    const created = await call(a, 'POST', '/polls', {
      body: { title: 'Concurso en dos', settings: { quiz: true } },
    });
    const { slug, host_secret: secret } = created.body;
    const question = await call(a, 'POST', `/polls/${slug}/questions`, {
      secret,
      body: {
        text: 'Capital de Francia',
        type: 'single',
        timeLimitSeconds: LIMIT_S,
        options: [{ text: 'París', correct: true }, { text: 'Roma' }],
      },
    });
    const q = question.body;
    await call(a, 'PATCH', `/polls/${slug}`, { secret, body: { status: 'open' } });
    const joined = await call(a, 'PUT', `/polls/${slug}/me`, { body: { nickname: 'Ana' } });
    expect(joined.status).toBe(200);
    const cookie = joined.cookie!;

    // Run 1 on A: A arms its timer for the end of this clock.
    const first = await call(a, 'PATCH', `/polls/${slug}`, {
      secret,
      body: { currentQuestionId: q.id },
    });
    const firstEnd = Date.parse(first.body.clock.endsAt);
    expect((await call(a, 'POST', `/polls/${slug}/reset`, { secret })).status).toBe(200);

    // Run 2 on B, well after run 1 started: it ends well after run 1's timer fires.
    await sleepUntil(Date.parse(first.body.clock.startedAt) + 4000);
    const second = await call(b, 'PATCH', `/polls/${slug}`, {
      secret,
      body: { currentQuestionId: q.id },
    });
    expect(second.body.clock).toMatchObject({ questionId: q.id, closedAt: null });
    const secondEnd = Date.parse(second.body.clock.endsAt);
    expect(secondEnd - firstEnd).toBeGreaterThanOrEqual(3500);
    expect(
      (await call(b, 'PUT', `/polls/${slug}/me`, { cookie, body: { nickname: 'Ana' } })).status,
    ).toBe(200);
    // A second player who does not answer: the question waits for its clock.
    const other = await call(b, 'PUT', `/polls/${slug}/me`, { body: { nickname: 'Beto' } });
    expect(other.status).toBe(200);

    // Past the moment run 1's timer fires on A (its end plus the grace).
    await sleepUntil(firstEnd + QUIZ_GRACE_MS + 1500);
    for (const server of [a, b]) {
      const poll = (await call(server, 'GET', `/polls/${slug}`)).body;
      expect(poll.clock).toMatchObject({ startedAt: second.body.clock.startedAt, closedAt: null });
    }
    const answer = await call(b, 'POST', `/polls/${slug}/votes`, {
      cookie,
      body: { answers: [{ questionId: q.id, optionIds: [q.options[0].id] }] },
    });
    expect(answer.status).toBe(201);

    // Run 2 closes at its own end, not before: its answer scored.
    await expect
      .poll(async () => (await call(a, 'GET', `/polls/${slug}`)).body.clock.closedAt, {
        timeout: 15_000,
        interval: 250,
      })
      .not.toBeNull();
    const closedAt = Date.parse((await call(a, 'GET', `/polls/${slug}`)).body.clock.closedAt);
    expect(closedAt).toBeGreaterThanOrEqual(secondEnd + QUIZ_GRACE_MS);
    const me = await call(b, 'GET', `/polls/${slug}/me`, { cookie });
    expect(me.body).toMatchObject({ nickname: 'Ana', rank: 1 });
    expect(me.body.results).toEqual([
      { questionId: q.id, correct: true, points: expect.any(Number) },
    ]);
  }, 45_000);
});
