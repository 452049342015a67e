import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../helpers/server-process.ts';
import { openStream, type SseStream } from '../helpers/sse-client.ts';
import { serverCall as call, pgAndRedisAvailable, twoInstances } from '../helpers/two-instances.ts';

/**
 * Issue 29: a closing quiz question pushes each player its own points and rank on its stream
 * (`player` frame), so a hall of phones does not GET …/me at once. Each player gets its own
 * result and nobody else's; hosts and people without a nickname get none; no `correct` leaves
 * before the close. Real server processes: one on SQLite, then two on PostgreSQL + Redis with
 * the players' streams on different instances.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const players = (stream: SseStream) => stream.events.filter((e) => e.event === 'player');

/** Ana's phone on `a`, Beto's on `b` (the same server for one instance). */
async function closeAndExpectOwnResults(a: RunningServer, b: RunningServer) {
  const created = await call(a, 'POST', '/polls', {
    body: { title: 'Concurso', settings: { quiz: true } },
  });
  const { slug, host_secret: secret } = created.body;
  const q = (
    await call(a, 'POST', `/polls/${slug}/questions`, {
      secret,
      body: {
        text: 'Capital de Francia',
        type: 'single',
        timeLimitSeconds: 60,
        options: [{ text: 'París', correct: true }, { text: 'Roma' }],
      },
    })
  ).body;
  await call(a, 'PATCH', `/polls/${slug}`, { secret, body: { status: 'open' } });
  const ana = (await call(a, 'PUT', `/polls/${slug}/me`, { body: { nickname: 'Ana' } })).cookie!;
  const beto = (await call(b, 'PUT', `/polls/${slug}/me`, { body: { nickname: 'Beto' } })).cookie!;
  // Somebody who opened the page but never took a nickname.
  const watcher = (await call(b, 'GET', `/polls/${slug}/me`)).cookie!;

  const events = (server: RunningServer) => `${server.url}/api/v1/polls/${slug}/events`;
  const anaStream = await openStream(`${events(a)}?as=participant`, { cookie: ana });
  const betoStream = await openStream(`${events(b)}?as=participant`, { cookie: beto });
  const watcherStream = await openStream(`${events(b)}?as=participant`, { cookie: watcher });
  const hostStream = await openStream(events(a), { 'x-host-secret': secret });
  const streams = [anaStream, betoStream, watcherStream, hostStream];
  try {
    for (const s of streams) await s.next((e) => e.event === 'poll');
    await call(a, 'PATCH', `/polls/${slug}`, { secret, body: { currentQuestionId: q.id } });
    for (const [cookie, option] of [
      [ana, q.options[0].id],
      [beto, q.options[1].id],
    ] as const) {
      const vote = await call(b, 'POST', `/polls/${slug}/votes`, {
        cookie,
        body: { answers: [{ questionId: q.id, optionIds: [option] }] },
      });
      expect(vote.status).toBe(201);
    }
    // Every player answered: the question closes by itself. Until then nothing is pushed.
    const closed = await anaStream.next(
      (e) => e.event === 'poll' && JSON.parse(e.data).clock?.closedAt !== null,
      10_000,
    );
    for (const s of streams) {
      for (const e of s.events.filter((f) => f.event === 'poll' && f.at < closed.at)) {
        if (s !== hostStream) expect(e.data).not.toContain('"correct"');
      }
    }

    const anaFrame = await anaStream.next((e) => e.event === 'player', 5000);
    const betoFrame = await betoStream.next((e) => e.event === 'player', 5000);
    expect(JSON.parse(anaFrame.data)).toEqual({
      nickname: 'Ana',
      score: expect.any(Number),
      rank: 1,
      players: 2,
      results: [{ questionId: q.id, correct: true, points: expect.any(Number) }],
      moreTime: false,
    });
    expect(JSON.parse(anaFrame.data).score).toBeGreaterThan(0);
    expect(JSON.parse(betoFrame.data)).toEqual({
      nickname: 'Beto',
      score: 0,
      rank: 2,
      players: 2,
      results: [{ questionId: q.id, correct: false, points: 0 }],
      moreTime: false,
    });
    // The poll frame showing the close comes first, so the phone knows which question it is.
    const anaPoll = anaStream.events.findIndex((e) => e === closed);
    expect(anaStream.events.indexOf(anaFrame)).toBeGreaterThan(anaPoll);

    // The same as GET …/me says (the reload path), on either instance.
    const me = await call(a, 'GET', `/polls/${slug}/me`, { cookie: beto });
    expect(me.body).toMatchObject(JSON.parse(betoFrame.data));

    // Nobody gets anyone else's, nor a second one; no player, no frame.
    await sleep(500);
    expect(players(anaStream)).toHaveLength(1);
    expect(players(betoStream)).toHaveLength(1);
    expect(players(watcherStream)).toHaveLength(0);
    expect(players(hostStream)).toHaveLength(0);
    for (const s of [anaStream, watcherStream, hostStream]) {
      expect(s.events.map((e) => e.data).join('\n')).not.toContain('"nickname":"Beto"');
    }

    // Closing the game: a last frame with the final standing, once.
    await call(a, 'PATCH', `/polls/${slug}`, { secret, body: { status: 'closed' } });
    await betoStream.next((e) => e.event === 'player' && e !== betoFrame, 5000);
    expect(players(betoStream)).toHaveLength(2);
  } finally {
    for (const s of streams) s.close();
  }
}

describe('a closing quiz question on one instance (SQLite)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  }, 30_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it("pushes each player its own result and rank, and nobody else's", async () => {
    await closeAndExpectOwnResults(server, server);
  }, 30_000);
});

describe.runIf(await pgAndRedisAvailable())(
  'a closing quiz question on two instances (PostgreSQL + Redis)',
  () => {
    let a: RunningServer;
    let b: RunningServer;
    const instances = twoInstances();
    beforeAll(async () => {
      [a, b] = await instances.start();
    }, 60_000);
    afterAll(() => instances.stop());

    it('pushes each player its result from the instance that holds its stream', async () => {
      await closeAndExpectOwnResults(a, b);
    }, 30_000);
  },
);
