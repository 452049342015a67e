import { parse } from 'csv-parse/sync';
import readExcelFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import {
  addQuestion,
  Client,
  createPoll,
  type HostedPoll,
  type Json,
  setStatus,
  setUpTestApp,
} from './api-client.ts';

/** Issue 26: 'Ordenar' (ranking) and 'Número' (number) through the API. */

const api = setUpTestApp();
const FRUITS = ['Manzana', 'Pera', 'Uva', 'Kiwi'];

async function pollWithTypes(settings: Record<string, boolean> = {}) {
  const poll = await createPoll(api.host, {
    title: 'Tipos',
    settings: { resultsPublic: true, ...settings },
  });
  const ranking = await addQuestion(api.host, poll, {
    text: 'Ordena de más a menos dulce',
    type: 'ranking',
    options: FRUITS.map((text) => ({ text })),
  });
  const number = await addQuestion(api.host, poll, {
    text: '¿Cuántos km hay?',
    type: 'number',
    number: { min: 0, max: 100, decimals: 1, unit: 'km' },
    ...(settings.quiz ? { correctValue: 40, tolerance: 2 } : {}),
  });
  return { poll, ranking, number };
}

const ids = (q: Json, ...order: number[]) => order.map((i) => q.options[i].id);
const vote = (client: Client, poll: HostedPoll, answers: unknown[]) =>
  client.post(`/polls/${poll.slug}/votes`, { answers });

describe('creating ranking and number questions', () => {
  it('keeps a ranking options in the authored order and a number range', async () => {
    const { ranking, number } = await pollWithTypes();
    expect(ranking).toMatchObject({ type: 'ranking', scale: null });
    expect(ranking.options.map((o: Json) => [o.text, o.ordinal])).toEqual(
      FRUITS.map((t, i) => [t, i + 1]),
    );
    expect(number).toMatchObject({
      type: 'number',
      options: [],
      number: { min: 0, max: 100, decimals: 1, unit: 'km' },
      correctValue: null,
      tolerance: null,
    });
  });

  it('refuses what does not fit the type with 400 and a Spanish message', async () => {
    const poll = await createPoll(api.host);
    const cases: [Record<string, unknown>, string][] = [
      [{ text: 'R', type: 'ranking', options: [{ text: 'A' }] }, 'lleva de 2 a 10 opciones'],
      [
        {
          text: 'R',
          type: 'ranking',
          options: Array.from({ length: 11 }, (_, i) => ({ text: `${i}` })),
        },
        'lleva de 2 a 10 opciones',
      ],
      [{ text: 'N', type: 'number' }, 'Indica el rango de la pregunta'],
      [{ text: 'N', type: 'number', number: { min: 5, max: 5 } }, 'mayor que el mínimo'],
      [
        { text: 'N', type: 'number', number: { min: 0, max: 9, decimals: 4 } },
        'Los decimales van de 0 a 3',
      ],
      [
        { text: 'N', type: 'number', number: { min: 0, max: 9, unit: 'x'.repeat(13) } },
        '12 caracteres',
      ],
      [
        { text: 'N', type: 'number', number: { min: 0, max: 9 }, correctValue: 10 },
        'El valor correcto debe estar dentro del rango',
      ],
      [
        { text: 'N', type: 'number', number: { min: 0, max: 9 }, tolerance: -1 },
        'El margen debe ser un número igual o mayor que 0',
      ],
      [
        { text: 'S', type: 'single', options: [{ text: 'A' }], correctValue: 1 },
        'Solo las preguntas de número llevan valor correcto y margen',
      ],
      [
        { text: 'S', type: 'single', options: [{ text: 'A' }], number: { min: 0, max: 1 } },
        'Solo las preguntas de número llevan rango',
      ],
      [
        { text: 'N', type: 'number', number: { min: 0, max: 1 }, options: [{ text: 'A' }] },
        'Las preguntas de número no llevan opciones',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await api.host.post(`/polls/${poll.slug}/questions`, body, poll);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.message).toContain(message);
    }
  });
});

describe('answering ranking and number questions', () => {
  it('refuses each wrong answer with 400 INVALID_BALLOT in Spanish, storing nothing', async () => {
    const { poll, ranking, number } = await pollWithTypes();
    await setStatus(api.host, poll, 'open');
    const cases: [unknown, string][] = [
      [{ questionId: ranking.id, ranking: ids(ranking, 0, 1, 2) }, 'Ordena todas las opciones'],
      [{ questionId: ranking.id, ranking: ids(ranking, 0, 1, 2, 2) }, 'Ordena todas las opciones'],
      [{ questionId: ranking.id, ranking: [...ids(ranking, 0, 1, 2), 999_999] }, 'Ordena todas'],
      [{ questionId: ranking.id, optionIds: ids(ranking, 0) }, 'espera las opciones ordenadas'],
      [{ questionId: number.id, value: 150 }, 'Escribe un número entre 0 y 100'],
      [{ questionId: number.id, value: -1 }, 'Escribe un número entre 0 y 100'],
      [{ questionId: number.id, value: 3.25 }, 'con un decimal como máximo'],
      [{ questionId: number.id, text: 'tres' }, 'espera un número'],
      [{ questionId: number.id, ranking: [1] }, 'espera un número'],
      [{ questionId: number.id, value: 'tres' }, 'Cada respuesta lleva optionIds, text o value'],
    ];
    for (const [answer, message] of cases) {
      const res = await vote(new Client(api.app), poll, [answer]);
      expect(res.status, JSON.stringify(answer)).toBe(400);
      expect(res.body.code).toBe('INVALID_BALLOT');
      expect(res.body.message).toContain(message);
    }
    const counts = await api.store.getVoteCounts((await api.store.getPollBySlug(poll.slug))!.id);
    expect(counts.ballots).toBe(0);
  });

  it('keeps the scale messages for a scale beside a number question', async () => {
    const { poll } = await pollWithTypes();
    const scale = await addQuestion(api.host, poll, {
      text: 'Escala',
      type: 'scale',
      scale: { max: 5 },
    });
    await setStatus(api.host, poll, 'open');
    for (const [value, message] of [
      [2.5, 'El valor de la escala debe ser un número entero de 1 a 10'],
      [7, 'debe estar entre 1 y 5'],
    ] as const) {
      const res = await vote(new Client(api.app), poll, [{ questionId: scale.id, value }]);
      expect(res.body).toMatchObject({ code: 'INVALID_BALLOT' });
      expect(res.body.message).toContain(message);
    }
  });

  it('sums places, Borda points and number statistics into the summary', async () => {
    const { poll, ranking, number } = await pollWithTypes();
    await setStatus(api.host, poll, 'open');
    const ballots: [number[], number][] = [
      [[0, 1, 2, 3], 10],
      [[1, 0, 2, 3], 20.5],
      [[0, 2, 1, 3], 99.9],
    ];
    for (const [order, value] of ballots) {
      const res = await vote(new Client(api.app), poll, [
        { questionId: ranking.id, ranking: ids(ranking, ...order) },
        { questionId: number.id, value },
      ]);
      expect(res.status).toBe(201);
    }
    const summary = (await new Client(api.app).get(`/polls/${poll.slug}/summary`)).body;
    const r = summary.questions.find((q: Json) => q.id === ranking.id);
    expect(r.respondents).toBe(3);
    expect(r.options.map((o: Json) => o.text)).toEqual(FRUITS);
    expect(r.options[0]).toMatchObject({
      meanRank: 4 / 3,
      points: 4 + 3 + 4,
      positions: [2, 1, 0, 0],
    });
    expect(r.options[3]).toMatchObject({ meanRank: 4, points: 3, positions: [0, 0, 0, 3] });
    const n = summary.questions.find((q: Json) => q.id === number.id);
    expect(n).toMatchObject({
      respondents: 3,
      median: 20.5,
      min: 10,
      max: 99.9,
      number: { min: 0, max: 100, decimals: 1, unit: 'km' },
    });
    expect(n.mean).toBeCloseTo((10 + 20.5 + 99.9) / 3);
    expect(n.histogram.length).toBeGreaterThanOrEqual(5);
    expect(n.histogram.length).toBeLessThanOrEqual(20);
    expect(n.histogram[0].from).toBe(0);
    expect(n.histogram.at(-1).to).toBe(100);
    expect(n.histogram.reduce((s: number, b: Json) => s + b.count, 0)).toBe(3);
    expect(n).not.toHaveProperty('correctValue');
  });

  it('hides the counts of a hidden question from the audience, not from the host', async () => {
    const { poll, ranking, number } = await pollWithTypes();
    await setStatus(api.host, poll, 'open');
    for (const q of [ranking, number]) {
      await api.host.put(`/questions/${q.id}`, { resultsHidden: true }, poll);
    }
    await vote(new Client(api.app), poll, [{ questionId: number.id, value: 4 }]);
    const pub = (await new Client(api.app).get(`/polls/${poll.slug}/summary`)).body;
    const host = (await api.host.get(`/polls/${poll.slug}/summary`, poll)).body;
    const pubN = pub.questions.find((q: Json) => q.id === number.id);
    expect(pubN).not.toHaveProperty('histogram');
    expect(pubN).not.toHaveProperty('median');
    expect(pub.questions.find((q: Json) => q.id === ranking.id).options[0]).not.toHaveProperty(
      'points',
    );
    expect(host.questions.find((q: Json) => q.id === number.id).median).toBe(4);
  });
});

describe('ranking and number questions in a quiz', () => {
  async function quizPoll() {
    const made = await pollWithTypes({ quiz: true });
    await setStatus(api.host, made.poll, 'open');
    const players = ['Ana', 'Beto', 'Carla'].map((nickname) => {
      const client = new Client(api.app);
      return { client, nickname };
    });
    for (const p of players) {
      const res = await p.client.put(`/polls/${made.poll.slug}/me`, { nickname: p.nickname });
      expect(res.status).toBe(200);
    }
    return { ...made, players };
  }
  const show = (poll: HostedPoll, questionId: number) =>
    api.host.patch(`/polls/${poll.slug}`, { currentQuestionId: questionId }, poll);
  const close = (poll: HostedPoll, questionId: number) =>
    api.host.post(`/polls/${poll.slug}/questions/${questionId}/close`, undefined, poll);

  it('hides correctValue and the ranking order from non-hosts until the close, then scores', async () => {
    const { poll, ranking, number, players } = await quizPoll();
    const [ana, beto, carla] = players as [
      (typeof players)[0],
      (typeof players)[0],
      (typeof players)[0],
    ];
    expect(number).toMatchObject({ correctValue: 40, tolerance: 2 });

    await show(poll, number.id);
    const routes = async () => {
      const view = (await ana.client.get(`/polls/${poll.slug}`)).body;
      const summary = (await ana.client.get(`/polls/${poll.slug}/summary`)).body;
      const page = (await api.app.inject({ url: `/p/${poll.slug}` })).body;
      return { view, summary, page };
    };
    let seen = await routes();
    const n = seen.view.questions.find((q: Json) => q.id === number.id);
    expect(n.number).toEqual({ min: 0, max: 100, decimals: 1, unit: 'km' });
    expect(n).not.toHaveProperty('correctValue');
    expect(JSON.stringify(seen.summary)).not.toContain('correctValue');
    expect(seen.page).not.toContain('correctValue');
    expect((await api.host.get(`/polls/${poll.slug}`, poll)).body.questions[1].correctValue).toBe(
      40,
    );

    // Full points inside the margin, partial up to 4 × it away, none beyond.
    await vote(ana.client, poll, [{ questionId: number.id, value: 41 }]);
    await vote(beto.client, poll, [{ questionId: number.id, value: 45 }]);
    await vote(carla.client, poll, [{ questionId: number.id, value: 60 }]);
    await close(poll, number.id);
    seen = await routes();
    expect(seen.view.questions.find((q: Json) => q.id === number.id)).toMatchObject({
      correctValue: 40,
      tolerance: 2,
    });
    expect(seen.summary.questions.find((q: Json) => q.id === number.id)).toMatchObject({
      correctValue: 40,
      tolerance: 2,
      median: 45,
    });
    const results = async (p: (typeof players)[0]) =>
      (await p.client.get(`/polls/${poll.slug}/me`)).body.results.at(-1);
    const anaNumber = await results(ana);
    expect(anaNumber).toMatchObject({ correct: true });
    expect(anaNumber.points).toBeGreaterThan(500);
    const betoNumber = await results(beto);
    // 5 away with a margin of 2: (8 − 5) / 6 of the time's points.
    expect(betoNumber.correct).toBe(false);
    expect(betoNumber.points).toBe(Math.round((anaNumber.points * 3) / 6));
    expect(await results(carla)).toMatchObject({ correct: false, points: 0 });

    // A ranking: the authored order is the answer; others see an order that tells nothing.
    await show(poll, ranking.id);
    const shown = (await ana.client.get(`/polls/${poll.slug}`)).body.questions.find(
      (q: Json) => q.id === ranking.id,
    );
    const byId = [...ranking.options].sort((a: Json, b: Json) => a.id - b.id);
    expect(shown.options.map((o: Json) => o.id)).toEqual(byId.map((o: Json) => o.id));
    expect(shown.options.map((o: Json) => o.ordinal)).toEqual([1, 2, 3, 4]);
    await vote(ana.client, poll, [{ questionId: ranking.id, ranking: ids(ranking, 0, 1, 2, 3) }]);
    await vote(beto.client, poll, [{ questionId: ranking.id, ranking: ids(ranking, 1, 0, 2, 3) }]);
    // The last player's answer closes it.
    await vote(carla.client, poll, [{ questionId: ranking.id, ranking: ids(ranking, 3, 2, 1, 0) }]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const anaRank = await results(ana);
    expect(anaRank).toMatchObject({ questionId: ranking.id, correct: true });
    const betoRank = await results(beto);
    expect(betoRank.correct).toBe(false);
    expect(betoRank.points).toBeGreaterThan(0);
    expect(betoRank.points).toBeLessThan(anaRank.points);
    expect(await results(carla)).toMatchObject({ points: 0 });
    const after = (await ana.client.get(`/polls/${poll.slug}`)).body.questions.find(
      (q: Json) => q.id === ranking.id,
    );
    expect(after.options.map((o: Json) => o.text)).toEqual(FRUITS);
  });
});

describe('exporting ranking and number answers', () => {
  it('writes one column per place and the number as a number', async () => {
    const { poll, ranking, number } = await pollWithTypes();
    await setStatus(api.host, poll, 'open');
    await vote(new Client(api.app), poll, [
      { questionId: ranking.id, ranking: ids(ranking, 2, 0, 1, 3) },
      { questionId: number.id, value: 12.5 },
    ]);
    const get = (format: string) =>
      api.app.inject({
        url: `/api/v1/polls/${poll.slug}/export?format=${format}`,
        headers: { 'x-host-secret': poll.secret },
      });
    const csv = await get('csv');
    expect(csv.statusCode).toBe(200);
    const rows: string[][] = parse(csv.rawPayload, { bom: true, delimiter: ';' });
    const header = rows.findIndex((r) => r[0] === 'Papeleta');
    const title = `1. ${ranking.text}`;
    expect(rows[header]!.slice(2)).toEqual([
      `${title} (1.º)`,
      `${title} (2.º)`,
      `${title} (3.º)`,
      `${title} (4.º)`,
      `2. ${number.text}`,
    ]);
    expect(rows[header + 1]!.slice(2)).toEqual(['Uva', 'Manzana', 'Pera', 'Kiwi', '12,5']);

    const xlsx = await get('xlsx');
    const sheets = await readExcelFile(xlsx.rawPayload);
    const ballots = sheets.find((s) => s.sheet === 'Papeletas')!.data;
    expect(ballots[1]!.slice(2)).toEqual(['Uva', 'Manzana', 'Pera', 'Kiwi', 12.5]);
  });
});
