import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playersApp } from '../helpers/players-app.ts';
import { openStream } from '../helpers/sse-client.ts';

/**
 * Homework (issue 27) over real HTTP on a real SQLite file: the window enforced by the server
 * (no presenter, a restart, a timer), the self-paced quiz's per-player clocks, its scoring, no
 * leaderboard, result or `correct` before the deadline on any route, the host's progress and
 * 'Más tiempo' in both kinds of quiz. The server's clock is moved with a fake Date (timers and
 * sockets stay real): nothing sleeps but the one timer check.
 */

const server = playersApp('sondeo-homework-');
const { call, cookieOf } = server;

beforeEach(() => {
  vi.useRealTimers();
  realStart = Date.now();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The server's (and this file's) Date, `seconds` from the real now; timers stay real. */
let realStart = Date.now();
function clockAt(seconds: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(realStart + seconds * 1000));
}
const iso = (seconds: number) => new Date(realStart + seconds * 1000).toISOString();

/** An open homework: results public (so a leak would show), three single questions (the
 *  second option right), 20 s each. */
async function homework(settings: Record<string, unknown>) {
  const created = await call('POST', '/polls', {
    title: 'Tarea de geografía',
    settings: { resultsPublic: true, ...settings },
  });
  expect(created.status).toBe(201);
  const { slug, host_secret: secret } = created.body;
  const host = { secret };
  const questions = [];
  for (const text of ['Capital de Francia', 'Capital de Italia', 'Capital de Perú']) {
    const q = await call(
      'POST',
      `/polls/${slug}/questions`,
      {
        text,
        type: 'single',
        timeLimitSeconds: 20,
        options: [{ text: 'Uno' }, { text: 'Dos', correct: true }, { text: 'Tres' }],
      },
      host,
    );
    questions.push(q.body as { id: number; options: { id: number }[] });
  }
  await call('PATCH', `/polls/${slug}`, { status: 'open' }, host);
  return { slug, host, questions };
}
const enter = (slug: string, player: string) =>
  call('PUT', `/polls/${slug}/me`, { nickname: player }, { player });
const next = (slug: string, player: string) =>
  call('POST', `/polls/${slug}/me/next`, undefined, { player });
const answer = (slug: string, player: string, questionId: number, optionId: number) =>
  call(
    'POST',
    `/polls/${slug}/votes`,
    { answers: [{ questionId, optionIds: [optionId] }] },
    { player },
  );

describe('the window', () => {
  it('refuses bad, inverted and past times with a Spanish 400', async () => {
    const bad = await call('POST', '/polls', { title: 'X', settings: { closesAt: 'mañana' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    const inverted = await call('POST', '/polls', {
      title: 'X',
      settings: { opensAt: iso(3600), closesAt: iso(60) },
    });
    expect(inverted.status).toBe(400);
    expect(inverted.body.message).toBe('El cierre de la tarea debe ser posterior a su apertura');
    const past = await call('POST', '/polls', { title: 'X', settings: { closesAt: iso(-60) } });
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/ya ha pasado/);
    const ok = await call('POST', '/polls', {
      title: 'X',
      settings: { opensAt: '2099-01-01T09:00:00+01:00' },
    });
    expect(ok.body.settings).toMatchObject({ opensAt: '2099-01-01T08:00:00.000Z', closesAt: null });
  });

  it('refuses votes before opensAt with 409 POLL_NOT_OPEN_YET, and takes them after', async () => {
    const h = await homework({ opensAt: iso(600) });
    const poll = await call('GET', `/polls/${h.slug}`);
    expect(poll.body.settings.opensAt).toBe(iso(600));
    const early = await call('POST', `/polls/${h.slug}/votes`, {
      answers: [{ questionId: h.questions[0]!.id, optionIds: [h.questions[0]!.options[0]!.id] }],
    });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      code: 'POLL_NOT_OPEN_YET',
      message: 'La tarea aún no ha empezado',
    });
    clockAt(601);
    const onTime = await call(
      'POST',
      `/polls/${h.slug}/votes`,
      {
        answers: [{ questionId: h.questions[0]!.id, optionIds: [h.questions[0]!.options[0]!.id] }],
      },
      { player: 'w1' },
    );
    expect(onTime.status).toBe(201);
  });

  it('the server closes the poll at closesAt: on the next read, after a restart, and by its timer', async () => {
    const h = await homework({ closesAt: iso(3600) });
    clockAt(3601);
    // No presenter, no host: the first read finds it due and closes it.
    const read = await call('GET', `/polls/${h.slug}`);
    expect(read.body.status).toBe('closed');
    const late = await call('POST', `/polls/${h.slug}/votes`, {
      answers: [{ questionId: h.questions[0]!.id, optionIds: [h.questions[0]!.options[0]!.id] }],
    });
    expect(late.body.code).toBe('POLL_NOT_OPEN');
    vi.useRealTimers();

    // A restart: another instance on the same database closes what came due while it was away.
    realStart = Date.now();
    const h2 = await homework({ closesAt: iso(3600) });
    await server.app.close();
    clockAt(4000);
    // Its timers are armed as it starts: the poll closes with no request at all.
    await server.start();
    await new Promise((r) => setTimeout(r, 100));
    expect((await server.store.getPollBySlug(h2.slug))?.status).toBe('closed');
    vi.useRealTimers();

    // Its timer: nobody reads the poll, and it closes at its deadline all the same.
    realStart = Date.now();
    const h3 = await homework({});
    await call(
      'PATCH',
      `/polls/${h3.slug}`,
      { settings: { closesAt: new Date(Date.now() + 700).toISOString() } },
      h3.host,
    );
    await new Promise((r) => setTimeout(r, 1200));
    const raw = await server.store.getPollBySlug(h3.slug);
    expect(raw?.status).toBe('closed');
  });
});

describe('a self-paced quiz', () => {
  it('opens each question per player, keeps its clock across reloads, and moves on when answered or out of time', async () => {
    const h = await homework({ quiz: true, closesAt: iso(7200) });
    const [q1, q2, q3] = h.questions;
    clockAt(10);
    expect((await next(h.slug, 'ana')).body.code).toBe('NICKNAME_REQUIRED');
    await enter(h.slug, 'ana');
    const first = await next(h.slug, 'ana');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      questionId: q1!.id,
      clock: { startedAt: iso(10), endsAt: iso(30) },
      position: 1,
      questions: 3,
    });
    expect(first.body.question.text).toBe('Capital de Francia');
    expect(first.text).not.toContain('"correct"');
    // A reload 8 s later: the same question, the clock still running from its start.
    clockAt(18);
    expect((await next(h.slug, 'ana')).body.clock).toEqual({ startedAt: iso(10), endsAt: iso(30) });
    const me = await call('GET', `/polls/${h.slug}/me`, undefined, { player: 'ana' });
    expect(me.body.clock).toEqual({ questionId: q1!.id, startedAt: iso(10), endsAt: iso(30) });
    // Only the open question is answered.
    expect((await answer(h.slug, 'ana', q2!.id, q2!.options[1]!.id)).body.code).toBe(
      'QUESTION_CLOSED',
    );
    expect((await answer(h.slug, 'ana', q1!.id, q1!.options[1]!.id)).status).toBe(201);
    expect((await answer(h.slug, 'ana', q1!.id, q1!.options[0]!.id)).status).toBe(409);
    const second = await next(h.slug, 'ana');
    expect(second.body).toMatchObject({
      questionId: q2!.id,
      position: 2,
      clock: { startedAt: iso(18) },
    });
    // Out of time (limit plus the grace): refused, and the next one opens.
    clockAt(18 + 22);
    expect((await answer(h.slug, 'ana', q2!.id, q2!.options[1]!.id)).body.code).toBe(
      'QUESTION_CLOSED',
    );
    expect(
      (await call('GET', `/polls/${h.slug}/me`, undefined, { player: 'ana' })).body.clock,
    ).toBeNull();
    expect((await next(h.slug, 'ana')).body.questionId).toBe(q3!.id);
    clockAt(41);
    expect((await answer(h.slug, 'ana', q3!.id, q3!.options[0]!.id)).status).toBe(201);
    expect((await next(h.slug, 'ana')).body).toMatchObject({
      questionId: null,
      clock: null,
      question: null,
    });

    // Another player runs on its own clock, from the start.
    await enter(h.slug, 'leo');
    expect((await next(h.slug, 'leo')).body).toMatchObject({
      questionId: q1!.id,
      clock: { startedAt: iso(41) },
    });

    // The host's panel: who finished, and the average so far.
    const progress = await call('GET', `/polls/${h.slug}/homework`, undefined, h.host);
    expect(progress.body).toMatchObject({ questions: 3, finished: 1, averageScore: 1000 });
    expect(progress.body.players).toEqual([
      { nickname: 'ana', moreTime: false, answered: 2, missed: 1, finished: true, score: 1000 },
      { nickname: 'leo', moreTime: false, answered: 0, missed: 0, finished: false, score: 0 },
    ]);
    expect((await call('GET', `/polls/${h.slug}/homework`)).status).toBe(401);
  });

  it('shows no leaderboard, result or correct answer before closesAt on any route, and all of them after', async () => {
    const h = await homework({ quiz: true, closesAt: iso(3600) });
    const [q1] = h.questions;
    clockAt(5);
    await enter(h.slug, 'eva');
    await next(h.slug, 'eva');
    await answer(h.slug, 'eva', q1!.id, q1!.options[1]!.id);
    const routes = async (who: { secret?: string; player?: string }) => [
      await call('GET', `/polls/${h.slug}/leaderboard`, undefined, who),
      await call('GET', `/polls/${h.slug}/me`, undefined, who),
      await call('GET', `/polls/${h.slug}`, undefined, { player: who.player }),
      await call('GET', `/polls/${h.slug}/summary`, undefined, { player: who.player }),
      await call('POST', `/polls/${h.slug}/me/next`, undefined, who),
    ];
    for (const res of await routes({ player: 'eva' })) {
      expect(res.text).not.toContain('"correct":true');
      expect(res.text).not.toContain('1000');
    }
    // The streams: a phone's and the public results page's.
    const phone = await openStream(`${server.base}/polls/${h.slug}/events?as=participant`, {
      cookie: cookieOf('eva'),
    });
    const results = await openStream(`${server.base}/polls/${h.slug}/events`);
    await phone.next((e) => e.event === 'poll');
    await results.next((e) => e.event === 'summary');
    const streamed = [...phone.events, ...results.events].map((e) => e.data).join('\n');
    phone.close();
    results.close();
    expect(streamed).not.toContain('"correct":true');
    expect(streamed).not.toContain('1000');
    const board = await call('GET', `/polls/${h.slug}/leaderboard`, undefined, h.host);
    expect(board.body.entries).toEqual([]);
    const me = await call('GET', `/polls/${h.slug}/me`, undefined, { player: 'eva' });
    expect(me.body).toMatchObject({ score: 0, rank: null, results: [] });

    clockAt(3601);
    const after = await call('GET', `/polls/${h.slug}/leaderboard`);
    expect(after.body.entries).toEqual([
      { rank: 1, nickname: 'eva', score: 1000, correct: 1, previousRank: expect.anything() },
    ]);
    const mine = await call('GET', `/polls/${h.slug}/me`, undefined, { player: 'eva' });
    expect(mine.body).toMatchObject({ score: 1000, rank: 1 });
    expect(mine.body.results).toContainEqual({ questionId: q1!.id, correct: true, points: 1000 });
    const view = await call('GET', `/polls/${h.slug}`);
    expect(view.body.status).toBe('closed');
    expect(view.body.questions[0].options[1].correct).toBe(true);
  });

  it('closed by the host before its deadline, it ends as at the deadline: standings shown', async () => {
    const h = await homework({ quiz: true, closesAt: iso(3600) });
    const [q1] = h.questions;
    await enter(h.slug, 'ona');
    await next(h.slug, 'ona');
    await answer(h.slug, 'ona', q1!.id, q1!.options[1]!.id);
    expect((await call('GET', `/polls/${h.slug}/leaderboard`)).body.entries).toEqual([]);
    await call('PATCH', `/polls/${h.slug}`, { status: 'closed' }, h.host);
    const board = await call('GET', `/polls/${h.slug}/leaderboard`);
    expect(board.body.entries).toMatchObject([{ nickname: 'ona', score: 1000, correct: 1 }]);
  });

  it("scores correctness only, unless 'Puntos por rapidez' is on", async () => {
    for (const speedPoints of [false, true]) {
      const h = await homework({ quiz: true, closesAt: iso(3600), speedPoints });
      const [q1] = h.questions;
      clockAt(0);
      await enter(h.slug, 'sol');
      await next(h.slug, 'sol');
      clockAt(10);
      await answer(h.slug, 'sol', q1!.id, q1!.options[1]!.id);
      const progress = await call('GET', `/polls/${h.slug}/homework`, undefined, h.host);
      // Half the limit gone: 1000 × (1 − 10 / 40) with speed points.
      expect(progress.body.players[0].score).toBe(speedPoints ? 750 : 1000);
    }
  });

  it("'Más tiempo' doubles the player's clocks, the running one included", async () => {
    const h = await homework({ quiz: true, closesAt: iso(3600) });
    clockAt(0);
    await enter(h.slug, 'ian');
    await next(h.slug, 'ian');
    const missing = await call(
      'PUT',
      `/polls/${h.slug}/players/nadie/more-time`,
      { moreTime: true },
      h.host,
    );
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('PLAYER_NOT_FOUND');
    expect(
      (await call('PUT', `/polls/${h.slug}/players/ian/more-time`, { moreTime: true })).status,
    ).toBe(401);
    const given = await call(
      'PUT',
      `/polls/${h.slug}/players/ian/more-time`,
      { moreTime: true },
      h.host,
    );
    expect(given.body).toEqual({ nickname: 'ian', moreTime: true });
    expect((await next(h.slug, 'ian')).body.clock).toEqual({ startedAt: iso(0), endsAt: iso(40) });
    clockAt(35);
    expect(
      (await answer(h.slug, 'ian', h.questions[0]!.id, h.questions[0]!.options[1]!.id)).status,
    ).toBe(201);
    expect((await next(h.slug, 'ian')).body.clock).toEqual({ startedAt: iso(35), endsAt: iso(75) });
  });
});

describe("'Más tiempo' in a live quiz", () => {
  it("takes the named player's answer until twice the limit, and nobody else's", async () => {
    const h = await homework({ quiz: true });
    const [q1] = h.questions;
    clockAt(0);
    await enter(h.slug, 'ada');
    await enter(h.slug, 'bea');
    await call('PUT', `/polls/${h.slug}/players/ada/more-time`, { moreTime: true }, h.host);
    await call('PATCH', `/polls/${h.slug}`, { currentQuestionId: q1!.id }, h.host);
    clockAt(30);
    expect((await answer(h.slug, 'bea', q1!.id, q1!.options[1]!.id)).body.code).toBe(
      'QUESTION_CLOSED',
    );
    // A read past the end waits for ada instead of closing the question.
    expect((await call('GET', `/polls/${h.slug}`)).body.clock.closedAt).toBeNull();
    expect((await answer(h.slug, 'ada', q1!.id, q1!.options[1]!.id)).status).toBe(201);
  });

  /** The poll's clock once its close (not awaited by the read that caused it) landed. */
  async function closedAtOf(slug: string): Promise<string | null> {
    for (let i = 0; i < 50; i++) {
      const closedAt = (await call('GET', `/polls/${slug}`)).body.clock.closedAt;
      if (closedAt) return closedAt;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return null;
  }

  it('waits for no player with it who answered already: the room closes at the normal end', async () => {
    const h = await homework({ quiz: true });
    const [q1] = h.questions;
    clockAt(0);
    await enter(h.slug, 'eli');
    await enter(h.slug, 'fer');
    await call('PUT', `/polls/${h.slug}/players/eli/more-time`, { moreTime: true }, h.host);
    await call('PATCH', `/polls/${h.slug}`, { currentQuestionId: q1!.id }, h.host);
    clockAt(3);
    expect((await answer(h.slug, 'eli', q1!.id, q1!.options[1]!.id)).status).toBe(201);
    clockAt(30);
    expect(await closedAtOf(h.slug)).not.toBeNull();
  });

  it('ends the extra time when the last player with it answers', async () => {
    const h = await homework({ quiz: true });
    const [q1] = h.questions;
    clockAt(0);
    await enter(h.slug, 'gil');
    await enter(h.slug, 'hugo');
    await enter(h.slug, 'inés');
    for (const name of ['gil', 'hugo']) {
      await call('PUT', `/polls/${h.slug}/players/${name}/more-time`, { moreTime: true }, h.host);
    }
    await call('PATCH', `/polls/${h.slug}`, { currentQuestionId: q1!.id }, h.host);
    clockAt(30);
    // Past the end: the read arms the wait for the doubled end instead of closing.
    expect((await call('GET', `/polls/${h.slug}`)).body.clock.closedAt).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    clockAt(31);
    expect((await answer(h.slug, 'gil', q1!.id, q1!.options[1]!.id)).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Hugo may still answer: still open.
    expect((await call('GET', `/polls/${h.slug}`)).body.clock.closedAt).toBeNull();
    clockAt(32);
    expect((await answer(h.slug, 'hugo', q1!.id, q1!.options[0]!.id)).status).toBe(201);
    expect(await closedAtOf(h.slug)).not.toBeNull();
  });

  it("tells the player its own 'Más tiempo' on GET …/me and in its `player` frame", async () => {
    const h = await homework({ quiz: true });
    const [q1] = h.questions;
    clockAt(0);
    await enter(h.slug, 'cai');
    await enter(h.slug, 'dan');
    const me = async (name: string) =>
      (await call('GET', `/polls/${h.slug}/me`, undefined, { player: name })).body;
    expect((await me('cai')).moreTime).toBe(false);
    await call('PUT', `/polls/${h.slug}/players/cai/more-time`, { moreTime: true }, h.host);
    expect((await me('cai')).moreTime).toBe(true);
    expect((await me('dan')).moreTime).toBe(false);
    // Not a player (no nickname): false, like a poll that is not a quiz.
    expect((await me('nobody')).moreTime).toBe(false);
    const phone = await openStream(`${server.base}/polls/${h.slug}/events?as=participant`, {
      cookie: cookieOf('cai'),
    });
    await phone.next((e) => e.event === 'poll');
    await call('PATCH', `/polls/${h.slug}`, { currentQuestionId: q1!.id }, h.host);
    await call('POST', `/polls/${h.slug}/questions/${q1!.id}/close`, undefined, h.host);
    const frame = await phone.next((e) => e.event === 'player');
    expect(JSON.parse(frame.data)).toMatchObject({ nickname: 'cai', moreTime: true });
    phone.close();
    await call('PUT', `/polls/${h.slug}/players/cai/more-time`, { moreTime: false }, h.host);
    expect((await me('cai')).moreTime).toBe(false);
  });
});
