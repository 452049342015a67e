import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import readExcelFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { RATE_LIMITS_OFF } from '../../src/server/limits.ts';
import { openSqliteStore } from '../../src/server/store/sqlite.ts';
import { playersApp } from '../helpers/players-app.ts';
import { openStream } from '../helpers/sse-client.ts';
import { streamsClosedAfterAll } from './api-client.ts';

/** The quiz (issue 18) over real HTTP on a real SQLite file: every rule and refusal, and that
 *  no correct answer nor running count reaches anyone without the host secret before a close. */

const server = playersApp('sondeo-quiz-');
const { call, cookieOf } = server;
const streams = streamsClosedAfterAll();

/** An open quiz (results public, so leaks would show) with a single question (B correct), a
 *  multiple one (A and C correct) and a yes/no one (No correct). */
async function quiz(timeLimitSeconds: number | null = 60) {
  const created = await call('POST', '/polls', {
    title: 'Concurso',
    settings: { quiz: true, resultsPublic: true },
  });
  const { slug, host_secret: secret } = created.body;
  const host = { secret };
  const single = await call(
    'POST',
    `/polls/${slug}/questions`,
    {
      text: 'Capital de Francia',
      type: 'single',
      timeLimitSeconds,
      options: [{ text: 'Roma' }, { text: 'París', correct: true }, { text: 'Lima' }],
    },
    host,
  );
  const multiple = await call(
    'POST',
    `/polls/${slug}/questions`,
    {
      text: 'Primos',
      type: 'multiple',
      timeLimitSeconds,
      options: [{ text: '2', correct: true }, { text: '4' }, { text: '5', correct: true }],
    },
    host,
  );
  const yesno = await call(
    'POST',
    `/polls/${slug}/questions`,
    {
      text: '¿Es plana la Tierra?',
      type: 'yesno',
      options: [{ text: 'Sí' }, { text: 'No', correct: true }],
    },
    host,
  );
  await call('PATCH', `/polls/${slug}`, { status: 'open' }, host);
  return {
    slug,
    host,
    created: created.body,
    single: single.body,
    multiple: multiple.body,
    yesno: yesno.body,
  };
}

const enter = (slug: string, player: string, nickname = player) =>
  call('PUT', `/polls/${slug}/me`, { nickname }, { player });
const answer = (slug: string, player: string, questionId: number, optionIds: number[]) =>
  call('POST', `/polls/${slug}/votes`, { answers: [{ questionId, optionIds }] }, { player });
const show = (q: Awaited<ReturnType<typeof quiz>>, questionId: number | null) =>
  call('PATCH', `/polls/${q.slug}`, { currentQuestionId: questionId }, q.host);
const close = (q: Awaited<ReturnType<typeof quiz>>, questionId: number) =>
  call('POST', `/polls/${q.slug}/questions/${questionId}/close`, undefined, q.host);
const optionId = (question: { options: { id: number; text: string }[] }, text: string) =>
  question.options.find((o) => o.text === text)!.id;

describe('quiz setup', () => {
  it('quiz is off by default, set on create, and copied by duplicate with limits and correct options', async () => {
    const plain = await call('POST', '/polls', { title: 'Normal' });
    expect(plain.body.settings.quiz).toBe(false);
    const q = await quiz(30);
    expect(q.created.settings.quiz).toBe(true);
    expect(q.single.timeLimitSeconds).toBe(30);
    // The yes/no was created without a limit: a quiz's default is 20 s.
    expect(q.yesno.timeLimitSeconds).toBe(20);
    expect(q.yesno.options.map((o: { correct: boolean }) => o.correct)).toEqual([false, true]);
    const copy = await call('POST', `/polls/${q.slug}/duplicate`, undefined, q.host);
    const copied = await call('GET', `/polls/${copy.body.slug}`, undefined, {
      secret: copy.body.host_secret,
    });
    expect(copied.body.settings.quiz).toBe(true);
    expect(copied.body.questions[0].timeLimitSeconds).toBe(30);
    expect(copied.body.questions[0].options[1]).toMatchObject({ text: 'París', correct: true });
  });

  it('validates limits and correct options, and PUT /options marks one correct in a single question', async () => {
    const q = await quiz();
    const bad = await call(
      'POST',
      `/polls/${q.slug}/questions`,
      { text: 'X', type: 'single', timeLimitSeconds: 3, options: [{ text: 'a' }] },
      q.host,
    );
    expect(bad.status).toBe(400);
    const two = await call(
      'POST',
      `/polls/${q.slug}/questions`,
      {
        text: 'X',
        type: 'single',
        options: [
          { text: 'a', correct: true },
          { text: 'b', correct: true },
        ],
      },
      q.host,
    );
    expect(two.status).toBe(400);
    const none = await call('PUT', `/questions/${q.single.id}`, { timeLimitSeconds: null }, q.host);
    expect(none.body.timeLimitSeconds).toBeNull();
    const roma = optionId(q.single, 'Roma');
    const marked = await call('PUT', `/options/${roma}`, { correct: true }, q.host);
    expect(marked.body.correct).toBe(true);
    const view = await call('GET', `/polls/${q.slug}`, undefined, q.host);
    const options = view.body.questions[0].options;
    expect(
      options.filter((o: { correct: boolean }) => o.correct).map((o: { text: string }) => o.text),
    ).toEqual(['Roma']);
  });
});

describe('nicknames', () => {
  it('refuses short, profane and taken nicknames (case and accents folded)', async () => {
    const q = await quiz();
    const short = await enter(q.slug, 'a1', ' x ');
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('NICKNAME_INVALID');
    const long = await enter(q.slug, 'a1', 'x'.repeat(25));
    expect(long.body.code).toBe('NICKNAME_INVALID');
    const rude = await enter(q.slug, 'a1', 'mierda');
    expect(rude.status).toBe(400);
    expect(rude.body.code).toBe('NICKNAME_INVALID');
    const ok = await enter(q.slug, 'a1', '  José  ');
    expect(ok).toMatchObject({ status: 200, body: { nickname: 'José' } });
    const taken = await enter(q.slug, 'a2', 'JOSE');
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('NICKNAME_TAKEN');
    expect(typeof taken.body.message).toBe('string');
    // The same player may change its own.
    expect((await enter(q.slug, 'a1', 'Pepe')).status).toBe(200);
    expect((await enter(q.slug, 'a2', 'jose')).status).toBe(200);
    const me = await call('GET', `/polls/${q.slug}/me`, undefined, { player: 'a2' });
    expect(me.body).toMatchObject({ nickname: 'jose', score: 0, rank: 1, players: 2, results: [] });
  });

  it('are kept as the podium showed them once the quiz is closed, and free again if reopened', async () => {
    const q = await quiz();
    await enter(q.slug, 'k1', 'Ana');
    await call('PATCH', `/polls/${q.slug}`, { status: 'closed' }, q.host);
    // Before: a player could rename itself on the final podium, or join it, after the end.
    for (const [player, nickname] of [
      ['k1', 'Otra'],
      ['k2', 'Nueva'],
    ]) {
      const refused = await enter(q.slug, player!, nickname);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'POLL_NOT_OPEN',
        message: 'La encuesta no está abierta',
      });
    }
    const me = await call('GET', `/polls/${q.slug}/me`, undefined, { player: 'k1' });
    expect(me.body).toMatchObject({ nickname: 'Ana', players: 1 });
    await call('PATCH', `/polls/${q.slug}`, { status: 'open' }, q.host);
    expect((await enter(q.slug, 'k1', 'Otra')).status).toBe(200);
  });
});

describe('clock, answers and scoring', () => {
  it('starts once, refuses what a quiz refuses, scores at close and ranks with ties', async () => {
    const q = await quiz(60);
    const paris = optionId(q.single, 'París');
    const roma = optionId(q.single, 'Roma');
    for (const p of ['ana', 'bea', 'cris', 'dani'])
      expect((await enter(q.slug, p)).status).toBe(200);

    // Before the question runs, nothing is taken.
    expect((await answer(q.slug, 'ana', q.single.id, [paris])).body.code).toBe('QUESTION_CLOSED');
    const started = await show(q, q.single.id);
    expect(started.body.clock).toMatchObject({ questionId: q.single.id, closedAt: null });
    const { startedAt, endsAt } = started.body.clock;
    expect(Date.parse(endsAt) - Date.parse(startedAt)).toBe(60_000);
    expect(typeof started.body.now).toBe('string');

    // Only players answer, once, and only the running question.
    expect((await answer(q.slug, 'nobody', q.single.id, [paris])).body.code).toBe(
      'NICKNAME_REQUIRED',
    );
    expect(
      (await answer(q.slug, 'ana', q.multiple.id, [optionId(q.multiple, '2')])).body.code,
    ).toBe('QUESTION_CLOSED');
    expect((await answer(q.slug, 'ana', q.single.id, [paris])).status).toBe(201);
    expect((await answer(q.slug, 'ana', q.single.id, [paris])).body.code).toBe('ALREADY_VOTED');
    expect((await answer(q.slug, 'bea', q.single.id, [paris])).status).toBe(201);
    expect((await answer(q.slug, 'cris', q.single.id, [roma])).status).toBe(201);

    // Running: the public summary has no counts and nothing says what is correct.
    const running = await call('GET', `/polls/${q.slug}/summary`);
    const sq = running.body.questions.find((x: { id: number }) => x.id === q.single.id);
    expect(sq.running).toBe(true);
    expect(sq.respondents).toBe(3);
    expect(sq.totalAnswers).toBeUndefined();
    expect(sq.options.every((o: object) => !('count' in o) && !('correct' in o))).toBe(true);
    expect(running.text).not.toContain('correct');
    const pub = await call('GET', `/polls/${q.slug}`);
    expect(pub.text).not.toContain('"correct"');
    const hostSummary = await call('GET', `/polls/${q.slug}/summary`, undefined, q.host);
    const hq = hostSummary.body.questions.find((x: { id: number }) => x.id === q.single.id);
    expect(hq.correctOptionIds).toEqual([paris]);
    expect(hq.totalAnswers).toBe(3);

    const closed = await close(q, q.single.id);
    expect(closed.status).toBe(200);
    expect(closed.body.closedAt).not.toBeNull();
    expect((await close(q, q.single.id)).status).toBe(200);
    expect((await answer(q.slug, 'dani', q.single.id, [paris])).body.code).toBe('QUESTION_CLOSED');

    // After the close `correct` is everyone's.
    const after = await call('GET', `/polls/${q.slug}`);
    const options = after.body.questions.find((x: { id: number }) => x.id === q.single.id).options;
    expect(options.find((o: { id: number }) => o.id === paris).correct).toBe(true);
    const summary = await call('GET', `/polls/${q.slug}/summary`);
    const closedQ = summary.body.questions.find((x: { id: number }) => x.id === q.single.id);
    expect(closedQ.correctOptionIds).toEqual([paris]);
    expect(closedQ.totalAnswers).toBe(3);

    // Points: answered within a second of a 60 s clock, so ≥ 990 of 1000; wrong scores 0.
    const ana = await call('GET', `/polls/${q.slug}/me`, undefined, { player: 'ana' });
    expect(ana.body.results).toHaveLength(1);
    expect(ana.body.results[0].correct).toBe(true);
    expect(ana.body.results[0].points).toBeGreaterThanOrEqual(990);
    expect(ana.body.score).toBe(ana.body.results[0].points);
    const cris = await call('GET', `/polls/${q.slug}/me`, undefined, { player: 'cris' });
    expect(cris.body).toMatchObject({ score: 0, players: 4 });
    expect(cris.body.results).toEqual([{ questionId: q.single.id, correct: false, points: 0 }]);
    const dani = await call('GET', `/polls/${q.slug}/me`, undefined, { player: 'dani' });
    expect(dani.body.results).toEqual([{ questionId: q.single.id, correct: false, points: 0 }]);

    // The multiple question: correct only with the exact set; then ties share a rank.
    await show(q, q.multiple.id);
    const two = optionId(q.multiple, '2');
    const five = optionId(q.multiple, '5');
    await answer(q.slug, 'cris', q.multiple.id, [two]);
    await answer(q.slug, 'dani', q.multiple.id, [two, five]);
    await close(q, q.multiple.id);
    const board = await call('GET', `/polls/${q.slug}/leaderboard?limit=10`);
    expect(board.status).toBe(200);
    expect(board.body.players).toBe(4);
    const ranks = board.body.entries.map((e: { nickname: string; rank: number }) => [
      e.nickname,
      e.rank,
    ]);
    const scores = new Map(
      board.body.entries.map((e: { nickname: string; score: number }) => [e.nickname, e.score]),
    );
    expect(scores.get('cris')).toBe(0);
    expect(scores.get('dani')).toBeGreaterThan(0);
    expect(ranks.find((r: [string, number]) => r[0] === 'cris')[1]).toBe(4);
    // The board is a recount of the stored answers: its sum equals the players' own results.
    let sum = 0;
    for (const p of ['ana', 'bea', 'cris', 'dani']) {
      const me = await call('GET', `/polls/${q.slug}/me`, undefined, { player: p });
      expect(me.body.score).toBe(
        me.body.results.reduce((s: number, r: { points: number }) => s + r.points, 0),
      );
      sum += me.body.score;
    }
    expect(board.body.entries.reduce((s: number, e: { score: number }) => s + e.score, 0)).toBe(
      sum,
    );
    // Showing a question that already ran does not start its clock again.
    const back = await show(q, q.single.id);
    expect(back.body.clock).toMatchObject({ startedAt, closedAt: closed.body.closedAt });
    // Previous ranks are there after a second close.
    expect(
      board.body.entries.every((e: { previousRank: number | null }) => e.previousRank !== null),
    ).toBe(true);
  });

  it('ties share a rank (1, 2, 2, 4) on a question without a limit (1000 points each)', async () => {
    const q = await quiz(null);
    const paris = optionId(q.single, 'París');
    for (const p of ['p1', 'p2', 'p3', 'p4']) await enter(q.slug, p);
    await show(q, q.single.id);
    expect((await call('GET', `/polls/${q.slug}`)).body.clock.endsAt).toBeNull();
    for (const p of ['p1', 'p2', 'p3']) await answer(q.slug, p, q.single.id, [paris]);
    await close(q, q.single.id);
    await show(q, q.multiple.id);
    await answer(q.slug, 'p1', q.multiple.id, [
      optionId(q.multiple, '2'),
      optionId(q.multiple, '5'),
    ]);
    await close(q, q.multiple.id);
    const board = await call('GET', `/polls/${q.slug}/leaderboard`);
    expect(
      board.body.entries.map((e: { rank: number; score: number }) => [e.rank, e.score]),
    ).toEqual([
      [1, 2000],
      [2, 1000],
      [2, 1000],
      [4, 0],
    ]);
    // Before the second close p1, p2 and p3 shared the first place.
    expect(board.body.entries[0].previousRank).toBe(1);
    expect(board.body.entries[1].previousRank).toBe(1);
  });

  it('moving to another question, or closing the poll, closes the running one', async () => {
    const q = await quiz(null);
    const paris = optionId(q.single, 'París');
    for (const p of ['m1', 'm2']) await enter(q.slug, p);
    await show(q, q.single.id);
    await answer(q.slug, 'm1', q.single.id, [paris]);
    const moved = await show(q, q.yesno.id);
    expect(moved.body.clock.questionId).toBe(q.yesno.id);
    const me = await call('GET', `/polls/${q.slug}/me`, undefined, { player: 'm1' });
    expect(me.body.results).toEqual([{ questionId: q.single.id, correct: true, points: 1000 }]);
    await call('PATCH', `/polls/${q.slug}`, { status: 'closed' }, q.host);
    const after = await call('GET', `/polls/${q.slug}`);
    expect(after.body.clock.closedAt).not.toBeNull();
  });

  it('closes when every player answered, and at endsAt by the timer', async () => {
    const q = await quiz(5);
    const paris = optionId(q.single, 'París');
    await enter(q.slug, 'x1');
    await enter(q.slug, 'x2');
    await show(q, q.single.id);
    await answer(q.slug, 'x1', q.single.id, [paris]);
    expect((await call('GET', `/polls/${q.slug}`)).body.clock.closedAt).toBeNull();
    await answer(q.slug, 'x2', q.single.id, [paris]);
    await expect
      .poll(async () => (await call('GET', `/polls/${q.slug}`)).body.clock.closedAt)
      .not.toBeNull();

    const timed = await show(q, q.multiple.id);
    const ends = Date.parse(timed.body.clock.endsAt);
    await answer(q.slug, 'x1', q.multiple.id, [
      optionId(q.multiple, '2'),
      optionId(q.multiple, '5'),
    ]);
    await expect
      .poll(async () => (await call('GET', `/polls/${q.slug}`)).body.clock.closedAt, {
        timeout: 9000,
        interval: 200,
      })
      .not.toBeNull();
    const closedAt = Date.parse((await call('GET', `/polls/${q.slug}`)).body.clock.closedAt);
    // At the end plus the network's grace (1 s), not before.
    expect(closedAt).toBeGreaterThanOrEqual(ends + 1000);
    const me = await call('GET', `/polls/${q.slug}/me`, undefined, { player: 'x1' });
    expect(me.body.results.map((r: { correct: boolean }) => r.correct)).toEqual([true, true]);
  }, 15_000);

  it('a clock past its end that no timer of this instance watched closes on the next read', async () => {
    // As if another instance started it and died: the clock is written straight to the server.store.
    const q = await quiz(5);
    await enter(q.slug, 'o1');
    await enter(q.slug, 'o2');
    const poll = (await server.store.getPollBySlug(q.slug))!;
    await server.store.updatePoll(poll.id, { currentQuestionId: q.single.id });
    await server.store.startQuestionClock(q.single.id, new Date(Date.now() - 10_000));
    const first = await call('GET', `/polls/${q.slug}`);
    expect(first.body.clock.closedAt).toBeNull();
    await expect
      .poll(async () => (await call('GET', `/polls/${q.slug}`)).body.clock.closedAt)
      .not.toBeNull();
  });

  it('the raw stream carries no correct answer before the close, and does after', async () => {
    const q = await quiz(60);
    const paris = optionId(q.single, 'París');
    await enter(q.slug, 's1');
    // A second player who has not answered keeps the question open.
    await enter(q.slug, 's2');
    const phone = await openStream(`${server.base}/polls/${q.slug}/events?as=participant`, {
      cookie: cookieOf('s1'),
    });
    const results = await openStream(`${server.base}/polls/${q.slug}/events`);
    streams.push(phone, results);
    await show(q, q.single.id);
    await answer(q.slug, 's1', q.single.id, [paris]);
    await phone.next((e) => e.event === 'poll' && JSON.parse(e.data).clock !== null);
    await results.next((e) => e.event === 'summary' && e.data.includes('"respondents":1'));
    const before = [...phone.events, ...results.events].map((e) => e.data).join('\n');

    expect(before).not.toContain('correct');
    // The running question's counts stay with the host.
    let runningFrames = 0;
    for (const e of results.events.filter((x) => x.event === 'summary')) {
      const sq = JSON.parse(e.data).questions.find((x: { id: number }) => x.id === q.single.id);
      // Absent before it started (issue 24: no reading ahead).
      if (!sq?.running) continue;
      runningFrames++;
      expect(sq.totalAnswers).toBeUndefined();
      expect(JSON.stringify(sq.options)).not.toContain('count');
    }
    expect(runningFrames).toBeGreaterThan(0);
    await close(q, q.single.id);
    const frame = await phone.next(
      (e) =>
        e.event === 'poll' &&
        JSON.parse(e.data).clock?.closedAt !== null &&
        JSON.parse(e.data).clock !== null,
    );
    const question = JSON.parse(frame.data).questions.find(
      (x: { id: number }) => x.id === q.single.id,
    );
    expect(question.options.find((o: { id: number }) => o.id === paris).correct).toBe(true);
    const summary = await results.next(
      (e) => e.event === 'summary' && e.data.includes('correctOptionIds'),
    );
    const closedQ = JSON.parse(summary.data).questions.find(
      (x: { id: number }) => x.id === q.single.id,
    );
    expect(closedQ.totalAnswers).toBe(1);
    expect(closedQ.correctOptionIds).toEqual([paris]);
  });

  it('a leaderboard of a private quiz is for the host; close needs the secret and a started clock', async () => {
    const created = await call('POST', '/polls', { title: 'Privado', settings: { quiz: true } });
    const { slug, host_secret: secret } = created.body;
    const q = await call(
      'POST',
      `/polls/${slug}/questions`,
      { text: 'P', type: 'yesno', options: [{ text: 'Sí', correct: true }, { text: 'No' }] },
      { secret },
    );
    expect((await call('GET', `/polls/${slug}/leaderboard`)).status).toBe(403);
    expect((await call('GET', `/polls/${slug}/leaderboard`, undefined, { secret })).status).toBe(
      200,
    );
    const path = `/polls/${slug}/questions/${q.body.id}/close`;
    expect((await call('POST', path)).status).toBe(401);
    const notStarted = await call('POST', path, undefined, { secret });
    expect(notStarted.status).toBe(409);
    expect(notStarted.body.code).toBe('QUESTION_NOT_STARTED');
  });
});

describe('exports of a quiz', () => {
  it('CSV and XLSX carry the players: rank, nickname, score, correct answers, points per question', async () => {
    const q = await quiz(null);
    const paris = optionId(q.single, 'París');
    await enter(q.slug, 'e1', 'Eva');
    await enter(q.slug, 'e2', 'Leo');
    await show(q, q.single.id);
    await answer(q.slug, 'e1', q.single.id, [paris]);
    await answer(q.slug, 'e2', q.single.id, [optionId(q.single, 'Lima')]);
    const file = async (format: string) =>
      fetch(`${server.base}/polls/${q.slug}/export?format=${format}`, {
        headers: { 'x-host-secret': q.host.secret },
      });
    const csv = parse((await (await file('csv')).text()).replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      delimiter: ';',
    }) as string[][];
    // The summary's header counts the players listed (issue 24), then their section.
    expect(csv[5]!.slice(0, 2)).toEqual(['Jugadores', '2']);
    const at = csv.findIndex((r, i) => r[0] === 'Jugadores' && csv[i + 1]?.[0] === 'Puesto');
    expect(at).toBeGreaterThan(0);
    expect(csv[at + 1]!.slice(0, 7)).toEqual([
      'Puesto',
      'Apodo',
      'Puntos',
      'Aciertos',
      '1. Capital de Francia',
      '2. Primos',
      '3. ¿Es plana la Tierra?',
    ]);
    expect(csv[at + 2]!.slice(0, 7)).toEqual(['1', 'Eva', '1000', '1', '1000', '0', '0']);
    expect(csv[at + 3]!.slice(0, 4)).toEqual(['2', 'Leo', '0', '0']);
    const sheets = await readExcelFile(Buffer.from(await (await file('xlsx')).arrayBuffer()));
    expect(sheets.map((x) => x.sheet)).toEqual(['Resumen', 'Jugadores', 'Papeletas']);
    expect(sheets[1]!.data[1]!.slice(0, 5)).toEqual([1, 'Eva', 1000, 1, 1000]);
  });
});

const built = existsSync(join(import.meta.dirname, '../../dist/server/entry-server.js'));

describe.runIf(built)('server-rendered pages of a quiz', () => {
  it('/p/ and /r/ without the secret carry no correct answer nor running counts before the close', async () => {
    const pagesDir = mkdtempSync(join(tmpdir(), 'sondeo-quiz-pages-'));
    const pagesStore = await openSqliteStore(join(pagesDir, 'x.db'));
    // The built web app (dist/web), rendering /p/ and /r/ on the server.
    const web = await buildApp({
      store: pagesStore,
      config: { port: 0, secretKey: server.secretKey, rateLimits: RATE_LIMITS_OFF },
    });
    const root = await web.listen({ port: 0, host: '127.0.0.1' });
    const savedBase = server.base;
    server.base = `${root}/api/v1`;
    try {
      const q = await quiz(60);
      const paris = optionId(q.single, 'París');
      await enter(q.slug, 'r1');
      await enter(q.slug, 'r2');
      await show(q, q.single.id);
      await answer(q.slug, 'r1', q.single.id, [paris]);
      const page = async (path: string) => {
        const res = await fetch(`${root}${path}`, { headers: { accept: 'text/html' } });
        return { status: res.status, html: await res.text() };
      };
      for (const path of [`/p/${q.slug}`, `/r/${q.slug}`]) {
        const { status, html } = await page(path);
        expect(status, path).toBe(200);
        expect(html, path).toContain('Capital de Francia');
        expect(html, path).not.toContain('correct');
      }
      const results = (await page(`/r/${q.slug}`)).html;
      expect(results).toContain('"running":true');
      await close(q, q.single.id);
      for (const path of [`/p/${q.slug}`, `/r/${q.slug}`]) {
        expect((await page(path)).html, path).toContain('"correct":true');
      }
      expect((await page(`/r/${q.slug}`)).html).toContain('correctOptionIds');
    } finally {
      server.base = savedBase;
      await web.close();
      await pagesStore.close();
      rmSync(pagesDir, { recursive: true, force: true });
    }
  });
});
