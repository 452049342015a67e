import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playersApp } from '../helpers/players-app.ts';
import { openStream } from '../helpers/sse-client.ts';
import { streamsClosedAfterAll } from './api-client.ts';

/**
 * A quiz played again (issue 24) and its players in the host's hand (issue 25), over real HTTP
 * on a real SQLite file: a reset or a reopen starts the game afresh, no participant surface
 * reads a question before it starts, and the host renames or removes a player.
 */

/** dist/ built: the server renders /p/ and /r/ (else those pages are the client's shell). */
const built = existsSync(join(import.meta.dirname, '../../dist/server/entry-server.js'));
const server = playersApp('sondeo-quiz-replay-', built ? { webDir: undefined } : {});
const { call, cookieOf } = server;
const streams = streamsClosedAfterAll();

type Q = { id: number; options: { id: number; text: string }[] };

/** An open quiz with public results (leaks would show) and two single-choice questions whose
 *  texts and options are words that appear nowhere else. */
async function quiz(timeLimitSeconds: number | null = 60) {
  const created = await call('POST', '/polls', {
    title: 'Concurso de repaso',
    settings: { quiz: true, resultsPublic: true },
  });
  const { slug, host_secret: secret } = created.body;
  const host = { secret };
  const ask = async (text: string, options: string[]) =>
    (
      await call(
        'POST',
        `/polls/${slug}/questions`,
        {
          text,
          type: 'single',
          timeLimitSeconds,
          options: options.map((o, i) => ({ text: o, correct: i === 0 })),
        },
        host,
      )
    ).body as Q;
  const first = await ask('Zumbafrita primera', ['Aciertoalfa', 'Fallobeta']);
  const second = await ask('Quimeranza segunda', ['Ocultogamma', 'Secretodelta']);
  await call('PATCH', `/polls/${slug}`, { status: 'open' }, host);
  return { slug, host, joinCode: created.body.joinCode as string, first, second };
}
type Quiz = Awaited<ReturnType<typeof quiz>>;

const enter = (slug: string, player: string, nickname = player) =>
  call('PUT', `/polls/${slug}/me`, { nickname }, { player });
const answer = (slug: string, player: string, question: Q, index = 0) =>
  call(
    'POST',
    `/polls/${slug}/votes`,
    { answers: [{ questionId: question.id, optionIds: [question.options[index]!.id] }] },
    { player },
  );
const show = (q: Quiz, questionId: number | null) =>
  call('PATCH', `/polls/${q.slug}`, { currentQuestionId: questionId }, q.host);
const close = (q: Quiz, questionId: number) =>
  call('POST', `/polls/${q.slug}/questions/${questionId}/close`, undefined, q.host);
const reset = (q: Quiz) => call('POST', `/polls/${q.slug}/reset`, undefined, q.host);
const me = (q: Quiz, player: string) => call('GET', `/polls/${q.slug}/me`, undefined, { player });
const board = (q: Quiz) => call('GET', `/polls/${q.slug}/leaderboard`, undefined, q.host);

/** Ana and Beto play the first question (Ana right), then the host moves to the second. */
async function playedOnce(q: Quiz) {
  expect((await enter(q.slug, `${q.slug}-ana`, 'Ana')).status).toBe(200);
  expect((await enter(q.slug, `${q.slug}-beto`, 'Beto')).status).toBe(200);
  await show(q, q.first.id);
  expect((await answer(q.slug, `${q.slug}-ana`, q.first, 0)).status).toBe(201);
  expect((await answer(q.slug, `${q.slug}-beto`, q.first, 1)).status).toBe(201);
  await expect.poll(async () => (await board(q)).body.entries[0]?.score).toBeGreaterThan(0);
  await show(q, q.second.id);
}

/** After a reset or a reopen: nobody plays, nothing is current, and the game runs again with
 *  new players under the old nicknames. */
async function expectFreshGame(q: Quiz) {
  const poll = (await call('GET', `/polls/${q.slug}`)).body;
  expect(poll.currentQuestionId).toBeNull();
  expect(poll.clock).toBeNull();
  expect((await board(q)).body).toEqual({ entries: [], players: 0 });
  const old = await me(q, `${q.slug}-ana`);
  expect(old.body).toMatchObject({ nickname: null, score: 0, rank: null, players: 0 });
  expect(old.body.results).toEqual([]);
  expect(old.body.answeredQuestionIds).toEqual([]);

  // A new phone takes the old nickname; the first question runs again, scored afresh.
  expect((await enter(q.slug, `${q.slug}-new`, 'Ana')).status).toBe(200);
  expect((await enter(q.slug, `${q.slug}-ana`, 'Beto')).status).toBe(200);
  const shown = await show(q, q.first.id);
  expect(shown.body.clock).toMatchObject({ questionId: q.first.id, closedAt: null });
  expect((await answer(q.slug, `${q.slug}-new`, q.first, 0)).status).toBe(201);
  expect((await answer(q.slug, `${q.slug}-ana`, q.first, 0)).status).toBe(201);
  await expect.poll(async () => (await board(q)).body.players).toBe(2);
  await expect
    .poll(async () => (await call('GET', `/polls/${q.slug}`)).body.clock.closedAt)
    .not.toBeNull();
  const after = (await board(q)).body;
  expect(after.entries.map((e: { nickname: string }) => e.nickname).sort()).toEqual([
    'Ana',
    'Beto',
  ]);
  for (const e of after.entries) {
    expect(e.correct).toBe(1);
    expect(e.previousRank).toBeNull();
  }
}

describe('a quiz played again (issue 24)', () => {
  it("'Resetear votos' starts the game afresh: no players, scores, clocks nor current question", async () => {
    const q = await quiz();
    await playedOnce(q);
    expect((await reset(q)).status).toBe(200);
    await expectFreshGame(q);
  });

  it('a question whose timer ran out before anyone joined runs again after a reset with no votes', async () => {
    const q = await quiz(5);
    await show(q, q.first.id);
    // Ran out long ago (written to the store as if → was pressed before anyone joined).
    await server.store.closeQuestion(q.first.id, new Date(), () => ({ points: 0, correct: false }));
    const before = (await call('GET', `/polls/${q.slug}`)).body;
    expect(before.clock.closedAt).not.toBeNull();
    const done = await reset(q);
    expect(done.status).toBe(200);
    expect(done.body.deletedVotes).toBe(0);
    const shown = await show(q, q.first.id);
    expect(shown.body.clock).toMatchObject({ questionId: q.first.id, closedAt: null });
    expect((await enter(q.slug, `${q.slug}-late`, 'Tarde')).status).toBe(200);
    expect((await answer(q.slug, `${q.slug}-late`, q.first)).status).toBe(201);
  });

  it('a reopened quiz is a new game too', async () => {
    const q = await quiz();
    await playedOnce(q);
    await call('PATCH', `/polls/${q.slug}`, { status: 'closed' }, q.host);
    const reopened = await call('PATCH', `/polls/${q.slug}`, { status: 'open' }, q.host);
    expect(reopened.status).toBe(200);
    expect(reopened.body.resetCount).toBe(1);
    await expectFreshGame(q);
  });

  it("turning 'Concurso' off and on after a reset leaves the game ready to run", async () => {
    const q = await quiz();
    await playedOnce(q);
    await call('PATCH', `/polls/${q.slug}`, { settings: { quiz: false } }, q.host);
    await reset(q);
    await call('PATCH', `/polls/${q.slug}`, { settings: { quiz: true } }, q.host);
    await expectFreshGame(q);
  });

  it('phones on the stream hear of the reset (a new resetCount), the host keeps every question', async () => {
    const q = await quiz();
    await playedOnce(q);
    const phone = await openStream(`${server.base}/polls/${q.slug}/events?as=participant`, {
      cookie: cookieOf(`${q.slug}-ana`),
    });
    streams.push(phone);
    await phone.next((e) => e.event === 'poll');
    await reset(q);
    const frame = await phone.next(
      (e) => e.event === 'poll' && JSON.parse(e.data).resetCount === 1,
    );
    expect(JSON.parse(frame.data)).toMatchObject({ currentQuestionId: null, clock: null });
    const hosted = await call('GET', `/polls/${q.slug}`, undefined, q.host);
    expect(hosted.text).toContain('Quimeranza segunda');
    expect(hosted.text).toContain('Secretodelta');
  });
});

const UNSEEN = [
  'Zumbafrita',
  'Aciertoalfa',
  'Fallobeta',
  'Quimeranza',
  'Ocultogamma',
  'Secretodelta',
];
const SECOND = UNSEEN.slice(3);

function expectNone(text: string, words: readonly string[], where: string) {
  for (const w of words) expect(text, `${where}: ${w}`).not.toContain(w);
}

describe('no phone reads a quiz question before it starts (issue 24)', () => {
  it('poll, summary, stream, join, me, leaderboard, and the /p/ and /r/ pages', async () => {
    const q = await quiz();
    expect((await enter(q.slug, `${q.slug}-p`, 'Pepa')).status).toBe(200);
    const phone = await openStream(`${server.base}/polls/${q.slug}/events?as=participant`, {
      cookie: cookieOf(`${q.slug}-p`),
    });
    const results = await openStream(`${server.base}/polls/${q.slug}/events`);
    streams.push(phone, results);
    await phone.next((e) => e.event === 'poll');
    await results.next((e) => e.event === 'summary');

    const surfaces = async (words: readonly string[]) => {
      const reads: [string, string][] = [];
      for (const path of [
        `/polls/${q.slug}`,
        `/polls/${q.slug}/summary`,
        `/polls/${q.slug}/me`,
        `/polls/${q.slug}/leaderboard`,
        `/polls/${q.slug}/qa`,
        `/join/${q.joinCode}`,
      ]) {
        reads.push([path, (await call('GET', path, undefined, { player: `${q.slug}-p` })).text]);
      }
      for (const path of built ? [`/p/${q.slug}`, `/r/${q.slug}`, `/${q.joinCode}`] : []) {
        const res = await fetch(`${server.root}${path}`, { headers: { accept: 'text/html' } });
        reads.push([path, await res.text()]);
      }
      for (const [where, text] of reads) expectNone(text, words, where);
      for (const e of [...phone.events, ...results.events]) expectNone(e.data, words, e.event);
    };

    await surfaces(UNSEEN);
    // The host's own read has every question.
    const hosted = await call('GET', `/polls/${q.slug}`, undefined, q.host);
    for (const w of UNSEEN) expect(hosted.text).toContain(w);

    // The first starts: it arrives whole; the second stays unread.
    await show(q, q.first.id);
    const started = await phone.next(
      (e) => e.event === 'poll' && JSON.parse(e.data).clock?.questionId === q.first.id,
    );
    expect(started.data).toContain('Zumbafrita primera');
    expect(started.data).toContain('Aciertoalfa');
    const poll = JSON.parse(started.data);
    const unread = poll.questions.find((x: { id: number }) => x.id === q.second.id);
    expect(unread).toMatchObject({ text: '', options: [], type: 'single' });
    expect(poll.questions).toHaveLength(2);
    await results.next((e) => e.event === 'summary' && e.data.includes('Zumbafrita'));
    await surfaces(SECOND);
    // The public results list the questions played so far; the host's, every one.
    const summary = (await call('GET', `/polls/${q.slug}/summary`)).body;
    expect(summary.questions.map((x: { id: number }) => x.id)).toEqual([q.first.id]);
    const hostSummary = (await call('GET', `/polls/${q.slug}/summary`, undefined, q.host)).body;
    expect(hostSummary.questions).toHaveLength(2);

    // After the game ends, a question that never started stays unread.
    await call('PATCH', `/polls/${q.slug}`, { status: 'closed' }, q.host);
    await results.next((e) => e.event === 'summary' && e.data.includes('"closed"'));
    await surfaces(SECOND);
  });
});

describe('the host renames or removes a player (issue 25)', () => {
  it('rename: the nickname rules of PUT …/me, live on the leaderboard', async () => {
    const q = await quiz(null);
    await enter(q.slug, `${q.slug}-a`, 'Ismael');
    await enter(q.slug, `${q.slug}-b`, 'Lucía');
    const path = (nickname: string) => `/polls/${q.slug}/players/${encodeURIComponent(nickname)}`;

    expect((await call('PATCH', path('Lucía'), { nickname: 'Luz' })).status).toBe(401);
    const wrong = await call('PATCH', path('Lucía'), { nickname: 'Luz' }, { secret: 'nope' });
    expect(wrong.status).toBe(403);
    const taken = await call('PATCH', path('Lucía'), { nickname: 'ismaél' }, q.host);
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('NICKNAME_TAKEN');
    // The rule of a player's own nickname (quiz/nickname.ts): look-alikes taken, hate refused.
    const alike = await call('PATCH', path('Lucía'), { nickname: 'lsmael' }, q.host);
    expect(alike.status).toBe(409);
    expect(alike.body.code).toBe('NICKNAME_TAKEN');
    for (const rudeName of ['gilipollas', 'Heil Hitler']) {
      const rude = await call('PATCH', path('Lucía'), { nickname: rudeName }, q.host);
      expect(rude.status).toBe(400);
      expect(rude.body.code).toBe('NICKNAME_INVALID');
    }
    const short = await call('PATCH', path('Lucía'), { nickname: 'L' }, q.host);
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('NICKNAME_INVALID');
    const missing = await call('PATCH', path('Nadie'), { nickname: 'Otro' }, q.host);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'PLAYER_NOT_FOUND' });
    expect(typeof missing.body.message).toBe('string');

    await show(q, q.first.id);
    await answer(q.slug, `${q.slug}-b`, q.first, 0);
    await close(q, q.first.id);
    const renamed = await call('PATCH', path('Lucía'), { nickname: '  Luz María ' }, q.host);
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ nickname: 'Luz María' });
    const after = (await board(q)).body;
    expect(after.entries[0]).toMatchObject({ rank: 1, nickname: 'Luz María', correct: 1 });
    expect((await me(q, `${q.slug}-b`)).body.nickname).toBe('Luz María');
    // The old name is free again.
    expect((await enter(q.slug, `${q.slug}-c`, 'Lucía')).status).toBe(200);
  });

  it('remove: gone from the standings with its points, its phone asked for a nickname again', async () => {
    const q = await quiz(null);
    await enter(q.slug, `${q.slug}-a`, 'Troll');
    await enter(q.slug, `${q.slug}-b`, 'Marta');
    const results = await openStream(`${server.base}/polls/${q.slug}/events`, {
      'x-host-secret': q.host.secret,
    });
    streams.push(results);
    await show(q, q.first.id);
    await answer(q.slug, `${q.slug}-a`, q.first, 0);
    await answer(q.slug, `${q.slug}-b`, q.first, 1);
    await expect
      .poll(async () => (await call('GET', `/polls/${q.slug}`)).body.clock.closedAt)
      .not.toBeNull();
    expect((await board(q)).body.entries[0].nickname).toBe('Troll');
    const path = `/polls/${q.slug}/players/Troll`;
    expect((await call('DELETE', path)).status).toBe(401);
    const pollFrames = results.events.filter((e) => e.event === 'poll').length;
    const removed = await call('DELETE', path, undefined, q.host);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    // A poll frame tells the projector to read the standings again.
    await results.next(
      (e) =>
        e.event === 'poll' && results.events.filter((x) => x.event === 'poll').length > pollFrames,
    );
    expect((await board(q)).body).toMatchObject({
      players: 1,
      entries: [{ rank: 1, nickname: 'Marta', score: 0 }],
    });
    expect((await me(q, `${q.slug}-a`)).body).toMatchObject({ nickname: null, score: 0 });
    expect((await call('DELETE', path, undefined, q.host)).status).toBe(404);
  });
});
