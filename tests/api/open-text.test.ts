import { describe, expect, it } from 'vitest';
import { addQuestion, Client, createPoll, type Json } from './api-client.ts';
import { setUpOpenTextApi } from './open-text-fixtures.ts';

/** Issue 13: open-text and scale questions through the API: creation and ballots (moderation: moderation.test.ts; reveal, reset, duplicate, export: open-text-lifecycle.test.ts). */

const { api, openPoll, vote, summaryQ } = setUpOpenTextApi();

describe('creating open-text and scale questions', () => {
  it('makes them without options; a scale keeps its maximum and labels, blank = none', async () => {
    const poll = await createPoll(api.host);
    const text = await addQuestion(api.host, poll, {
      text: 'Una palabra',
      type: 'text',
      // The form's blank option rows are ignored.
      options: [{ text: '' }, { text: '' }],
    });
    expect(text).toMatchObject({ type: 'text', options: [], scale: null });
    const scale = await addQuestion(api.host, poll, {
      text: 'Del 1 al 10',
      type: 'scale',
      scale: { max: 10, minLabel: ' Nada ', maxLabel: '   ' },
    });
    expect(scale).toMatchObject({
      type: 'scale',
      options: [],
      scale: { max: 10, minLabel: 'Nada', maxLabel: null },
    });
    const view = (await api.host.get(`/polls/${poll.slug}`)).body;
    expect(view.questions.map((q: Json) => q.options)).toEqual([[], []]);
    const single = view.questions.find((q: Json) => q.type === 'single');
    expect(single).toBeUndefined();
  });

  it('refuses options with them, a scale without its scale, and a scale elsewhere', async () => {
    const poll = await createPoll(api.host);
    const cases: [Record<string, unknown>, string][] = [
      [
        { text: 'T', type: 'text', options: [{ text: 'A' }] },
        'Las preguntas de respuesta abierta y de escala no llevan opciones',
      ],
      [
        { text: 'E', type: 'scale', scale: { max: 5 }, options: [{ text: 'A' }] },
        'Las preguntas de respuesta abierta y de escala no llevan opciones',
      ],
      [{ text: 'E', type: 'scale' }, 'Indica la escala de la pregunta: de 1 a 5 o de 1 a 10'],
      [{ text: 'E', type: 'scale', scale: { max: 7 } }, 'La escala va de 1 a 5 o de 1 a 10'],
      [
        { text: 'S', type: 'single', options: [{ text: 'A' }], scale: { max: 5 } },
        'Solo las preguntas de escala llevan escala',
      ],
      [
        { text: 'E', type: 'scale', scale: { max: 5, minLabel: 'x'.repeat(41) } },
        'La etiqueta de la escala no puede exceder 40 caracteres',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await api.host.post(`/polls/${poll.slug}/questions`, body, poll);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    expect((await api.host.get(`/polls/${poll.slug}`)).body.questions).toEqual([]);
  });

  it('refuses options added to them, and hides the scale values from the option routes', async () => {
    const { poll, text, scale } = await openPoll();
    for (const q of [text, scale]) {
      const res = await api.host.post(`/questions/${q.id}/options`, { text: 'Otra' }, poll);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'Las preguntas de respuesta abierta y de escala no llevan opciones',
      );
    }
    const row = (await api.store.listQuestions((await api.store.getPollBySlug(poll.slug))!.id))
      .find((q) => q.id === scale.id)!
      .options.at(0)!;
    const res = await api.host.put(`/options/${row.id}`, { text: 'hack' }, poll);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('OPTION_NOT_FOUND');
  });

  it('changes a scale: a lower maximum drops the answers above it', async () => {
    const { poll, scale, text } = await openPoll({ oneVotePerQuestion: true });
    const high = new Client(api.app);
    expect((await vote(poll, [{ questionId: scale.id, value: 5 }], high)).status).toBe(201);
    expect((await vote(poll, [{ questionId: scale.id, value: 2 }])).status).toBe(201);
    const wider = await api.host.put(`/questions/${scale.id}`, { scale: { max: 10 } }, poll);
    expect(wider.body.scale).toEqual({ max: 10, minLabel: null, maxLabel: null });
    expect((await vote(poll, [{ questionId: scale.id, value: 9 }])).status).toBe(201);
    const narrower = await api.host.put(`/questions/${scale.id}`, { scale: { max: 5 } }, poll);
    expect(narrower.status).toBe(200);
    const q = await summaryQ(poll, scale.id);
    expect(q.values.map((v: Json) => v.count)).toEqual([0, 1, 0, 0, 1]);
    expect(q.average).toBe(3.5);
    const other = await api.host.put(`/questions/${text.id}`, { scale: { max: 5 } }, poll);
    expect(other.status).toBe(400);
    expect(other.body.message).toBe('Solo las preguntas de escala llevan escala');
  });
});

describe('ballots of open-text and scale questions', () => {
  it('counts answers: words, newest answers first, values and the exact average', async () => {
    const { poll, text, scale, single } = await openPoll();
    const answers = [
      'Aprender',
      'aprender',
      '¡aprender!',
      'Trabajo en equipo',
      'trabajo en EQUIPO',
    ];
    for (const [i, t] of answers.entries()) {
      const res = await vote(poll, [
        { questionId: text.id, text: t },
        { questionId: scale.id, value: (i % 3) + 3 },
        { questionId: single.id, optionIds: [single.options[0].id] },
      ]);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ saved: 3 });
    }
    const q = await summaryQ(poll, text.id);
    expect(q).toMatchObject({ type: 'text', options: [], totalAnswers: 5, respondents: 5 });
    // Folded together, showing the spelling most answers used (a tie: the first in code-point
    // order); a short answer is one phrase.
    expect(q.words).toEqual([
      { text: 'aprender', count: 3 },
      { text: 'Trabajo en equipo', count: 2 },
    ]);
    expect(q.answers.map((a: Json) => a.text)).toEqual([...answers].reverse());
    expect(q.answers[0]).toEqual({
      id: expect.any(Number),
      text: 'trabajo en EQUIPO',
      createdAt: expect.any(String),
    });
    expect(q).not.toHaveProperty('pendingCount');

    const s = await summaryQ(poll, scale.id);
    // Values 3, 4, 5, 3, 4.
    expect(s).toMatchObject({
      type: 'scale',
      options: [],
      totalAnswers: 5,
      respondents: 5,
      scale: { max: 5, minLabel: 'Nada', maxLabel: 'Mucho' },
      values: [
        { value: 1, count: 0 },
        { value: 2, count: 0 },
        { value: 3, count: 2 },
        { value: 4, count: 2 },
        { value: 5, count: 1 },
      ],
      average: 3.8,
    });
    const hostQ = await summaryQ(poll, text.id, poll.secret);
    expect(hostQ.pendingCount).toBe(0);
    expect(hostQ.answers.every((a: Json) => a.state === 'visible')).toBe(true);
  });

  it('has a null average and zero counts with no answers', async () => {
    const { poll, scale, text } = await openPoll();
    expect(await summaryQ(poll, scale.id)).toMatchObject({ average: null, totalAnswers: 0 });
    expect((await summaryQ(poll, scale.id)).values).toHaveLength(5);
    expect(await summaryQ(poll, text.id)).toMatchObject({
      words: [],
      answers: [],
      totalAnswers: 0,
    });
  });

  it('refuses a shape that does not fit the type with 400 INVALID_BALLOT in Spanish', async () => {
    const { poll, text, scale, single } = await openPoll();
    const cases: [unknown, string][] = [
      [{ questionId: text.id, optionIds: [single.options[0].id] }, 'espera una respuesta escrita'],
      [{ questionId: text.id, value: 3 }, 'espera una respuesta escrita'],
      [{ questionId: scale.id, text: 'cinco' }, 'espera un valor de 1 a 5'],
      [{ questionId: scale.id, value: 6 }, 'debe estar entre 1 y 5'],
      [
        { questionId: scale.id, value: 0 },
        'El valor de la escala debe ser un número entero de 1 a 10',
      ],
      [
        { questionId: scale.id, value: 2.5 },
        'El valor de la escala debe ser un número entero de 1 a 10',
      ],
      [{ questionId: single.id, text: 'Rojo' }, 'elige una de las opciones'],
      [{ questionId: single.id, value: 1 }, 'elige una de las opciones'],
      [
        { questionId: text.id, text: 'a' },
        'La respuesta debe tener al menos 2 caracteres visibles',
      ],
      [
        { questionId: text.id, text: ' 👍 ' },
        'La respuesta debe tener al menos 2 caracteres visibles',
      ],
      [{ questionId: text.id, text: 'a\u200B\u200B' }, 'al menos 2 caracteres visibles'],
      [
        { questionId: text.id, text: 'x'.repeat(141) },
        'La respuesta no puede exceder 140 caracteres',
      ],
      [{ questionId: text.id, text: '   ' }, 'Escribe una respuesta'],
      [{ questionId: text.id, text: 'hola\u202Emundo' }, 'dirección de la escritura'],
      [{ questionId: text.id, text: 'hola\u0000' }, 'caracteres de control'],
      [{ questionId: text.id }, 'Cada respuesta lleva optionIds, text o value'],
      [{ questionId: text.id, text: 42 }, 'Cada respuesta lleva optionIds, text o value'],
    ];
    for (const [answer, message] of cases) {
      const res = await vote(poll, [answer]);
      expect(res.status, JSON.stringify(answer)).toBe(400);
      expect(res.body.code).toBe('INVALID_BALLOT');
      expect(res.body.message).toContain(message);
    }
    const counts = await api.store.getVoteCounts((await api.store.getPollBySlug(poll.slug))!.id);
    expect(counts.ballots).toBe(0);
  });

  it('keeps 140 characters exactly, after trimming, in NFC', async () => {
    const { poll, text } = await openPoll();
    const long = 'é'.repeat(140);
    // 280 code units in NFD, 140 once composed: the limit counts the stored (NFC) text.
    const res = await vote(poll, [{ questionId: text.id, text: `  ${long.normalize('NFD')}  ` }]);
    expect(res.status).toBe(201);
    const q = await summaryQ(poll, text.id);
    expect(q.answers[0].text).toBe(long);
    const nfd = await vote(poll, [{ questionId: text.id, text: 'cafe\u0301' }]);
    expect(nfd.status).toBe(201);
    expect((await summaryQ(poll, text.id)).answers[0].text).toBe('café');
  });

  it('takes one answer per participant per question with one vote per question on', async () => {
    const { poll, text, scale } = await openPoll({ oneVotePerQuestion: true });
    const phone = new Client(api.app);
    expect((await vote(poll, [{ questionId: text.id, text: 'Hola' }], phone)).status).toBe(201);
    const again = await vote(poll, [{ questionId: text.id, text: 'Otra vez' }], phone);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_VOTED');
    expect((await vote(poll, [{ questionId: scale.id, value: 1 }], phone)).status).toBe(201);
    const twice = await vote(poll, [{ questionId: scale.id, value: 2 }], phone);
    expect(twice.body.code).toBe('ALREADY_VOTED');
    expect((await phone.get(`/polls/${poll.slug}/me`)).body.answeredQuestionIds).toEqual(
      [text.id, scale.id].sort((a, b) => a - b),
    );
  });

  it('lists a participant’s open answers as answered with one vote per question off', async () => {
    const { poll, text } = await openPoll({ oneVotePerQuestion: false });
    const phone = new Client(api.app);
    await vote(poll, [{ questionId: text.id, text: 'Uno' }], phone);
    await vote(poll, [{ questionId: text.id, text: 'Dos' }], phone);
    expect((await phone.get(`/polls/${poll.slug}/me`)).body.answeredQuestionIds).toEqual([text.id]);
    expect((await summaryQ(poll, text.id)).totalAnswers).toBe(2);
  });

  it('replays an Idempotency-Key for the same text and refuses it for another', async () => {
    const { poll, text } = await openPoll();
    const headers = { 'idempotency-key': 'clave-texto-1' };
    const body = { answers: [{ questionId: text.id, text: 'Hola' }] };
    const first = await api.host.post(`/polls/${poll.slug}/votes`, body, { headers });
    const replay = await api.host.post(`/polls/${poll.slug}/votes`, body, { headers });
    expect([first.status, replay.status]).toEqual([201, 201]);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const other = await api.host.post(
      `/polls/${poll.slug}/votes`,
      { answers: [{ questionId: text.id, text: 'Adiós' }] },
      { headers },
    );
    expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');
    expect((await summaryQ(poll, text.id)).totalAnswers).toBe(1);
  });
});
