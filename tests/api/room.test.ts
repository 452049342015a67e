import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type RateLimitSettings } from '../../src/server/limits.ts';
import { openStream, type SseStream } from '../helpers/sse-client.ts';
import {
  addQuestion,
  Client,
  createPoll,
  type HostedPoll,
  type Json,
  openPollWithQuestions,
  setStatus,
  setUpTestApp,
  testApp,
} from './api-client.ts';

/** Issue 9: join codes, results the host hides and reveals, what a participant answered. */

const joinLimit = (perMinute: number): RateLimitSettings => ({
  enabled: true,
  limits: {
    ...DEFAULT_LIMITS,
    JOIN_FAILED_LOOKUPS_PER_MIN: perMinute,
    // Only the join bucket is under test: the others wide open for the many polls made here.
    POLL_CREATE_BURST: 1_000_000,
    POLL_EDIT_BURST: 1_000_000,
    BALLOT_BURST: 1_000_000,
    PARTICIPANT_BURST: 1_000_000,
  },
});

// A large join budget here; the rate-limit test has an app of its own.
const api = setUpTestApp({ config: { rateLimits: joinLimit(10_000) } });

describe('join codes', () => {
  it('gives every poll a distinct 6-digit code, and a duplicate a new one', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const { body } = await createPoll(api.host);
      expect(body.joinCode).toMatch(/^\d{6}$/);
      codes.add(body.joinCode);
    }
    expect(codes.size).toBe(30);
    const poll = await createPoll(api.host);
    const dup = await api.host.post(`/polls/${poll.slug}/duplicate`, undefined, {
      secret: poll.secret,
    });
    const copy = await api.host.get(`/polls/${dup.body.slug}`);
    expect(copy.body.joinCode).toMatch(/^\d{6}$/);
    expect(copy.body.joinCode).not.toBe(poll.body.joinCode);
    expect((await api.host.get(`/polls/${poll.slug}`)).body.joinCode).toBe(poll.body.joinCode);
  });

  it('GET /join/{code} answers the slug until the poll is closed, then 404 in Spanish', async () => {
    const { poll } = await openPollWithQuestions(api.host);
    const code = poll.body.joinCode;
    expect(await api.host.get(`/join/${code}`)).toMatchObject({
      status: 200,
      body: { slug: poll.slug },
    });
    await setStatus(api.host, poll, 'closed');
    expect(await api.host.get(`/join/${code}`)).toMatchObject({
      status: 404,
      body: {
        code: 'JOIN_CODE_NOT_FOUND',
        message: 'No hay ninguna encuesta activa con ese código',
      },
    });
  });

  it('refuses a code that is not six digits', async () => {
    for (const bad of ['12345', '1234567', 'abcdef', '12%2035']) {
      const res = await api.host.get(`/join/${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('GET /{code} redirects to the participation page, or home with the code', async () => {
    const poll = await createPoll(api.host);
    const hit = await api.app.inject({ url: `/${poll.body.joinCode}` });
    expect(hit.statusCode).toBe(302);
    expect(hit.headers.location).toBe(`/p/${poll.slug}`);
    const closed = await createPoll(api.host);
    await setStatus(api.host, closed, 'open');
    await setStatus(api.host, closed, 'closed');
    // A code nobody holds now (the closed poll's, unless a poll took it again meanwhile).
    const free = await api.host.get(`/join/${closed.body.joinCode}`);
    if (free.status === 404) {
      const miss = await api.app.inject({ url: `/${closed.body.joinCode}` });
      expect(miss.statusCode).toBe(302);
      expect(miss.headers.location).toBe(`/?codigo=${closed.body.joinCode}`);
    }
    // Seven digits is not a code: the ordinary 404.
    expect((await api.app.inject({ url: '/1234567' })).statusCode).toBe(404);
  });

  it('rate-limits guesses per address, by API and by /{code} in one bucket', async () => {
    const small = await testApp({ config: { rateLimits: joinLimit(5) } });
    try {
      const guesser = new Client(small.app);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await guesser.get(`/join/${100000 + i}`)).status);
      statuses.push((await small.app.inject({ url: '/100004' })).statusCode);
      expect(statuses).toEqual([404, 404, 404, 404, 302]);
      const refused = await guesser.get('/join/100005');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        code: 'RATE_LIMITED',
        message: 'Demasiadas peticiones; espera un momento',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await small.app.inject({ url: '/100006' })).statusCode).toBe(429);
      // Other calls are not limited by it.
      expect((await guesser.post('/polls', { title: 'Sigue' })).status).toBe(201);
    } finally {
      await small.close();
    }
  });
});

describe('hidden results', () => {
  async function hiddenPoll(): Promise<{ poll: HostedPoll; yesno: Json; multi: Json }> {
    const made = await openPollWithQuestions(api.host, {
      resultsPublic: true,
      hideResultsUntilRevealed: true,
    });
    const voter = new Client(api.app);
    const answers = [
      { questionId: made.yesno.id, optionIds: [made.yesno.options[0].id] },
      { questionId: made.multi.id, optionIds: made.multi.options.map((o: Json) => o.id) },
    ];
    expect((await voter.post(`/polls/${made.poll.slug}/votes`, { answers })).status).toBe(201);
    return made;
  }

  it('new questions start hidden when the setting is on, visible when off', async () => {
    const poll = await createPoll(api.host, {
      title: 'X',
      settings: { hideResultsUntilRevealed: true },
    });
    expect(poll.body.settings.hideResultsUntilRevealed).toBe(true);
    const q = await addQuestion(api.host, poll, { text: 'Q', type: 'yesno' });
    expect(q.resultsHidden).toBe(true);
    await api.host.patch(
      `/polls/${poll.slug}`,
      { settings: { hideResultsUntilRevealed: false } },
      { secret: poll.secret },
    );
    expect((await addQuestion(api.host, poll, { text: 'R', type: 'yesno' })).resultsHidden).toBe(
      false,
    );
    const plain = await createPoll(api.host);
    expect(plain.body.settings.hideResultsUntilRevealed).toBe(false);
  });

  it('only the host changes it', async () => {
    const { poll, yesno } = await hiddenPoll();
    expect((await api.host.put(`/questions/${yesno.id}`, { resultsHidden: false })).status).toBe(
      401,
    );
    const other = await createPoll(api.host);
    const wrong = await api.host.put(
      `/questions/${yesno.id}`,
      { resultsHidden: false },
      { secret: other.secret },
    );
    expect(wrong.status).toBe(403);
    const ok = await api.host.put(`/questions/${yesno.id}`, { resultsHidden: false }, poll);
    expect(ok).toMatchObject({ status: 200, body: { resultsHidden: false, text: '¿Te gustó?' } });
  });

  it('GET summary gives others no counts of a hidden question; the host all of them', async () => {
    const { poll, yesno, multi } = await hiddenPoll();
    await api.host.put(`/questions/${multi.id}`, { resultsHidden: false }, poll);
    const raw = await api.app.inject({ url: `/api/v1/polls/${poll.slug}/summary` });
    const pub = JSON.parse(raw.body);
    const hiddenQ = pub.questions.find((q: Json) => q.id === yesno.id);
    expect(hiddenQ).toEqual({
      id: yesno.id,
      text: '¿Te gustó?',
      type: 'yesno',
      ordinal: 1,
      respondents: 1,
      hidden: true,
      // The host's question view carries `correct`; nobody else's summary does (issue 18).
      options: yesno.options.map(({ correct: _, ...o }: Json) => o),
    });
    expect(JSON.stringify(hiddenQ)).not.toMatch(/count|totalAnswers/);
    const shown = pub.questions.find((q: Json) => q.id === multi.id);
    expect(shown).toMatchObject({ hidden: false, totalAnswers: 3, respondents: 1 });

    const host = await api.host.get(`/polls/${poll.slug}/summary`, poll);
    const hostQ = host.body.questions.find((q: Json) => q.id === yesno.id);
    expect(hostQ).toMatchObject({ hidden: true, totalAnswers: 1, respondents: 1 });
    expect(hostQ.options.map((o: Json) => o.count)).toEqual([1, 0]);
    // Different bodies, different tags: a cached public copy never answers the host.
    expect(host.headers.etag).not.toBe(raw.headers.etag);
  });

  it('the stream sends others no counts while hidden, and the counts once revealed', async () => {
    const { poll, yesno } = await hiddenPoll();
    const base = await api.app.listen({ port: 0, host: '127.0.0.1' });
    const streams: SseStream[] = [];
    try {
      const url = `${base}/api/v1/polls/${poll.slug}/events`;
      const audience = await openStream(url);
      const host = await openStream(url, { 'x-host-secret': poll.secret });
      streams.push(audience, host);
      const first = await audience.next((e) => e.event === 'summary');
      expect(first.data).not.toMatch(/"count"|"totalAnswers"/);
      expect(JSON.parse(first.data).questions.every((q: Json) => q.hidden)).toBe(true);
      const hostFirst = await host.next((e) => e.event === 'summary');
      expect(hostFirst.data).toMatch(/"count":1/);

      // Another vote: the audience still gets no counts.
      const voter = new Client(api.app);
      await voter.post(`/polls/${poll.slug}/votes`, {
        answers: [{ questionId: yesno.id, optionIds: [yesno.options[1].id] }],
      });
      const after = await audience.next(
        (e) => e.event === 'summary' && JSON.parse(e.data).totalVotes === 2,
      );
      expect(after.data).not.toMatch(/"count"|"totalAnswers"/);
      expect(JSON.parse(after.data).questions[0].respondents).toBe(2);

      await api.host.put(`/questions/${yesno.id}`, { resultsHidden: false }, poll);
      const revealed = await audience.next(
        (e) => e.event === 'summary' && JSON.parse(e.data).questions[0].hidden === false,
      );
      expect(JSON.parse(revealed.data).questions[0].options.map((o: Json) => o.count)).toEqual([
        1, 1,
      ]);
      // Hidden again: the next summary has no counts for it.
      await api.host.put(`/questions/${yesno.id}`, { resultsHidden: true }, poll);
      const hiddenAgain = await audience.next(
        (e) =>
          e.event === 'summary' && e.at > revealed.at && JSON.parse(e.data).questions[0].hidden,
      );
      expect(hiddenAgain.data).not.toMatch(/"count"|"totalAnswers"/);
      // Nothing any audience frame carried was a count of a hidden question.
      for (const event of audience.events.filter((e) => e.event === 'summary')) {
        for (const q of JSON.parse(event.data).questions) {
          if (q.hidden) expect(JSON.stringify(q)).not.toMatch(/count|totalAnswers/);
        }
      }
    } finally {
      for (const s of streams) s.close();
    }
  });
});

describe('GET /polls/{slug}/me', () => {
  for (const oneVotePerQuestion of [true, false]) {
    it(`lists what this participant answered (one vote per question ${oneVotePerQuestion})`, async () => {
      const { poll, yesno, multi } = await openPollWithQuestions(api.host, { oneVotePerQuestion });
      const phone = new Client(api.app);
      // Outside a quiz the quiz's fields are empty (issue 18).
      const noQuiz = {
        nickname: null,
        score: 0,
        rank: null,
        players: 0,
        results: [],
        moreTime: false,
        // Issue 27: a self-paced quiz's open question; none here.
        clock: null,
      };
      expect((await phone.get(`/polls/${poll.slug}/me`)).body).toEqual({
        answeredQuestionIds: [],
        ...noQuiz,
      });
      await phone.post(`/polls/${poll.slug}/votes`, {
        answers: [{ questionId: multi.id, optionIds: [multi.options[0].id] }],
      });
      const me = await phone.get(`/polls/${poll.slug}/me`);
      expect(me.body).toEqual({ answeredQuestionIds: [multi.id], ...noQuiz });
      expect(me.headers['cache-control']).toBe('private, no-store');
      // Another phone has answered nothing.
      const other = new Client(api.app);
      expect((await other.get(`/polls/${poll.slug}/me`)).body.answeredQuestionIds).toEqual([]);
      await phone.post(`/polls/${poll.slug}/votes`, {
        answers: [{ questionId: yesno.id, optionIds: [yesno.options[0].id] }],
      });
      expect((await phone.get(`/polls/${poll.slug}/me`)).body.answeredQuestionIds).toEqual(
        [yesno.id, multi.id].sort((a, b) => a - b),
      );
    });
  }

  it('is a 404 for an unknown poll', async () => {
    expect((await api.host.get('/polls/nopenope/me')).status).toBe(404);
  });
});
