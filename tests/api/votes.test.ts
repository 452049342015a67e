import { describe, expect, it } from 'vitest';
import { PARTICIPANT_COOKIE } from '../../src/contract/index.ts';
import {
  addQuestion,
  answer,
  Client,
  createPoll,
  type Json,
  openPollWithQuestions,
  setStatus,
  setUpTestApp,
  votes,
} from './api-client.ts';

const api = setUpTestApp();

const summaryOf = async (slug: string, secret: string) =>
  (await api.host.get(`/polls/${slug}/summary`, { secret })).body;

describe('participant cookie', () => {
  const SIGNED = /^[A-Za-z0-9_-]{22}\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/;

  it('comes with the poll the participant page loads: signed, HttpOnly, SameSite=Lax, one year, kept after', async () => {
    const poll = await createPoll(api.host);
    const res = await api.app.inject({ method: 'GET', url: `/api/v1/polls/${poll.slug}` });
    const cookie = res.cookies.find((c) => c.name === PARTICIPANT_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 31536000 });
    expect(cookie!.value).toMatch(SIGNED);
    expect(cookie!.value.length).toBeLessThanOrEqual(64);
    const again = await api.app.inject({
      method: 'GET',
      url: `/api/v1/polls/${poll.slug}`,
      cookies: { [PARTICIPANT_COOKIE]: cookie!.value },
    });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('is not handed out by calls that have no use for it', async () => {
    for (const url of ['/api/v1/health', '/api/v1/nothing-here']) {
      const res = await api.app.inject({ method: 'GET', url });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('an id the server did not sign is replaced, never used', async () => {
    const { poll, yesno } = await openPollWithQuestions(api.host, { oneVotePerQuestion: true });
    const real = (
      await api.app.inject({ method: 'GET', url: `/api/v1/polls/${poll.slug}` })
    ).cookies.find((c) => c.name === PARTICIPANT_COOKIE)!.value;
    const [random, time, mac] = real.split('.');
    const forged = [
      'x;<script>',
      'A'.repeat(22), // the unsigned ids of before: simply replaced
      `${random}.${time}.${mac!.slice(0, -2)}AA`,
      `${random!.slice(0, -1)}B.${time}.${mac}`,
      `${random}.${(Number.parseInt(time!, 36) - 60_000).toString(36)}.${mac}`,
    ];
    for (const value of forged) {
      // Twice with the same forged value: two participants, so one vote per question holds for
      // neither, and both ballots are stored under ids the server issued.
      for (let i = 0; i < 2; i++) {
        const res = await api.app.inject({
          method: 'POST',
          url: `/api/v1${votes(poll.slug)}`,
          cookies: { [PARTICIPANT_COOKIE]: value },
          payload: { answers: [answer(yesno, 0)] },
        });
        expect(res.statusCode, value).toBe(201);
        const issued = res.cookies.find((c) => c.name === PARTICIPANT_COOKIE)?.value;
        expect(issued).toMatch(SIGNED);
        expect(issued).not.toBe(value);
      }
    }
    // The genuine id is used as it is, and one vote per question holds for it.
    const vote = () =>
      api.app.inject({
        method: 'POST',
        url: `/api/v1${votes(poll.slug)}`,
        cookies: { [PARTICIPANT_COOKIE]: real },
        payload: { answers: [answer(yesno, 1)] },
      });
    const first = await vote();
    expect(first.statusCode).toBe(201);
    expect(first.headers['set-cookie']).toBeUndefined();
    expect((await vote()).statusCode).toBe(409);
  });
});

describe('POST /polls/:slug/votes', () => {
  it('stores a ballot and answers 201 {saved: number of answers}', async () => {
    const { poll, yesno, multi } = await openPollWithQuestions(api.host);
    const voter = new Client(api.app);
    const res = await voter.post(votes(poll.slug), {
      answers: [answer(yesno, 0), answer(multi, 0, 2)],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ saved: 2 });
    expect(voter.cookie).toBeDefined();
  });

  it('takes votes only while open (409 POLL_NOT_OPEN)', async () => {
    const poll = await createPoll(api.host);
    const q = await addQuestion(api.host, poll, { text: 'Q', type: 'yesno' });
    const ballot = { answers: [answer(q, 0)] };
    const draft = await api.host.post(votes(poll.slug), ballot);
    expect(draft.status).toBe(409);
    expect(draft.body).toEqual({ code: 'POLL_NOT_OPEN', message: 'La encuesta no está abierta' });
    await setStatus(api.host, poll, 'open');
    expect((await api.host.post(votes(poll.slug), ballot)).status).toBe(201);
    await setStatus(api.host, poll, 'closed');
    expect((await new Client(api.app).post(votes(poll.slug), ballot)).body.code).toBe(
      'POLL_NOT_OPEN',
    );
  });

  it('answers 404 for an unknown poll', async () => {
    const res = await api.host.post(votes('noexiste'), {
      answers: [{ questionId: 1, optionIds: [1] }],
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('POLL_NOT_FOUND');
  });

  it('refuses every malformed ballot whole with 400 INVALID_BALLOT saying which rule', async () => {
    const { poll, yesno, multi } = await openPollWithQuestions(api.host, {
      oneVotePerQuestion: false,
    });
    const other = await openPollWithQuestions(api.host);
    const cases: [unknown, RegExp][] = [
      [{ answers: [] }, /al menos una pregunta/],
      [{}, /Entrada inválida/],
      [{ answers: [{ questionId: yesno.id, optionIds: [] }] }, /./],
      [{ answers: [answer(other.yesno, 0)] }, /no pertenece a esta encuesta/],
      [{ answers: [answer(yesno, 0), answer(yesno, 1)] }, /aparece más de una vez/],
      [
        { answers: [{ questionId: yesno.id, optionIds: [multi.options[0].id] }] },
        /no pertenece a la pregunta/,
      ],
      [
        {
          answers: [
            answer(multi, 0),
            { questionId: yesno.id, optionIds: [other.yesno.options[0].id] },
          ],
        },
        /no pertenece a la pregunta/,
      ],
      [{ answers: [answer(yesno, 0, 1)] }, /admite una sola opción/],
      [{ answers: [answer(multi, 1, 1)] }, /opciones repetidas/],
      [{ answers: [{ questionId: 'x', optionIds: [1] }] }, /./],
    ];
    for (const [ballot, message] of cases) {
      const res = await api.host.post(votes(poll.slug), ballot);
      expect(res.status, JSON.stringify(ballot)).toBe(400);
      expect(res.body.code).toBe('INVALID_BALLOT');
      expect(res.body.message).toMatch(message);
    }
    expect((await summaryOf(poll.slug, poll.secret)).totalVotes).toBe(0);
  });

  it('takes a single question with one option and a multiple with several distinct', async () => {
    const poll = await createPoll(api.host);
    const single = await addQuestion(api.host, poll, {
      text: 'S',
      type: 'single',
      options: [{ text: 'a' }, { text: 'b' }],
    });
    const multi = await addQuestion(api.host, poll, {
      text: 'M',
      type: 'multiple',
      options: [{ text: 'a' }, { text: 'b' }],
    });
    await setStatus(api.host, poll, 'open');
    expect(
      (await api.host.post(votes(poll.slug), { answers: [answer(single, 0, 1)] })).body.code,
    ).toBe('INVALID_BALLOT');
    const ok = await api.host.post(votes(poll.slug), {
      answers: [answer(single, 1), answer(multi, 0, 1)],
    });
    expect(ok.status).toBe(201);
  });
});

describe('one vote per question', () => {
  it('refuses a second ballot touching an answered question, whole, with 409 ALREADY_VOTED', async () => {
    const { poll, yesno, multi } = await openPollWithQuestions(api.host);
    const voter = new Client(api.app);
    expect((await voter.post(votes(poll.slug), { answers: [answer(yesno, 0)] })).status).toBe(201);
    const again = await voter.post(votes(poll.slug), {
      answers: [answer(multi, 1), answer(yesno, 1)],
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'ALREADY_VOTED',
      message: 'Ya votaste en esta pregunta',
    });
    expect(again.body.details).toEqual({ questionIds: [yesno.id] });
    const s = await summaryOf(poll.slug, poll.secret);
    expect(s.totalVotes).toBe(1);
    expect(s.questions[1].totalAnswers).toBe(0);
    // The unanswered question is still open to this participant, and everything to others.
    expect((await voter.post(votes(poll.slug), { answers: [answer(multi, 1)] })).status).toBe(201);
    expect(
      (await new Client(api.app).post(votes(poll.slug), { answers: [answer(yesno, 1)] })).status,
    ).toBe(201);
  });

  it('counts repeated ballots when the setting is off', async () => {
    const { poll, yesno } = await openPollWithQuestions(api.host, { oneVotePerQuestion: false });
    const voter = new Client(api.app);
    for (let i = 0; i < 3; i++) {
      expect((await voter.post(votes(poll.slug), { answers: [answer(yesno, 0)] })).status).toBe(
        201,
      );
    }
    const s = await summaryOf(poll.slug, poll.secret);
    expect(s.totalVotes).toBe(3);
    expect(s.questions[0].options[0].count).toBe(3);
  });

  it('holds under concurrent ballots from one participant', async () => {
    const { poll, yesno } = await openPollWithQuestions(api.host);
    const voter = new Client(api.app);
    await voter.get(`/polls/${poll.slug}`);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        voter.post(votes(poll.slug), { answers: [answer(yesno, i % 2)] }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
  });
});

describe('Idempotency-Key', () => {
  const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });

  it('replays the first success for the same key and ballot, storing nothing new', async () => {
    const { poll, yesno, multi } = await openPollWithQuestions(api.host);
    const voter = new Client(api.app);
    const ballot = { answers: [answer(yesno, 0), answer(multi, 0, 1)] };
    const first = await voter.post(votes(poll.slug), ballot, withKey('k-1'));
    expect(first).toMatchObject({ status: 201, body: { saved: 2 } });
    // Same choices in another order are the same ballot.
    const reordered = { answers: [answer(multi, 1, 0), answer(yesno, 0)] };
    const retry = await voter.post(votes(poll.slug), reordered, withKey('k-1'));
    expect(retry).toMatchObject({ status: 201, body: { saved: 2 } });
    // Also after closing: the phone that lost the response sees success.
    await setStatus(api.host, poll, 'closed');
    expect((await voter.post(votes(poll.slug), ballot, withKey('k-1'))).status).toBe(201);
    const s = await summaryOf(poll.slug, poll.secret);
    expect(s.totalVotes).toBe(1);
    expect(s.questions[1].totalAnswers).toBe(2);
  });

  it('refuses the same key with another ballot (409 IDEMPOTENCY_MISMATCH)', async () => {
    const { poll, yesno } = await openPollWithQuestions(api.host, { oneVotePerQuestion: false });
    await api.host.post(votes(poll.slug), { answers: [answer(yesno, 0)] }, withKey('k-2'));
    const res = await api.host.post(
      votes(poll.slug),
      { answers: [answer(yesno, 1)] },
      withKey('k-2'),
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('IDEMPOTENCY_MISMATCH');
    expect((await summaryOf(poll.slug, poll.secret)).totalVotes).toBe(1);
  });

  it('does not remember refused ballots: the retry is judged afresh', async () => {
    const poll = await createPoll(api.host);
    const q = await addQuestion(api.host, poll, { text: 'Q', type: 'yesno' });
    const ballot = { answers: [answer(q, 0)] };
    const refused = await api.host.post(votes(poll.slug), ballot, withKey('k-3'));
    expect(refused.body.code).toBe('POLL_NOT_OPEN');
    const invalid = await api.host.post(
      votes(poll.slug),
      { answers: [answer(q, 0, 1)] },
      withKey('k-3'),
    );
    expect(invalid.status).toBe(400);
    await setStatus(api.host, poll, 'open');
    expect((await api.host.post(votes(poll.slug), ballot, withKey('k-3'))).status).toBe(201);
  });

  it('is scoped to the poll', async () => {
    const a = await openPollWithQuestions(api.host);
    const b = await openPollWithQuestions(api.host);
    const voter = new Client(api.app);
    await voter.post(votes(a.poll.slug), { answers: [answer(a.yesno, 0)] }, withKey('shared'));
    const res = await voter.post(
      votes(b.poll.slug),
      { answers: [answer(b.yesno, 0)] },
      withKey('shared'),
    );
    expect(res.status).toBe(201);
    expect((await summaryOf(b.poll.slug, b.poll.secret)).totalVotes).toBe(1);
  });

  it('stores once when the same submission arrives concurrently', async () => {
    const { poll, yesno } = await openPollWithQuestions(api.host);
    const voter = new Client(api.app);
    await voter.get('/health');
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        voter.post(votes(poll.slug), { answers: [answer(yesno, 1)] }, withKey('race')),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect((await summaryOf(poll.slug, poll.secret)).totalVotes).toBe(1);
  });

  it('refuses a malformed key with 400 VALIDATION_ERROR', async () => {
    const { poll, yesno } = await openPollWithQuestions(api.host);
    for (const key of ['x'.repeat(129), 'con espacio']) {
      const res = await api.host.post(
        votes(poll.slug),
        { answers: [answer(yesno, 0)] },
        withKey(key),
      );
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('GET /polls/:slug/summary', () => {
  it('counts ballots, answers and respondents per question, options in ordinal order', async () => {
    const { poll, yesno, multi } = await openPollWithQuestions(api.host, { resultsPublic: true });
    const ballots = [
      [answer(yesno, 0), answer(multi, 0, 1)],
      [answer(yesno, 0), answer(multi, 0)],
      [answer(yesno, 1)],
    ];
    for (const b of ballots) await new Client(api.app).post(votes(poll.slug), { answers: b });
    const res = await new Client(api.app).get(`/polls/${poll.slug}/summary`);
    expect(res.status).toBe(200);
    const s = res.body;
    expect(s).toMatchObject({ slug: poll.slug, title: 'Clase', status: 'open', totalVotes: 3 });
    expect(Date.parse(s.updatedAt)).not.toBeNaN();
    expect(s.questions[0]).toMatchObject({
      id: yesno.id,
      text: '¿Te gustó?',
      type: 'yesno',
      ordinal: 1,
      totalAnswers: 3,
      respondents: 3,
    });
    expect(s.questions[0].options.map((o: Json) => [o.text, o.ordinal, o.count])).toEqual([
      ['Sí', 1, 2],
      ['No', 2, 1],
    ]);
    // Multiple: totalAnswers is the sum of option counts (the percentage base), respondents the ballots.
    expect(s.questions[1]).toMatchObject({ totalAnswers: 3, respondents: 2 });
    expect(s.questions[1].options.map((o: Json) => o.count)).toEqual([2, 1, 0]);
  });

  it('is private to the host while open unless resultsPublic; public once closed', async () => {
    const { poll } = await openPollWithQuestions(api.host);
    const visitor = new Client(api.app);
    const denied = await visitor.get(`/polls/${poll.slug}/summary`);
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({
      code: 'RESULTS_PRIVATE',
      message: 'Los resultados no están disponibles públicamente mientras la encuesta está abierta',
    });
    expect((await visitor.get(`/polls/${poll.slug}/summary`, { secret: 'wrong' })).status).toBe(
      403,
    );
    expect((await visitor.get(`/polls/${poll.slug}/summary`, { secret: poll.secret })).status).toBe(
      200,
    );
    await api.host.patch(
      `/polls/${poll.slug}`,
      { settings: { resultsPublic: true } },
      { secret: poll.secret },
    );
    expect((await visitor.get(`/polls/${poll.slug}/summary`)).status).toBe(200);
    await api.host.patch(
      `/polls/${poll.slug}`,
      { settings: { resultsPublic: false } },
      { secret: poll.secret },
    );
    expect((await visitor.get(`/polls/${poll.slug}/summary`)).status).toBe(403);
    await setStatus(api.host, poll, 'closed');
    expect((await visitor.get(`/polls/${poll.slug}/summary`)).status).toBe(200);
  });

  it('is private for a draft too, and 404 for an unknown poll', async () => {
    const poll = await createPoll(api.host);
    expect((await new Client(api.app).get(`/polls/${poll.slug}/summary`)).status).toBe(403);
    expect(
      (await api.host.get(`/polls/${poll.slug}/summary`, { secret: poll.secret })).body.questions,
    ).toEqual([]);
    expect((await api.host.get('/polls/noexiste/summary')).status).toBe(404);
  });
});

describe('POST /polls/:slug/reset', () => {
  it('deletes all ballots in any status, open included (issue 17)', async () => {
    const { poll, yesno, multi } = await openPollWithQuestions(api.host);
    const voter = new Client(api.app);
    await voter.post(
      votes(poll.slug),
      { answers: [answer(yesno, 0), answer(multi, 2)] },
      { headers: { 'idempotency-key': 'before-reset' } },
    );
    await new Client(api.app).post(votes(poll.slug), { answers: [answer(yesno, 1)] });
    expect((await summaryOf(poll.slug, poll.secret)).totalVotes).toBe(2);
    const res = await api.host.post(`/polls/${poll.slug}/reset`, undefined, {
      secret: poll.secret,
    });
    expect(res).toMatchObject({ status: 200, body: { deletedVotes: 2 } });
    const s = await summaryOf(poll.slug, poll.secret);
    expect(s.totalVotes).toBe(0);
    expect(s.questions.every((q: Json) => q.totalAnswers === 0 && q.respondents === 0)).toBe(true);
    expect(
      (await api.host.post(`/polls/${poll.slug}/reset`, undefined, { secret: poll.secret })).body,
    ).toEqual({ deletedVotes: 0 });
  });

  it('works on a draft poll', async () => {
    const poll = await createPoll(api.host);
    const res = await api.host.post(`/polls/${poll.slug}/reset`, undefined, {
      secret: poll.secret,
    });
    expect(res).toMatchObject({ status: 200, body: { deletedVotes: 0 } });
  });
});
