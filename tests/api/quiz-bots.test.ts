import { afterAll, describe, expect, it } from 'vitest';
import { PARTICIPANT_COOKIE } from '../../src/contract/index.ts';
import { ParticipantIds } from '../../src/server/http/participant.ts';
import { DEFAULT_RATE_LIMITS } from '../../src/server/limits.ts';
import { httpFrom } from '../helpers/http-from.ts';
import { answerAll, apiCall, closePages, openPages, type Phone } from '../helpers/nat-room.ts';
import { setUpTestApp } from './api-client.ts';

/**
 * Issue 25, 'One address takes the podium': 64 bots from one address, ids taken slowly (4 a
 * second) and aged, each holding its page's stream, answer every question within a few ms of
 * its start, spread over the options: one is always right and wins. The quiz's own integrity
 * signal flags them (a class behind one address reading before it taps is not: the NAT
 * classroom test), and discarding their source takes them off the standings.
 */

const SECRET_KEY = 'quiz-bots-test-key-quiz-bots-test-key-0123456';
const BOTS = 64;
const HONEST_FROM = '127.0.0.8';
const api = setUpTestApp({
  listen: true,
  config: { secretKey: SECRET_KEY, rateLimits: DEFAULT_RATE_LIMITS },
});
const bots: Phone[] = [];
afterAll(() => closePages(bots));

describe('bots on a quiz podium', () => {
  it('are flagged as a source, and discarding it recomputes the standings', async () => {
    const created = await apiCall(api.apiUrl, 'POST', '/polls', {
      body: { title: 'Concurso', settings: { quiz: true } },
    });
    const { slug, host_secret: secret } = created.body;
    const questions = [];
    for (let n = 0; n < 4; n++) {
      const options = ['A', 'B', 'C', 'D'].map((text, i) => ({ text, correct: i === n }));
      const q = await apiCall(api.apiUrl, 'POST', `/polls/${slug}/questions`, {
        body: { text: `Pregunta ${n + 1}`, type: 'single', timeLimitSeconds: 60, options },
        secret,
      });
      questions.push(q.body);
    }
    await apiCall(api.apiUrl, 'PATCH', `/polls/${slug}`, { body: { status: 'open' }, secret });

    // Ids as the bots banked them: 4 a second, a minute ago.
    const signer = new ParticipantIds(SECRET_KEY);
    const minuteAgo = Date.now() - 60_000;
    for (let i = 0; i < BOTS; i++) bots.push({ cookie: signer.issue(minuteAgo + i * 250) });
    const people = ['Ana', 'Luis', 'Marta'].map((name) => ({
      name,
      cookie: `${PARTICIPANT_COOKIE}=${signer.issue(minuteAgo)}`,
    }));
    for (const [i, bot] of bots.entries()) {
      const res = await apiCall(api.apiUrl, 'PUT', `/polls/${slug}/me`, {
        cookie: bot.cookie,
        body: { nickname: `Bot ${i + 1}` },
      });
      expect(res.status).toBe(200);
    }
    for (const person of people) {
      const res = await httpFrom(HONEST_FROM, `${api.apiUrl}/polls/${slug}/me`, {
        method: 'PUT',
        body: { nickname: person.name },
        headers: { cookie: person.cookie },
      });
      expect(res.status).toBe(200);
    }
    await openPages(api.apiUrl, slug, bots);

    for (const [n, question] of questions.entries()) {
      await apiCall(api.apiUrl, 'PATCH', `/polls/${slug}`, {
        body: { currentQuestionId: question.id },
        secret,
      });
      const ids = question.options.map((o: { id: number }) => o.id);
      // The bots at once, each option in turn; the people after reading, always right.
      const [botStatuses] = await Promise.all([
        answerAll(api.apiUrl, slug, bots, question.id, (i) => ids[(i + n) % ids.length]),
        (async () => {
          await new Promise((resolve) => setTimeout(resolve, 800));
          for (const person of people) {
            await httpFrom(HONEST_FROM, `${api.apiUrl}/polls/${slug}/votes`, {
              body: { answers: [{ questionId: question.id, optionIds: [ids[n]] }] },
              headers: { cookie: person.cookie },
            });
          }
        })(),
      ]);
      expect(botStatuses.every((s) => s === 201)).toBe(true);
      await apiCall(api.apiUrl, 'POST', `/polls/${slug}/questions/${question.id}/close`, {
        secret,
      });
    }
    const board = async () =>
      (await apiCall(api.apiUrl, 'GET', `/polls/${slug}/leaderboard?limit=3`, { secret })).body;
    // Bot 1 chose the right option every time, at once: it wins.
    expect((await board()).entries[0].nickname).toBe('Bot 1');

    const view = (await apiCall(api.apiUrl, 'GET', `/polls/${slug}/integrity`, { secret })).body;
    expect(view.unusualSources).toBe(1);
    const [flagged] = view.sources.filter((s: { unusual: boolean }) => s.unusual);
    expect(flagged).toMatchObject({
      ballots: BOTS * questions.length,
      seatedBallots: BOTS * questions.length,
      quizBots: true,
    });
    const honest = view.sources.find((s: { unusual: boolean }) => !s.unusual);
    expect(honest).toMatchObject({ ballots: people.length * questions.length, quizBots: false });

    const discarded = await apiCall(api.apiUrl, 'POST', `/polls/${slug}/discard`, {
      body: { source: flagged.source },
      secret,
    });
    expect(discarded.body.discardedBallots).toBe(BOTS * questions.length);
    const after = await board();
    expect(after.players).toBe(people.length);
    expect(after.entries.map((e: { nickname: string }) => e.nickname).sort()).toEqual(
      people.map((p) => p.name).sort(),
    );
    // A bot's phone no longer has a place nor points.
    const me = await apiCall(api.apiUrl, 'GET', `/polls/${slug}/me`, { cookie: bots[0]!.cookie });
    expect(me.body).toMatchObject({ nickname: null, score: 0, rank: null, players: 3 });

    // Issue 24: the discard is undoable. 'Restaurar' brings the source back, scores and all…
    const integrity = async () =>
      (await apiCall(api.apiUrl, 'GET', `/polls/${slug}/integrity`, { secret })).body;
    expect((await integrity()).setAsideBallots).toBe(BOTS * questions.length);
    const restored = await apiCall(api.apiUrl, 'POST', `/polls/${slug}/discard/restore`, {
      body: { source: flagged.source },
      secret,
    });
    expect(restored).toMatchObject({
      status: 200,
      body: { restoredBallots: BOTS * questions.length },
    });
    const again = await board();
    expect(again.players).toBe(BOTS + people.length);
    expect(again.entries[0].nickname).toBe('Bot 1');
    expect((await integrity()).setAsideBallots).toBe(0);
    // …until the host empties what was set aside ('Vaciar'): then nothing comes back.
    await apiCall(api.apiUrl, 'POST', `/polls/${slug}/discard`, {
      body: { unusual: true },
      secret,
    });
    const emptied = await apiCall(api.apiUrl, 'POST', `/polls/${slug}/discard/empty`, { secret });
    expect(emptied.body).toEqual({ emptiedBallots: BOTS * questions.length });
    const none = await apiCall(api.apiUrl, 'POST', `/polls/${slug}/discard/restore`, {
      body: {},
      secret,
    });
    expect(none.body).toEqual({ restoredBallots: 0 });
    expect((await board()).players).toBe(people.length);
    // Only the host may.
    const anonymous = await apiCall(api.apiUrl, 'POST', `/polls/${slug}/discard/restore`, {
      body: {},
    });
    expect(anonymous.status).toBe(401);
  }, 120_000);

  it('documents restore and empty in the OpenAPI document', async () => {
    const doc = (await api.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const restore = doc.paths['/api/v1/polls/{slug}/discard/restore'].post;
    expect(JSON.stringify(restore.requestBody)).toContain('"source"');
    expect(JSON.stringify(restore.responses)).toContain('restoredBallots');
    const empty = doc.paths['/api/v1/polls/{slug}/discard/empty'].post;
    expect(JSON.stringify(empty.responses)).toContain('emptiedBallots');
    const integrity = doc.paths['/api/v1/polls/{slug}/integrity'].get;
    for (const field of ['seatedBallots', 'quizBots', 'setAsideBallots']) {
      expect(JSON.stringify(integrity.responses)).toContain(field);
    }
  });
});
