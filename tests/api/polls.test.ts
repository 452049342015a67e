import { describe, expect, it, vi } from 'vitest';
import { Poll, SLUG_ALPHABET } from '../../src/contract/index.ts';
import {
  addQuestion,
  Client,
  createPoll,
  openPollWithQuestions,
  setStatus,
  setUpTestApp,
} from './api-client.ts';

const api = setUpTestApp();

describe('POST /polls', () => {
  it('creates a draft poll with default settings and a host secret', async () => {
    const res = await api.host.post('/polls', { title: '  Clase de historia  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Clase de historia',
      status: 'draft',
      settings: { oneVotePerQuestion: true, resultsPublic: false, hideResultsUntilRevealed: false },
      questions: [],
    });
    expect(res.body.slug).toMatch(new RegExp(`^[${SLUG_ALPHABET}]{8}$`));
    expect(res.body.host_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(res.body.createdAt)).not.toBeNaN();
    expect(res.body.updatedAt).toBe(res.body.createdAt);
  });

  it('keeps the settings it is given', async () => {
    const res = await api.host.post('/polls', {
      title: 'X',
      settings: { oneVotePerQuestion: false, resultsPublic: true },
    });
    expect(res.body.settings).toEqual({
      oneVotePerQuestion: false,
      resultsPublic: true,
      quiz: false,
      resultsAfterVote: false,
      qa: false,
      qaModerated: false,
      strictFilter: true,
      opensAt: null,
      closesAt: null,
      speedPoints: false,
      presenterPace: false,
      hideResultsUntilRevealed: false,
      moderateText: false,
    });
  });

  it('gives every poll its own slug', async () => {
    const slugs = new Set<string>();
    for (let i = 0; i < 20; i++) slugs.add((await createPoll(api.host)).slug);
    expect(slugs.size).toBe(20);
  });

  it.each([
    [{ title: '' }, 'El título de la encuesta es obligatorio'],
    [{ title: '    ' }, 'El título de la encuesta es obligatorio'],
    [{ title: 'x'.repeat(121) }, 'El título no puede exceder 120 caracteres'],
  ])('refuses title %j with a Spanish message', async (body, message) => {
    const res = await api.host.post('/polls', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(res.body.details[0]).toMatchObject({ location: 'body', path: 'title', message });
  });

  it('accepts exactly 120 characters after trimming', async () => {
    const res = await api.host.post('/polls', { title: ` ${'x'.repeat(120)} ` });
    expect(res.status).toBe(201);
  });

  it('refuses a missing title or wrong types with a Spanish message', async () => {
    for (const body of [{}, { title: 5 }, { title: 'x', settings: { resultsPublic: 'yes' } }]) {
      const res = await api.host.post('/polls', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.message).toMatch(/Entrada inválida/);
    }
  });
});

describe('GET /polls/:slug', () => {
  it('returns the poll with questions and options sorted by ordinal, without the secret', async () => {
    const poll = await createPoll(api.host);
    const second = await addQuestion(api.host, poll, {
      text: 'Segunda',
      type: 'yesno',
      ordinal: 2,
    });
    const first = await addQuestion(api.host, poll, {
      text: 'Primera',
      type: 'single',
      ordinal: 1,
      options: [
        { text: 'B', ordinal: 2 },
        { text: 'A', ordinal: 1 },
      ],
    });
    const res = await new Client(api.app).get(`/polls/${poll.slug}`);
    expect(res.status).toBe(200);
    expect(res.body.questions.map((q: { id: number }) => q.id)).toEqual([first.id, second.id]);
    expect(res.body.questions[0].options.map((o: { text: string }) => o.text)).toEqual(['A', 'B']);
    expect(res.body).not.toHaveProperty('host_secret');
    expect(JSON.stringify(res.body)).not.toContain(poll.secret);
  });

  it('reads the questions from the live cache, current after every edit, and the row from the store', async () => {
    const poll = await createPoll(api.host);
    const q = await addQuestion(api.host, poll, { text: 'Antes', type: 'yesno' });
    const first = await api.host.get(`/polls/${poll.slug}`);
    // The body is exactly what the response schema would have serialised.
    const raw = (await api.app.inject({ url: `/api/v1/polls/${poll.slug}` })).body;
    expect(raw).toBe(JSON.stringify(Poll.parse(JSON.parse(raw))));
    const reads = vi.spyOn(api.store, 'listQuestions');
    const rows = vi.spyOn(api.store, 'getPollBySlug');
    try {
      for (let i = 0; i < 3; i++) await api.host.get(`/polls/${poll.slug}`);
      expect(reads).not.toHaveBeenCalled();
      expect(rows).toHaveBeenCalledTimes(3);
      await api.host.put(`/questions/${q.id}`, { text: 'Después' }, { secret: poll.secret });
      const after = await api.host.get(`/polls/${poll.slug}`);
      expect(after.body.questions[0].text).toBe('Después');
      expect(Date.parse(after.body.updatedAt)).toBeGreaterThan(Date.parse(first.body.updatedAt));
    } finally {
      reads.mockRestore();
      rows.mockRestore();
    }
  });

  it('answers 404 POLL_NOT_FOUND for an unknown slug', async () => {
    const res = await api.host.get('/polls/noexiste');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'POLL_NOT_FOUND', message: 'Encuesta no encontrada' });
  });
});

describe('PATCH /polls/:slug', () => {
  it('updates the title, trimmed, and the settings one at a time', async () => {
    const poll = await createPoll(api.host);
    const a = await api.host.patch(
      `/polls/${poll.slug}`,
      { title: ' Nuevo ' },
      { secret: poll.secret },
    );
    expect(a.status).toBe(200);
    expect(a.body.title).toBe('Nuevo');
    const b = await api.host.patch(
      `/polls/${poll.slug}`,
      { settings: { resultsPublic: true } },
      { secret: poll.secret },
    );
    expect(b.body.settings).toEqual({
      oneVotePerQuestion: true,
      resultsPublic: true,
      quiz: false,
      resultsAfterVote: false,
      qa: false,
      qaModerated: false,
      strictFilter: true,
      opensAt: null,
      closesAt: null,
      speedPoints: false,
      presenterPace: false,
      hideResultsUntilRevealed: false,
      moderateText: false,
    });
    const c = await api.host.patch(
      `/polls/${poll.slug}`,
      { settings: { oneVotePerQuestion: false } },
      { secret: poll.secret },
    );
    expect(c.body.settings).toEqual({
      oneVotePerQuestion: false,
      resultsPublic: true,
      quiz: false,
      resultsAfterVote: false,
      qa: false,
      qaModerated: false,
      strictFilter: true,
      opensAt: null,
      closesAt: null,
      speedPoints: false,
      presenterPace: false,
      hideResultsUntilRevealed: false,
      moderateText: false,
    });
  });

  it('refuses an empty change or an invalid title', async () => {
    const poll = await createPoll(api.host);
    const empty = await api.host.patch(`/polls/${poll.slug}`, {}, { secret: poll.secret });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('No hay cambios que guardar');
    const blank = await api.host.patch(
      `/polls/${poll.slug}`,
      { title: ' ' },
      { secret: poll.secret },
    );
    expect(blank.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'El título de la encuesta es obligatorio',
    });
    const status = await api.host.patch(
      `/polls/${poll.slug}`,
      { status: 'paused' },
      { secret: poll.secret },
    );
    expect(status.status).toBe(400);
  });

  it('moves status only draft → open → closed → open (reopen, issue 17)', async () => {
    const poll = await createPoll(api.host);
    const expectRefused = async (status: string) => {
      const res = await setStatus(api.host, poll, status);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('INVALID_TRANSITION');
      expect(res.body.message).toMatch(/^No se puede pasar la encuesta de/);
    };
    await expectRefused('closed');
    await expectRefused('draft');
    expect((await setStatus(api.host, poll, 'open')).body.status).toBe('open');
    await expectRefused('open');
    await expectRefused('draft');
    expect((await setStatus(api.host, poll, 'closed')).body.status).toBe('closed');
    await expectRefused('draft');
    await expectRefused('closed');
    expect((await setStatus(api.host, poll, 'open')).body.status).toBe('open');
    await expectRefused('draft');
  });

  it('answers 404 for an unknown slug when a secret is sent', async () => {
    const res = await api.host.patch('/polls/noexiste', { title: 'x' }, { secret: 'whatever' });
    expect(res.status).toBe(404);
  });
});

describe('updatedAt', () => {
  it('moves on every change of the poll, its questions, options, and on every vote', async () => {
    const poll = await createPoll(api.host, {
      title: 'Reloj',
      settings: { oneVotePerQuestion: false },
    });
    let last = poll.body.updatedAt as string;
    const expectMoved = async (what: string) => {
      const now = (await api.host.get(`/polls/${poll.slug}`)).body.updatedAt as string;
      expect(Date.parse(now), what).toBeGreaterThan(Date.parse(last));
      last = now;
    };
    const s = { secret: poll.secret };
    await api.host.patch(`/polls/${poll.slug}`, { title: 'Reloj 2' }, s);
    await expectMoved('title');
    await api.host.patch(`/polls/${poll.slug}`, { settings: { resultsPublic: true } }, s);
    await expectMoved('settings');
    const q = await addQuestion(api.host, poll, {
      text: 'Q',
      type: 'single',
      options: [{ text: 'A' }, { text: 'B' }],
    });
    await expectMoved('add question');
    await api.host.put(`/questions/${q.id}`, { text: 'Q2' }, s);
    await expectMoved('edit question');
    const o = (await api.host.post(`/questions/${q.id}/options`, { text: 'C' }, s)).body;
    await expectMoved('add option');
    await api.host.put(`/options/${o.id}`, { text: 'C2' }, s);
    await expectMoved('edit option');
    await api.host.delete(`/options/${o.id}`, s);
    await expectMoved('delete option');
    await setStatus(api.host, poll, 'open');
    await expectMoved('status');
    await api.host.post(`/polls/${poll.slug}/votes`, {
      answers: [{ questionId: q.id, optionIds: [q.options[0].id] }],
    });
    await expectMoved('vote');
    const summary = (await api.host.get(`/polls/${poll.slug}/summary`)).body;
    expect(summary.updatedAt).toBe(last);
    await setStatus(api.host, poll, 'closed');
    await expectMoved('close');
    await api.host.post(`/polls/${poll.slug}/reset`, undefined, s);
    await expectMoved('reset');
    const q2 = await addQuestion(api.host, poll, { text: 'Q3', type: 'yesno' });
    await expectMoved('add question 2');
    await api.host.patch(
      `/polls/${poll.slug}/questions/reorder`,
      {
        order: [
          { id: q2.id, ordinal: 1 },
          { id: q.id, ordinal: 2 },
        ],
      },
      s,
    );
    await expectMoved('reorder');
    await api.host.delete(`/questions/${q2.id}`, s);
    await expectMoved('delete question');
  });
});

describe('POST /polls/:slug/duplicate', () => {
  it('creates a draft copy with settings, questions and options but no votes', async () => {
    const { poll, yesno, multi } = await openPollWithQuestions(api.host, {
      oneVotePerQuestion: false,
      resultsPublic: true,
    });
    await api.host.post(`/polls/${poll.slug}/votes`, {
      answers: [{ questionId: yesno.id, optionIds: [yesno.options[0].id] }],
    });
    const res = await api.host.post(`/polls/${poll.slug}/duplicate`, undefined, {
      secret: poll.secret,
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['host_secret', 'slug', 'title']);
    expect(res.body.title).toBe('Clase (copia)');
    expect(res.body.slug).not.toBe(poll.slug);
    expect(res.body.host_secret).not.toBe(poll.secret);

    const copy = (await api.host.get(`/polls/${res.body.slug}`)).body;
    expect(copy.status).toBe('draft');
    expect(copy.settings).toEqual({
      oneVotePerQuestion: false,
      resultsPublic: true,
      quiz: false,
      resultsAfterVote: false,
      qa: false,
      qaModerated: false,
      strictFilter: true,
      opensAt: null,
      closesAt: null,
      speedPoints: false,
      presenterPace: false,
      hideResultsUntilRevealed: false,
      moderateText: false,
    });
    const shape = (p: {
      questions: {
        text: string;
        type: string;
        ordinal: number;
        options: { text: string; ordinal: number }[];
      }[];
    }) =>
      p.questions.map((q) => [
        q.text,
        q.type,
        q.ordinal,
        q.options.map((o) => [o.text, o.ordinal]),
      ]);
    expect(shape(copy)).toEqual(shape((await api.host.get(`/polls/${poll.slug}`)).body));
    expect(copy.questions[1].id).not.toBe(multi.id);

    const summary = await api.host.get(`/polls/${res.body.slug}/summary`, {
      secret: res.body.host_secret,
    });
    expect(summary.body.totalVotes).toBe(0);
    // The new secret works on the copy, the old one does not.
    const renamed = await api.host.patch(
      `/polls/${res.body.slug}`,
      { title: 'Y' },
      { secret: res.body.host_secret },
    );
    expect(renamed.status).toBe(200);
    const wrong = await api.host.patch(
      `/polls/${res.body.slug}`,
      { title: 'Z' },
      { secret: poll.secret },
    );
    expect(wrong.status).toBe(403);
  });

  it('keeps the copy title within 120 characters', async () => {
    const poll = await createPoll(api.host, { title: 'x'.repeat(120) });
    const res = await api.host.post(`/polls/${poll.slug}/duplicate`, undefined, {
      secret: poll.secret,
    });
    expect(res.body.title).toHaveLength(120);
    expect(res.body.title.endsWith(' (copia)')).toBe(true);
  });

  it('accepts a bodiless POST sent with a JSON content type', async () => {
    const poll = await createPoll(api.host);
    const res = await api.host.call('POST', `/polls/${poll.slug}/duplicate`, {
      secret: poll.secret,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(201);
  });
});
