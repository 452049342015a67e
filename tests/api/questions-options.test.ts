import { describe, expect, it } from 'vitest';
import { MAX_QUESTIONS_PER_POLL } from '../../src/contract/index.ts';
import {
  addQuestion,
  Client,
  createPoll,
  type Json,
  openPollWithQuestions,
  setStatus,
  setUpTestApp,
} from './api-client.ts';

const api = setUpTestApp();

const texts = (items: { text: string }[]) => items.map((i) => i.text);

describe('POST /polls/:slug/questions', () => {
  it('creates a question with its options, ordinal count + 1 by default', async () => {
    const poll = await createPoll(api.host);
    const q1 = await addQuestion(api.host, poll, {
      text: '  ¿Color?  ',
      type: 'single',
      options: [{ text: ' Rojo ' }, { text: 'Azul' }],
    });
    expect(q1).toMatchObject({ text: '¿Color?', type: 'single', ordinal: 1 });
    expect(q1.options).toEqual([
      { id: expect.any(Number), text: 'Rojo', ordinal: 1, correct: false },
      { id: expect.any(Number), text: 'Azul', ordinal: 2, correct: false },
    ]);
    const q2 = await addQuestion(api.host, poll, {
      text: 'Dos',
      type: 'multiple',
      options: [{ text: 'x' }],
    });
    expect(q2.ordinal).toBe(2);
  });

  it('drops empty option rows and renumbers the rest', async () => {
    const poll = await createPoll(api.host);
    const q = await addQuestion(api.host, poll, {
      text: 'Q',
      type: 'multiple',
      options: [
        { text: '' },
        { text: 'B', ordinal: 3 },
        { text: '   ' },
        { text: 'A', ordinal: 2 },
      ],
    });
    expect(q.options.map((o: Json) => [o.text, o.ordinal])).toEqual([
      ['A', 1],
      ['B', 2],
    ]);
  });

  it('refuses single and multiple questions without a non-empty option', async () => {
    const poll = await createPoll(api.host);
    for (const options of [[], [{ text: '' }, { text: '  ' }]]) {
      for (const type of ['single', 'multiple']) {
        const res = await api.host.post(
          `/polls/${poll.slug}/questions`,
          { text: 'Q', type, options },
          { secret: poll.secret },
        );
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          code: 'VALIDATION_ERROR',
          message: 'Agrega al menos una opción',
        });
      }
    }
  });

  it('gives yes/no questions exactly Sí and No, ignoring options sent', async () => {
    const poll = await createPoll(api.host);
    const q = await addQuestion(api.host, poll, {
      text: '¿Sí?',
      type: 'yesno',
      options: [{ text: 'Tal vez' }, { text: 'Nunca' }, { text: 'Otra' }],
    });
    expect(q.options.map((o: Json) => [o.text, o.ordinal])).toEqual([
      ['Sí', 1],
      ['No', 2],
    ]);
  });

  it.each([
    [
      { text: '', type: 'single', options: [{ text: 'a' }] },
      'El texto de la pregunta es obligatorio',
    ],
    [
      { text: 'x'.repeat(241), type: 'single', options: [{ text: 'a' }] },
      'La pregunta no puede exceder 240 caracteres',
    ],
    [
      { text: 'Q', type: 'single', options: [{ text: 'x'.repeat(121) }] },
      'La opción no puede exceder 120 caracteres',
    ],
    [{ text: 'Q', type: 'ranking', options: [{ text: 'a' }] }, undefined],
  ])('refuses %j', async (body, message) => {
    const poll = await createPoll(api.host);
    const res = await api.host.post(`/polls/${poll.slug}/questions`, body, { secret: poll.secret });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    if (message) expect(res.body.message).toBe(message);
  });

  it('accepts 240 characters of question text and 120 of option text', async () => {
    const poll = await createPoll(api.host);
    const q = await addQuestion(api.host, poll, {
      text: 'q'.repeat(240),
      type: 'single',
      options: [{ text: 'o'.repeat(120) }],
    });
    expect(q.text).toHaveLength(240);
  });

  it('refuses a question past the per-poll limit with LIMIT_REACHED', async () => {
    const poll = await createPoll(api.host);
    for (let i = 0; i < MAX_QUESTIONS_PER_POLL; i++) {
      await addQuestion(api.host, poll, { text: `Q${i}`, type: 'yesno' });
    }
    const res = await api.host.post(
      `/polls/${poll.slug}/questions`,
      { text: 'Una más', type: 'yesno' },
      { secret: poll.secret },
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('LIMIT_REACHED');
  });

  it('answers 404 POLL_NOT_FOUND for an unknown poll', async () => {
    const res = await api.host.post(
      '/polls/noexiste/questions',
      { text: 'Q', type: 'yesno' },
      { secret: 's' },
    );
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('POLL_NOT_FOUND');
  });
});

describe('PUT /questions/:id', () => {
  it('updates text and ordinal and returns the question with its options', async () => {
    const poll = await createPoll(api.host);
    const q = await addQuestion(api.host, poll, { text: 'Antes', type: 'yesno' });
    const res = await api.host.put(
      `/questions/${q.id}`,
      { text: ' Después ', ordinal: 5 },
      { secret: poll.secret },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...q, text: 'Después', ordinal: 5 });
  });

  it('refuses empty text, nothing to change, and unknown or malformed ids', async () => {
    const poll = await createPoll(api.host);
    const q = await addQuestion(api.host, poll, { text: 'Q', type: 'yesno' });
    const s = { secret: poll.secret };
    expect((await api.host.put(`/questions/${q.id}`, { text: '  ' }, s)).body.message).toBe(
      'El texto de la pregunta es obligatorio',
    );
    expect((await api.host.put(`/questions/${q.id}`, {}, s)).body.message).toBe(
      'No hay cambios que guardar',
    );
    const missing = await api.host.put('/questions/999999', { text: 'x' }, s);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 'QUESTION_NOT_FOUND', message: 'Pregunta no encontrada' });
    expect((await api.host.put('/questions/abc', { text: 'x' }, s)).status).toBe(400);
  });
});

describe('DELETE /questions/:id', () => {
  it('deletes the question, its options and its votes, keeping totals consistent', async () => {
    const { poll, yesno, multi } = await openPollWithQuestions(api.host);
    const voters = [new Client(api.app), new Client(api.app), new Client(api.app)];
    await voters[0]!.post(`/polls/${poll.slug}/votes`, {
      answers: [{ questionId: yesno.id, optionIds: [yesno.options[0].id] }],
    });
    await voters[1]!.post(`/polls/${poll.slug}/votes`, {
      answers: [
        { questionId: yesno.id, optionIds: [yesno.options[1].id] },
        { questionId: multi.id, optionIds: [multi.options[0].id, multi.options[1].id] },
      ],
    });
    await voters[2]!.post(`/polls/${poll.slug}/votes`, {
      answers: [{ questionId: multi.id, optionIds: [multi.options[2].id] }],
    });
    const res = await api.host.delete(`/questions/${yesno.id}`, { secret: poll.secret });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();

    const summary = (await api.host.get(`/polls/${poll.slug}/summary`, { secret: poll.secret }))
      .body;
    // voter 0's ballot answered only the deleted question: it is gone.
    expect(summary.totalVotes).toBe(2);
    expect(summary.questions).toHaveLength(1);
    expect(summary.questions[0]).toMatchObject({ id: multi.id, totalAnswers: 3, respondents: 2 });
    expect((await api.host.get(`/polls/${poll.slug}`)).body.questions).toHaveLength(1);
    expect((await api.host.delete(`/questions/${yesno.id}`, { secret: poll.secret })).status).toBe(
      404,
    );
    expect(
      (
        await api.host.put(
          `/options/${yesno.options[0].id}`,
          { text: 'x' },
          { secret: poll.secret },
        )
      ).status,
    ).toBe(404);
  });
});

describe('options', () => {
  it('adds an option after the highest ordinal', async () => {
    const poll = await createPoll(api.host);
    const q = await addQuestion(api.host, poll, {
      text: 'Q',
      type: 'single',
      options: [{ text: 'A' }],
    });
    const res = await api.host.post(
      `/questions/${q.id}/options`,
      { text: ' B ' },
      { secret: poll.secret },
    );
    expect(res.status).toBe(201);
    // The host's view: `correct` too (false outside a quiz).
    expect(res.body).toEqual({ id: expect.any(Number), text: 'B', ordinal: 2, correct: false });
    const question = (await api.host.get(`/polls/${poll.slug}`)).body.questions[0];
    expect(texts(question.options)).toEqual(['A', 'B']);
  });

  it('updates an option and returns {id, text, ordinal}', async () => {
    const poll = await createPoll(api.host);
    const q = await addQuestion(api.host, poll, {
      text: 'Q',
      type: 'single',
      options: [{ text: 'A' }],
    });
    const res = await api.host.put(
      `/options/${q.options[0].id}`,
      { text: 'Z', ordinal: 4 },
      { secret: poll.secret },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: q.options[0].id, text: 'Z', ordinal: 4, correct: false });
    const bad = await api.host.put(
      `/options/${q.options[0].id}`,
      { text: '' },
      { secret: poll.secret },
    );
    expect(bad.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'El texto de la opción es obligatorio',
    });
    const long = await api.host.put(
      `/options/${q.options[0].id}`,
      { text: 'x'.repeat(121) },
      { secret: poll.secret },
    );
    expect(long.body.message).toBe('La opción no puede exceder 120 caracteres');
    const missing = await api.host.put('/options/999999', { text: 'x' }, { secret: poll.secret });
    expect(missing.body).toEqual({ code: 'OPTION_NOT_FOUND', message: 'Opción no encontrada' });
  });

  it('refuses adding to or deleting from a yes/no question, but allows renaming', async () => {
    const poll = await createPoll(api.host);
    const q = await addQuestion(api.host, poll, { text: '¿Sí?', type: 'yesno' });
    const s = { secret: poll.secret };
    const add = await api.host.post(`/questions/${q.id}/options`, { text: 'Tal vez' }, s);
    expect(add.status).toBe(409);
    expect(add.body.code).toBe('YESNO_OPTIONS_FIXED');
    const del = await api.host.delete(`/options/${q.options[0].id}`, s);
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('YESNO_OPTIONS_FIXED');
    expect(
      (await api.host.put(`/options/${q.options[0].id}`, { text: 'Sí, claro' }, s)).status,
    ).toBe(200);
  });

  it("refuses deleting a question's last option", async () => {
    const poll = await createPoll(api.host);
    const q = await addQuestion(api.host, poll, {
      text: 'Q',
      type: 'single',
      options: [{ text: 'A' }, { text: 'B' }],
    });
    const s = { secret: poll.secret };
    expect((await api.host.delete(`/options/${q.options[0].id}`, s)).status).toBe(204);
    const last = await api.host.delete(`/options/${q.options[1].id}`, s);
    expect(last.status).toBe(409);
    expect(last.body).toEqual({
      code: 'LAST_OPTION',
      message: 'Una pregunta debe conservar al menos una opción',
    });
    expect((await api.host.delete(`/options/${q.options[0].id}`, s)).status).toBe(404);
  });

  it('deleting an option deletes its votes and keeps counts consistent', async () => {
    const { poll, multi } = await openPollWithQuestions(api.host);
    const [a, b, c] = multi.options.map((o: Json) => o.id);
    const voters = [new Client(api.app), new Client(api.app)];
    await voters[0]!.post(`/polls/${poll.slug}/votes`, {
      answers: [{ questionId: multi.id, optionIds: [a] }],
    });
    await voters[1]!.post(`/polls/${poll.slug}/votes`, {
      answers: [{ questionId: multi.id, optionIds: [a, c] }],
    });
    expect((await api.host.delete(`/options/${a}`, { secret: poll.secret })).status).toBe(204);
    const summary = (await api.host.get(`/polls/${poll.slug}/summary`, { secret: poll.secret }))
      .body;
    expect(summary.totalVotes).toBe(1);
    const question = summary.questions.find((q: Json) => q.id === multi.id);
    expect(question).toMatchObject({ totalAnswers: 1, respondents: 1 });
    expect(question.options.map((o: Json) => [o.id, o.count])).toEqual([
      [b, 0],
      [c, 1],
    ]);
    // Voter 0's answer is gone, so with one vote per question they may answer again.
    const again = await voters[0]!.post(`/polls/${poll.slug}/votes`, {
      answers: [{ questionId: multi.id, optionIds: [b] }],
    });
    expect(again.status).toBe(201);
  });
});

describe('PATCH /polls/:slug/questions/reorder', () => {
  async function threeQuestions() {
    const poll = await createPoll(api.host);
    const q = [];
    for (const text of ['A', 'B', 'C'])
      q.push(await addQuestion(api.host, poll, { text, type: 'yesno' }));
    return { poll, ids: q.map((x) => x.id as number) };
  }

  it('puts questions in the order of the given ordinals and renumbers them 1..n', async () => {
    const { poll, ids } = await threeQuestions();
    const [a, b, c] = ids as [number, number, number];
    const res = await api.host.patch(
      `/polls/${poll.slug}/questions/reorder`,
      {
        order: [
          { id: a, ordinal: 30 },
          { id: b, ordinal: 10 },
          { id: c, ordinal: 20 },
        ],
      },
      { secret: poll.secret },
    );
    expect(res.status).toBe(200);
    expect(res.body.map((q: Json) => [q.text, q.ordinal])).toEqual([
      ['B', 1],
      ['C', 2],
      ['A', 3],
    ]);
    expect(res.body[0].options).toHaveLength(2);
    expect(texts((await api.host.get(`/polls/${poll.slug}`)).body.questions)).toEqual([
      'B',
      'C',
      'A',
    ]);
  });

  it("refuses an order that is not exactly the poll's questions", async () => {
    const { poll, ids } = await threeQuestions();
    const [a, b, c] = ids as [number, number, number];
    const other = await threeQuestions();
    const cases = [
      [
        { id: a, ordinal: 1 },
        { id: b, ordinal: 2 },
      ],
      [
        { id: a, ordinal: 1 },
        { id: b, ordinal: 2 },
        { id: b, ordinal: 3 },
      ],
      [
        { id: a, ordinal: 1 },
        { id: b, ordinal: 2 },
        { id: c, ordinal: 3 },
        { id: 999999, ordinal: 4 },
      ],
      [
        { id: a, ordinal: 1 },
        { id: b, ordinal: 2 },
        { id: other.ids[0]!, ordinal: 3 },
      ],
      [],
    ];
    for (const order of cases) {
      const res = await api.host.patch(
        `/polls/${poll.slug}/questions/reorder`,
        { order },
        { secret: poll.secret },
      );
      expect(res.status, JSON.stringify(order)).toBe(400);
      expect(res.body.code).toBe('INVALID_ORDER');
    }
    const malformed = await api.host.patch(
      `/polls/${poll.slug}/questions/reorder`,
      { order: 'abc' },
      { secret: poll.secret },
    );
    expect(malformed.body.code).toBe('VALIDATION_ERROR');
    expect(texts((await api.host.get(`/polls/${other.poll.slug}`)).body.questions)).toEqual([
      'A',
      'B',
      'C',
    ]);
  });

  it('accepts an empty order for a poll without questions', async () => {
    const poll = await createPoll(api.host);
    const res = await api.host.patch(
      `/polls/${poll.slug}/questions/reorder`,
      { order: [] },
      { secret: poll.secret },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe('editing a running poll', () => {
  it('still allows questions to be added after opening and closing', async () => {
    const { poll } = await openPollWithQuestions(api.host);
    await setStatus(api.host, poll, 'closed');
    expect((await addQuestion(api.host, poll, { text: 'Tarde', type: 'yesno' })).ordinal).toBe(3);
  });
});
