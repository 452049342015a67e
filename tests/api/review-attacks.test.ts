import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/limits.ts';
import { openStream } from '../helpers/sse-client.ts';
import {
  addQuestion,
  Client,
  createPoll,
  type HostedPoll,
  setStatus,
  setUpTestApp,
  streamsClosedAfterAll,
  testApp,
} from './api-client.ts';

/** A reviewer's attacks on the quiz and the Q&A as an anonymous participant (no host secret). */

const api = setUpTestApp({ listen: true });
const streams = streamsClosedAfterAll();

async function quiz(settings: Record<string, boolean> = { resultsPublic: true }) {
  const poll = await createPoll(api.host, {
    title: 'Concurso',
    settings: { quiz: true, ...settings },
  });
  const q = await addQuestion(api.host, poll, {
    text: 'Capital de Francia',
    type: 'single',
    timeLimitSeconds: 60,
    options: [{ text: 'Roma' }, { text: 'París', correct: true }, { text: 'Lima' }],
  });
  const m = await addQuestion(api.host, poll, {
    text: 'Primos',
    type: 'multiple',
    timeLimitSeconds: 60,
    options: [{ text: '2', correct: true }, { text: '4' }, { text: '5', correct: true }],
  });
  await setStatus(api.host, poll, 'open');
  return { poll, q, m };
}
const player = async (poll: HostedPoll, nickname: string) => {
  const c = new Client(api.app);
  const res = await c.put(`/polls/${poll.slug}/me`, { nickname });
  expect(res.status).toBe(200);
  return c;
};
const answer = (c: Client, poll: HostedPoll, questionId: number, optionIds: number[]) =>
  c.post(`/polls/${poll.slug}/votes`, { answers: [{ questionId, optionIds }] });
const show = (poll: HostedPoll, id: number | null) =>
  api.host.patch(`/polls/${poll.slug}`, { currentQuestionId: id }, { secret: poll.secret });

describe('quiz attacks', () => {
  it('P1 running question: nothing public carries correct or counts', async () => {
    const { poll, q, m } = await quiz();
    const a = await player(poll, 'ana');
    await player(poll, 'bea');
    await show(poll, q.id);
    expect((await answer(a, poll, q.id, [q.options[1].id])).status).toBe(201);
    const anon = new Client(api.app);
    const texts: Record<string, string> = {};
    for (const path of ['', '/summary', '/me', '/leaderboard', '/export?format=csv']) {
      const r = await anon.get(`/polls/${poll.slug}${path}`);
      texts[path] = `${r.status} ${JSON.stringify(r.body)}`;
    }
    texts.mine = JSON.stringify((await a.get(`/polls/${poll.slug}/me`)).body);
    expect(texts['/export?format=csv']).toMatch(/^401 /);
    // The leaderboard's `correct` is a count of right answers: 0 for all until a close.
    expect(texts['/leaderboard']).not.toMatch(/"score":[1-9]|"correct":[1-9]/);
    for (const [path, text] of Object.entries(texts)) {
      if (path !== '/leaderboard') expect(text, path).not.toContain('correct');
      expect(text, path).not.toMatch(/"count":[1-9]|"totalAnswers":[1-9]/);
    }
    // Refused ballots say nothing of the right options.
    const early = await answer(a, poll, m.id, [m.options[0].id]);
    expect(early.body.code).toBe('QUESTION_CLOSED');
    const two = await answer(a, poll, q.id, [q.options[0].id, q.options[1].id]);
    expect(two.status).toBe(400);
    for (const refused of [early, two]) {
      expect(JSON.stringify(refused.body)).not.toMatch(/correct|París|"2"|"5"/);
    }
  });

  it('P2 stream with Last-Event-ID reconnect carries no correct', async () => {
    const { poll, q } = await quiz();
    const a = await player(poll, 'ana');
    await player(poll, 'bea');
    const s1 = await openStream(`${api.base}/api/v1/polls/${poll.slug}/events`);
    streams.push(s1);
    await show(poll, q.id);
    await answer(a, poll, q.id, [q.options[1].id]);
    await s1.next((e) => e.event === 'summary' && e.data.includes('"respondents":1'));
    for (const id of ['0', '1', '99999', '-1', 'abc']) {
      for (const as of ['', '?as=participant']) {
        const s = await openStream(`${api.base}/api/v1/polls/${poll.slug}/events${as}`, {
          'last-event-id': id,
        });
        streams.push(s);
        await s.next((e) => e.event === 'poll');
        await new Promise((r) => setTimeout(r, 50));
        const all = s.events.map((e) => e.data).join('\n');
        expect(all, `${id} ${as}`).not.toContain('correct');
        // Only the question not started yet has counts (zeros); the running one has none.
        expect(all).not.toMatch(/"count":[1-9]|"totalAnswers":[1-9]/);
        s.close();
      }
    }
    expect(s1.events.map((e) => e.data).join('\n')).not.toContain('correct');
  });

  it('P3 concurrent double answer, late answer, idempotency replay after close', async () => {
    const { poll, q } = await quiz();
    const a = await player(poll, 'ana');
    await player(poll, 'bea');
    await show(poll, q.id);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => answer(a, poll, q.id, [q.options[i % 3].id])),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    await api.host.post(`/polls/${poll.slug}/questions/${q.id}/close`, undefined, {
      secret: poll.secret,
    });
    const b = new Client(api.app);
    await b.put(`/polls/${poll.slug}/me`, { nickname: 'late' });
    const late = await b.post(
      `/polls/${poll.slug}/votes`,
      { answers: [{ questionId: q.id, optionIds: [q.options[1].id] }] },
      { headers: { 'idempotency-key': 'k-late-1234567890' } },
    );
    expect([late.status, late.body.code]).toEqual([409, 'QUESTION_CLOSED']);
    const close = await new Client(api.app).post(`/polls/${poll.slug}/questions/${q.id}/close`);
    expect(close.status).toBe(401);
  });

  it('P6 answers racing the close: every acknowledged answer is scored, none after it', async () => {
    const { poll, q } = await quiz();
    const players = await Promise.all(
      Array.from({ length: 12 }, (_, i) => player(poll, `jugador ${i}`)),
    );
    await show(poll, q.id);
    const paris = q.options[1].id;
    const [closed, ...answers] = await Promise.all([
      api.host.post(`/polls/${poll.slug}/questions/${q.id}/close`, undefined, {
        secret: poll.secret,
      }),
      ...players.map((c) => answer(c, poll, q.id, [paris])),
    ]);
    expect(closed.status).toBe(200);
    for (const [i, r] of answers.entries()) {
      expect([201, 409]).toContain(r.status);
      const me = (await players[i]!.get(`/polls/${poll.slug}/me`)).body;
      const result = me.results.find((x: { questionId: number }) => x.questionId === q.id);
      // Acknowledged means counted; refused means nothing.
      expect(result.correct, `player ${i}: ${r.status}`).toBe(r.status === 201);
    }
  });

  it('P7 a private quiz: summary, leaderboard and the stream give an anonymous caller nothing', async () => {
    const { poll, q } = await quiz({ resultsPublic: false });
    const a = await player(poll, 'ana');
    await player(poll, 'bea');
    const stream = await openStream(`${api.base}/api/v1/polls/${poll.slug}/events`);
    streams.push(stream);
    await show(poll, q.id);
    await answer(a, poll, q.id, [q.options[1].id]);
    await api.host.post(`/polls/${poll.slug}/questions/${q.id}/close`, undefined, {
      secret: poll.secret,
    });
    await stream.next((e) => e.event === 'poll' && e.data.includes('"correct":true'));
    const anon = new Client(api.app);
    expect((await anon.get(`/polls/${poll.slug}/summary`)).body.code).toBe('RESULTS_PRIVATE');
    expect((await anon.get(`/polls/${poll.slug}/leaderboard`)).body.code).toBe('RESULTS_PRIVATE');
    expect(stream.events.some((e) => e.event === 'summary')).toBe(false);
    // Each player still learns their own result.
    const mine = (await a.get(`/polls/${poll.slug}/me`)).body;
    expect(mine.results).toEqual([{ questionId: q.id, correct: true, points: expect.any(Number) }]);
  });

  it('P4 nicknames: case, accents, look-alike letters, full-width and invisible characters are the same name', async () => {
    const { poll } = await quiz();
    await player(poll, 'Ana');
    for (const t of [
      'ANA',
      'Aná',
      ' ana ',
      'Ana\u00a0',
      '\u0410na',
      '\uff21\uff4e\uff41',
      'A\u200bna',
    ]) {
      const r = await new Client(api.app).put(`/polls/${poll.slug}/me`, { nickname: t });
      expect([r.status, r.body.code], JSON.stringify(t)).toEqual([409, 'NICKNAME_TAKEN']);
    }
    // Profane ones in any spelling the matcher reads.
    for (const t of [
      'puta',
      'p*ta',
      '\u0440ut\u0430',
      '\uff50\uff55\uff54\uff41',
      'put4',
      'P.U.T.A',
    ]) {
      const r = await new Client(api.app).put(`/polls/${poll.slug}/me`, { nickname: t });
      expect([r.status, r.body.code], JSON.stringify(t)).toEqual([400, 'NICKNAME_INVALID']);
    }
  });

  it("P5 the host's blocked words apply to nicknames (shown on the leaderboard), in any spelling", async () => {
    const { poll } = await quiz();
    const put = await api.host.put(
      `/polls/${poll.slug}/blocked-words`,
      { words: ['brócoli'] },
      { secret: poll.secret },
    );
    expect(put.status).toBe(200);
    for (const t of ['Brocoli', 'BR0C0LI', 'br\u043ecoli']) {
      const r = await new Client(api.app).put(`/polls/${poll.slug}/me`, { nickname: t });
      expect([r.status, r.body.code], t).toEqual([400, 'NICKNAME_INVALID']);
      expect(r.body.message).not.toContain('rócoli');
    }
    expect(
      (await new Client(api.app).put(`/polls/${poll.slug}/me`, { nickname: 'Coliflor' })).status,
    ).toBe(200);
  });
});

describe('qa attacks', () => {
  async function qaPoll(settings: Record<string, boolean> = { qa: true, qaModerated: true }) {
    const poll = await createPoll(api.host, { title: 'Charla', settings });
    await setStatus(api.host, poll, 'open');
    return poll;
  }
  it('Q1 held/flagged never leak; votes on held; wrong secrets; bad ids', async () => {
    const poll = await qaPoll();
    const other = await qaPoll();
    const author = new Client(api.app);
    const held = await author.post(`/polls/${poll.slug}/qa`, { text: '¿Pregunta retenida?' });
    const flagged = await author.post(`/polls/${poll.slug}/qa`, { text: 'eres un gilipollas' });
    expect([held.body.state, flagged.body.state]).toEqual(['held', 'flagged']);
    const anon = new Client(api.app);
    for (const qs of [
      '',
      '?sort=recent',
      '?sort=top&offset=0&limit=100',
      '?offset=-1',
      '?offset=1e12',
      '?offset=99999999999999999999',
      '?limit=0',
      '?limit=100000',
      '?sort=zzz',
      '?states=held',
      '?state=held',
    ]) {
      const r = await anon.get(`/polls/${poll.slug}/qa${qs}`);
      expect([200, 400], qs).toContain(r.status);
      if (r.status === 200) expect(r.body, qs).toEqual({ questions: [], total: 0 });
    }
    const v = await anon.put(`/polls/${poll.slug}/qa/${held.body.id}/vote`, { up: true });
    const v2 = await anon.put(`/polls/${poll.slug}/qa/999999/vote`, { up: true });
    // A vote cannot tell a held question from one that does not exist.
    expect([v.status, v.body]).toEqual([v2.status, v2.body]);
    expect(v.status).toBe(404);
    expect((await author.get(`/polls/${poll.slug}/qa`)).body.total).toBe(1);
    for (const [method, path, body, secret, expected] of [
      ['PATCH', `/polls/${poll.slug}/qa/${held.body.id}`, { state: 'visible' }, undefined, 401],
      ['PATCH', `/polls/${poll.slug}/qa/${held.body.id}`, { state: 'visible' }, 'wrong', 403],
      ['PATCH', `/polls/${poll.slug}/qa/${held.body.id}`, { state: 'visible' }, other.secret, 403],
      ['PATCH', `/polls/${other.slug}/qa/${held.body.id}`, { state: 'visible' }, other.secret, 404],
      ['DELETE', `/polls/${poll.slug}/qa/${held.body.id}`, undefined, undefined, 401],
      ['DELETE', `/polls/${poll.slug}/qa`, undefined, other.secret, 403],
      ['PUT', `/polls/${poll.slug}/qa/abc/vote`, { up: true }, undefined, 400],
      ['PUT', `/polls/${poll.slug}/qa/0/vote`, { up: true }, undefined, 400],
      ['PUT', `/polls/${poll.slug}/qa/-1/vote`, { up: true }, undefined, 400],
      ['PUT', `/polls/${poll.slug}/qa/1.5/vote`, { up: true }, undefined, 400],
      ['PUT', `/polls/${poll.slug}/qa/99999999999999999999/vote`, { up: true }, undefined, 400],
      ['PUT', `/polls/${poll.slug}/qa/9007199254740993/vote`, { up: true }, undefined, 400],
      ['PATCH', `/polls/${poll.slug}/qa/0`, { state: 'visible' }, poll.secret, 400],
      ['PATCH', `/polls/${poll.slug}/qa/${held.body.id}`, { state: 'held' }, poll.secret, 400],
      ['PATCH', `/polls/${poll.slug}/qa/${held.body.id}`, { pinned: 'yes' }, poll.secret, 400],
      ['PATCH', `/polls/${poll.slug}/qa/${held.body.id}`, {}, poll.secret, 400],
      [
        'PUT',
        `/polls/${poll.slug}/qa/${held.body.id}/vote`,
        { up: true, extra: 1 },
        undefined,
        404,
      ],
      ['PUT', `/polls/${poll.slug}/qa/${held.body.id}/vote`, 'notjson', undefined, 400],
      [
        'POST',
        `/polls/${poll.slug}/qa`,
        { text: 'Hola qué tal', votes: 99, state: 'visible', pinned: true },
        undefined,
        201,
      ],
      ['POST', `/polls/${poll.slug}/qa`, { text: 'Hola qué tal', nickname: 123 }, undefined, 400],
      ['POST', `/polls/${poll.slug}/qa`, [1, 2], undefined, 400],
      ['POST', `/polls/${poll.slug}/qa`, 'x'.repeat(100), undefined, 400],
    ] as const) {
      const r = await anon.call(method, path, {
        body,
        ...(secret && { secret }),
        ...(typeof body === 'string' && { headers: { 'content-type': 'application/json' } }),
      });
      expect(r.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(expected);
      expect(typeof r.body.code === 'string' || r.status === 201).toBe(true);
    }
    const after = await api.host.get(`/polls/${poll.slug}/qa`, { secret: poll.secret });
    // Nothing changed: still held and flagged (the extra fields of an ask were ignored).
    expect(
      after.body.questions.map((x: { state: string; votes: number }) => [x.state, x.votes]),
    ).toEqual([
      ['held', 0],
      ['flagged', 0],
      ['held', 0],
    ]);
    const s = await openStream(`${api.base}/api/v1/polls/${poll.slug}/events?as=participant`);
    streams.push(s);
    await s.next((e) => e.event === 'qa');
    const all = s.events.map((e) => e.data).join('\n');
    expect(all).not.toContain('retenida');
    expect(all).not.toContain('gilipollas');
  });

  it('Q4 views that depend on the secret or the cookie are kept by no shared cache', async () => {
    const poll = await qaPoll();
    const poll2 = await quiz();
    for (const [p, path] of [
      [poll, `/polls/${poll.slug}/qa`],
      [poll2.poll, `/polls/${poll2.poll.slug}`],
    ] as const) {
      const res = await api.host.get(path, { secret: p.secret });
      expect(res.status).toBe(200);
      expect(String(res.headers['cache-control']), path).toMatch(/^private, no-(cache|store)$/);
    }
  });

  it('Q2 one vote per participant under concurrency', async () => {
    const poll = await qaPoll({ qa: true });
    const author = new Client(api.app);
    const q = await author.post(`/polls/${poll.slug}/qa`, { text: '¿Visible?' });
    const voter = new Client(api.app);
    await voter.get(`/polls/${poll.slug}/qa`);
    const rs = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        voter.put(`/polls/${poll.slug}/qa/${q.body.id}/vote`, { up: i % 3 !== 2 }),
      ),
    );
    expect(rs.every((r) => r.status === 200 && r.body.votes <= 1)).toBe(true);
    const last = await voter.put(`/polls/${poll.slug}/qa/${q.body.id}/vote`, { up: true });
    expect(last.body.votes).toBe(1);
    const ups = await Promise.all(
      Array.from({ length: 8 }, () =>
        voter.put(`/polls/${poll.slug}/qa/${q.body.id}/vote`, { up: true }),
      ),
    );
    expect(ups.map((r) => r.body.votes)).toEqual(Array(8).fill(1));
  });

  it('Q3 rate limits on: 429 with Retry-After for votes and asks', async () => {
    // The bursts are what this checks; the refill rates are slowed so that a busy machine, where
    // 700 sequential votes take longer than the burst lasts at 30 a second, still meets them.
    const limited = await testApp({
      config: {
        rateLimits: {
          enabled: true,
          limits: { ...DEFAULT_LIMITS, QA_VOTE_RATE_PER_S: 0.01, QA_ASK_PER_MIN: 0.01 },
        },
      },
    });
    try {
      const h = new Client(limited.app);
      const poll = await createPoll(h, { title: 'x', settings: { qa: true } });
      await setStatus(h, poll, 'open');
      const c = new Client(limited.app);
      const statuses: number[] = [];
      let retry: unknown;
      for (let i = 0; i < 8; i++) {
        const r = await c.post(`/polls/${poll.slug}/qa`, { text: `Pregunta número ${i}` });
        statuses.push(r.status);
        if (r.status === 429) retry = r.headers['retry-after'];
      }
      // A burst of QA_ASK_BURST, then 429 with Retry-After.
      expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
      expect(Number(retry)).toBeGreaterThan(0);
      retry = undefined;
      const q = (await h.get(`/polls/${poll.slug}/qa`, { secret: poll.secret })).body.questions[0];
      const vs: number[] = [];
      for (let i = 0; i < 700; i++) {
        const r = await c.put(`/polls/${poll.slug}/qa/${q.id}/vote`, { up: i % 2 === 0 });
        vs.push(r.status);
        if (r.status === 429) {
          retry = r.headers['retry-after'];
          break;
        }
      }
      // Past QA_VOTE_BURST from one address and poll, votes are refused too.
      expect(vs.at(-1)).toBe(429);
      expect(vs.length).toBeGreaterThan(DEFAULT_LIMITS.QA_VOTE_BURST);
      expect(Number(retry)).toBeGreaterThan(0);
      // The pressing did not stuff the count: one participant, one vote at most.
      const recount = await h.get(`/polls/${poll.slug}/qa`, { secret: poll.secret });
      expect(recount.body.questions[0].votes).toBeLessThanOrEqual(1);
    } finally {
      await limited.close();
    }
  });

  it('B2 blocked words applied to what is in flag visible and held audience questions too', async () => {
    const poll = await qaPoll({ qa: true });
    const phone = new Client(api.app);
    const asked = await phone.post(`/polls/${poll.slug}/qa`, { text: '¿Hay brócoli hoy?' });
    const byName = await phone.post(`/polls/${poll.slug}/qa`, {
      text: '¿A qué hora acaba?',
      nickname: 'Br0coli',
    });
    await phone.post(`/polls/${poll.slug}/qa`, { text: '¿Hay descanso?' });
    const pin = await api.host.patch(
      `/polls/${poll.slug}/qa/${asked.body.id}`,
      { pinned: true },
      { secret: poll.secret },
    );
    expect(pin.body.pinned).toBe(true);
    const stream = await openStream(`${api.base}/api/v1/polls/${poll.slug}/events?as=participant`);
    streams.push(stream);
    await stream.next((e) => e.event === 'qa' && e.data.includes('brócoli'));
    const put = await api.host.put(
      `/polls/${poll.slug}/blocked-words`,
      { words: ['brócoli'], applyToExisting: true },
      { secret: poll.secret },
    );
    expect(put.body.flagged).toBe(2);
    const anon = await new Client(api.app).get(`/polls/${poll.slug}/qa`);
    expect(anon.body.questions.map((q: { text: string }) => q.text)).toEqual(['¿Hay descanso?']);
    const all = await api.host.get(`/polls/${poll.slug}/qa`, { secret: poll.secret });
    const states = Object.fromEntries(
      all.body.questions.map((q: { id: number; state: string }) => [q.id, q.state]),
    );
    expect(states[asked.body.id]).toBe('flagged');
    expect(states[byName.body.id]).toBe('flagged');
    // The live frame drops them (and the highlight) without a reload.
    const frame = await stream.next(
      (e) => e.event === 'qa' && !e.data.includes('brócoli') && !e.data.includes('Br0coli'),
    );
    expect(JSON.parse(frame.data).pinned).toBeNull();
  });

  it('B1 blocked words need the secret and catch respellings in Q&A', async () => {
    const poll = await qaPoll({ qa: true });
    const anon = new Client(api.app);
    const r = await anon.put(`/polls/${poll.slug}/blocked-words`, { words: ['brócoli'] });
    expect(r.status).toBe(401);
    const ok = await api.host.put(
      `/polls/${poll.slug}/blocked-words`,
      { words: ['brócoli'] },
      { secret: poll.secret },
    );
    expect(ok.status).toBe(200);
    const g = await anon.get(`/polls/${poll.slug}/blocked-words`);
    expect(g.status).toBe(401);
    for (const t of [
      'me gusta el brocoli',
      'BR0C0LI rico',
      'b.r.o.c.o.l.i',
      'brоcoli',
      'brocolis ricos',
    ]) {
      const a = await anon.post(`/polls/${poll.slug}/qa`, { text: t });
      expect([a.status, a.body.state], t).toEqual([201, 'flagged']);
    }
    const n = await anon.post(`/polls/${poll.slug}/qa`, {
      text: 'Pregunta limpia',
      nickname: 'Br0coli',
    });
    expect(n.body.state).toBe('flagged');
    expect((await anon.get(`/polls/${poll.slug}/qa`)).body.total).toBe(0);
  });
});

const built = existsSync(join(import.meta.dirname, '../../dist/server/entry-server.js'));

describe.runIf(built)('server-rendered pages', () => {
  it('S1 /p/ and /r/ carry no held or flagged audience question, and no running quiz count', async () => {
    const web = await testApp({ config: { webDir: undefined } });
    try {
      const h = new Client(web.app);
      const poll = await createPoll(h, {
        title: 'Charla',
        settings: { qa: true, qaModerated: true, quiz: true, resultsPublic: true },
      });
      const q = await addQuestion(h, poll, {
        text: 'Capital de Francia',
        type: 'single',
        timeLimitSeconds: 60,
        options: [{ text: 'Roma' }, { text: 'París', correct: true }],
      });
      await setStatus(h, poll, 'open');
      const phone = new Client(web.app);
      await phone.post(`/polls/${poll.slug}/qa`, { text: '¿Pregunta retenida?' });
      await phone.post(`/polls/${poll.slug}/qa`, { text: 'eres un gilipollas' });
      await phone.put(`/polls/${poll.slug}/me`, { nickname: 'ana' });
      // A second player who has not answered keeps the question running.
      await new Client(web.app).put(`/polls/${poll.slug}/me`, { nickname: 'bea' });
      await h.patch(`/polls/${poll.slug}`, { currentQuestionId: q.id }, { secret: poll.secret });
      await phone.post(`/polls/${poll.slug}/votes`, {
        answers: [{ questionId: q.id, optionIds: [q.options[1].id] }],
      });
      for (const path of [`/p/${poll.slug}`, `/r/${poll.slug}`]) {
        const res = await web.app.inject({ url: path, headers: { accept: 'text/html' } });
        expect(res.statusCode, path).toBe(200);
        expect(res.body, path).toContain('Capital de Francia');
        // Still running: the poll page has its open clock, the results page says so.
        expect(res.body, path).toContain(
          path.startsWith('/p/') ? '"closedAt":null' : '"running":true',
        );
        expect(res.body, path).not.toMatch(/retenida|gilipollas|correct|"count":[1-9]/);
      }
    } finally {
      await web.close();
    }
  });
});
