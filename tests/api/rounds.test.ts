import { parse } from 'csv-parse/sync';
import readExcelFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import {
  addQuestion,
  answer,
  Client,
  createPoll,
  type HostedPoll,
  type Json,
  openPollWithQuestions,
  setStatus,
  setUpTestApp,
  votes,
} from './api-client.ts';

/** Issue 27: rounds ('Nueva ronda', a round's results, 'Comparar', 'Borrar rondas'). */
const api = setUpTestApp();

const newRound = (poll: HostedPoll, secret = poll.secret) =>
  api.host.post(`/polls/${poll.slug}/rounds`, undefined, { secret });
const summary = (poll: HostedPoll, query: string, secret?: string) =>
  new Client(api.app).get(`/polls/${poll.slug}/summary${query}`, { secret });
const vote = (poll: HostedPoll, answers: unknown[]) =>
  new Client(api.app).post(votes(poll.slug), { answers });

/** A lesson's poll: the yes/no and multiple of openPollWithQuestions, plus a cloud and a scale. */
async function lesson(settings: Record<string, boolean> = {}) {
  const { poll, yesno, multi } = await openPollWithQuestions(api.host, settings);
  await setStatus(api.host, poll, 'draft');
  const cloud = await addQuestion(api.host, poll, { text: 'Una palabra', type: 'text' });
  const scale = await addQuestion(api.host, poll, {
    text: '¿Cuánto lo entiendes?',
    type: 'scale',
    scale: { max: 5 },
  });
  await setStatus(api.host, poll, 'open');
  return { poll, yesno, multi, cloud, scale };
}

describe('Nueva ronda', () => {
  it('archives round 1 as it closed and starts round 2 empty; phones vote again', async () => {
    const { poll, yesno, multi, cloud, scale } = await lesson();
    const phone = new Client(api.app);
    const first = [
      answer(yesno, 0),
      answer(multi, 0, 1),
      { questionId: cloud.id, text: 'fotosíntesis' },
      { questionId: scale.id, value: 2 },
    ];
    expect((await phone.post(votes(poll.slug), { answers: first })).status).toBe(201);
    expect((await vote(poll, [answer(yesno, 1), { questionId: scale.id, value: 4 }])).status).toBe(
      201,
    );
    const before = (await summary(poll, '', poll.secret)).body;

    expect(await newRound(poll)).toMatchObject({ status: 201, body: { round: 2 } });

    const now = (await summary(poll, '', poll.secret)).body;
    expect(now.totalVotes).toBe(0);
    // The archive holds round 1 exactly as the live summary showed it.
    const one = await summary(poll, '?round=1', poll.secret);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(before);
    // The same phone answers again, in round 2, without a new id.
    expect((await phone.post(votes(poll.slug), { answers: first })).status).toBe(201);
    const rounds = await api.host.get(`/polls/${poll.slug}/rounds`, { secret: poll.secret });
    expect(rounds.body).toMatchObject({
      current: 2,
      rounds: [{ round: 1, ballots: 2 }],
      discarded: 0,
    });
    // round=2 is the current round: the live summary.
    expect((await summary(poll, '?round=2', poll.secret)).body.totalVotes).toBe(1);
  });

  it('compares two rounds: paired shares with the change in points, two clouds, two averages', async () => {
    const { poll, yesno, multi, cloud, scale } = await lesson();
    await vote(poll, [answer(yesno, 0), answer(multi, 0), { questionId: cloud.id, text: 'sol' }]);
    await vote(poll, [answer(yesno, 1), answer(multi, 0, 1), { questionId: scale.id, value: 2 }]);
    await newRound(poll);
    await vote(poll, [answer(yesno, 0), answer(multi, 2), { questionId: cloud.id, text: 'agua' }]);
    await vote(poll, [answer(yesno, 0), { questionId: scale.id, value: 5 }]);

    const res = await summary(poll, '?compare=1,2', poll.secret);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rounds: [1, 2], totalVotes: [2, 2] });
    const byId = new Map<number, Json>(res.body.questions.map((q: Json) => [q.id, q]));
    // Sí: 50 % then 100 %: +50 points; No: 50 % then 0 %.
    expect(byId.get(yesno.id).options).toEqual([
      { id: yesno.options[0].id, text: 'Sí', before: 50, after: 100, points: 50 },
      { id: yesno.options[1].id, text: 'No', before: 50, after: 0, points: -50 },
    ]);
    // A multiple question's shares are of the people who answered it (may pass 100 in all).
    expect(byId.get(multi.id).options.map((o: Json) => [o.before, o.after, o.points])).toEqual([
      [100, 0, -100],
      [50, 0, -50],
      [0, 100, 100],
    ]);
    const words = byId.get(cloud.id);
    expect(words.before.words.map((w: Json) => w.text)).toEqual(['sol']);
    expect(words.after.words.map((w: Json) => w.text)).toEqual(['agua']);
    expect(byId.get(scale.id).average).toEqual({ before: 2, after: 5, change: 3 });
  });

  it('keeps the results private from whoever may not see them, in any round', async () => {
    const { poll, yesno } = await lesson();
    await vote(poll, [answer(yesno, 0)]);
    await newRound(poll);
    for (const query of ['?round=1', '?compare=1,2']) {
      expect(await summary(poll, query)).toMatchObject({
        status: 403,
        body: { code: 'RESULTS_PRIVATE' },
      });
    }
    expect((await api.host.get(`/polls/${poll.slug}/rounds`)).status).toBe(403);
  });

  it('refuses a bad round with a clear 4xx in Spanish', async () => {
    const { poll } = await lesson({ resultsPublic: true });
    await newRound(poll);
    const cases: [string, number, string][] = [
      ['?round=0', 400, 'VALIDATION_ERROR'],
      ['?round=abc', 400, 'VALIDATION_ERROR'],
      ['?round=1.5', 400, 'VALIDATION_ERROR'],
      ['?round=7', 404, 'ROUND_NOT_FOUND'],
      ['?compare=1', 400, 'VALIDATION_ERROR'],
      ['?compare=2,2', 400, 'VALIDATION_ERROR'],
      ['?compare=1,x', 400, 'VALIDATION_ERROR'],
      ['?compare=1,9', 404, 'ROUND_NOT_FOUND'],
      ['?round=1&compare=1,2', 400, 'VALIDATION_ERROR'],
    ];
    for (const [query, status, code] of cases) {
      const res = await summary(poll, query);
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status, code });
      expect(res.body.message).toMatch(/ronda|rondas|Compara|datos/i);
    }
    expect((await summary(poll, '?round=7')).body.message).toBe('Esta encuesta no tiene esa ronda');
  });

  it('needs the secret; a present link may start a round, but not delete the archive', async () => {
    const { poll } = await lesson();
    expect((await newRound(poll, 'no-es-el-secreto')).status).toBe(403);
    expect((await api.host.post(`/polls/${poll.slug}/rounds`)).status).toBe(401);
    const link = await api.host.post(
      `/polls/${poll.slug}/cohosts`,
      { scope: 'present', label: 'Proyector' },
      { secret: poll.secret },
    );
    expect(link.status).toBe(201);
    const cohost = decodeURIComponent(String(link.body.url).split('#')[1]!);
    expect(await newRound(poll, cohost)).toMatchObject({ status: 201, body: { round: 2 } });
    const denied = await api.host.delete(`/polls/${poll.slug}/rounds`, { secret: cohost });
    expect(denied).toMatchObject({ status: 403, body: { code: 'SCOPE_FORBIDDEN' } });
  });
});

describe('Resetear votos and Borrar rondas', () => {
  it('a reset empties the current round only; the archive stays', async () => {
    const { poll, yesno } = await lesson();
    await vote(poll, [answer(yesno, 0)]);
    await newRound(poll);
    await vote(poll, [answer(yesno, 1)]);
    const reset = await api.host.post(`/polls/${poll.slug}/reset`, undefined, {
      secret: poll.secret,
    });
    expect(reset.body).toEqual({ deletedVotes: 1 });
    expect((await summary(poll, '?round=1', poll.secret)).body.totalVotes).toBe(1);
    expect((await summary(poll, '?round=2', poll.secret)).body.totalVotes).toBe(0);
  });

  it('deletes the archive, undoably until the next round is archived', async () => {
    const { poll, yesno } = await lesson();
    const rounds = () => api.host.get(`/polls/${poll.slug}/rounds`, { secret: poll.secret });
    await vote(poll, [answer(yesno, 0)]);
    await newRound(poll);
    await newRound(poll);
    const deleted = await api.host.delete(`/polls/${poll.slug}/rounds`, { secret: poll.secret });
    expect(deleted).toMatchObject({ status: 200, body: { deletedRounds: 2 } });
    expect((await rounds()).body).toEqual({ current: 1, rounds: [], discarded: 2 });
    expect((await summary(poll, '?round=2', poll.secret)).status).toBe(404);

    const back = await api.host.post(`/polls/${poll.slug}/rounds/restore`, undefined, {
      secret: poll.secret,
    });
    expect(back.body).toEqual({ restoredRounds: 2 });
    expect((await rounds()).body).toMatchObject({ current: 3, discarded: 0 });
    expect((await summary(poll, '?round=1', poll.secret)).body.totalVotes).toBe(1);

    // Deleted again, then a new round: the deleted ones are gone for good, numbers reused.
    await api.host.delete(`/polls/${poll.slug}/rounds`, { secret: poll.secret });
    expect(await newRound(poll)).toMatchObject({ body: { round: 2 } });
    expect((await rounds()).body).toMatchObject({
      current: 2,
      rounds: [{ round: 1 }],
      discarded: 0,
    });
  });
});

describe('exports', () => {
  it('give one block (CSV) or sheet (XLSX) per round', async () => {
    const { poll, yesno } = await lesson();
    await vote(poll, [answer(yesno, 0)]);
    await vote(poll, [answer(yesno, 1)]);
    await newRound(poll);
    await vote(poll, [answer(yesno, 0)]);
    const file = (format: string) =>
      api.app.inject({
        url: `/api/v1/polls/${poll.slug}/export?format=${format}`,
        headers: { 'x-host-secret': poll.secret },
      });
    const csv = parse((await file('csv')).body.replace(/^\uFEFF/, ''), {
      delimiter: ';',
      relaxColumnCount: true,
    }) as string[][];
    const trimmed = csv.map((row) => {
      const cells = [...row];
      while (cells.length && cells.at(-1) === '') cells.pop();
      return cells;
    });
    expect(trimmed).toContainEqual(['Ronda actual', '2']);
    const current = trimmed.findIndex((r) => r[0] === 'Resumen' && r[1] === 'Ronda 2');
    const first = trimmed.findIndex((r) => r[0] === 'Resumen' && r[1] === 'Ronda 1');
    expect(current).toBeGreaterThan(0);
    expect(first).toBeGreaterThan(current);
    expect(trimmed[first + 1]).toEqual(['Papeletas', '2']);
    // Round 1: Sí 1 of 2 (50 %), No 1; round 2: Sí 1 of 1.
    expect(trimmed[first + 3]?.slice(2, 5)).toEqual(['Sí', '1', '50']);
    expect(trimmed[current + 2]?.slice(2, 5)).toEqual(['Sí', '1', '100']);

    const sheets = await readExcelFile((await file('xlsx')).rawPayload);
    expect(sheets.map((s) => s.sheet)).toEqual(['Resumen', 'Ronda 1', 'Papeletas']);
    const one = sheets[1]!.data;
    expect(one[0]!.slice(0, 2)).toEqual(['Papeletas', 2]);
    expect(one[3]!.slice(2, 5)).toEqual(['Sí', 1, 0.5]);
  });
});

describe('a quiz in rounds', () => {
  it('keeps each round its leaderboard and % correct; players start again', async () => {
    const created = await createPoll(api.host, {
      title: 'Concurso',
      settings: { quiz: true, resultsPublic: true },
    });
    const q = await addQuestion(api.host, created, {
      text: 'Capital de Francia',
      type: 'single',
      timeLimitSeconds: 60,
      options: [{ text: 'Roma' }, { text: 'París', correct: true }],
    });
    await setStatus(api.host, created, 'open');
    // Everyone joins before answering: the question closes once every player answered.
    const play = async (answers: [string, number][]) => {
      const phones = [];
      for (const [nickname] of answers) {
        const phone = new Client(api.app);
        await phone.get(`/polls/${created.slug}`);
        expect((await phone.put(`/polls/${created.slug}/me`, { nickname })).status).toBe(200);
        phones.push(phone);
      }
      await api.host.patch(
        `/polls/${created.slug}`,
        { currentQuestionId: q.id },
        { secret: created.secret },
      );
      for (const [i, [, option]] of answers.entries()) {
        const sent = await phones[i]!.post(votes(created.slug), { answers: [answer(q, option)] });
        expect(sent.status).toBe(201);
      }
      await expect
        .poll(async () => (await summary(created, '')).body.questions[0].totalAnswers)
        .toBe(answers.length);
    };
    await play([
      ['Ana', 0],
      ['Bea', 1],
    ]);
    await newRound(created);
    // The nicknames are free again: players start afresh.
    await play([
      ['Ana', 1],
      ['Bea', 1],
      ['Carla', 1],
      ['Dani', 0],
    ]);
    const res = await summary(created, '?compare=1,2');
    expect(res.status).toBe(200);
    expect(res.body.questions[0].correctPercent).toEqual({ before: 50, after: 75, change: 25 });
    const board = await api.host.get(`/polls/${created.slug}/leaderboard?round=1`);
    expect(board.body.players).toBe(2);
    expect(board.body.entries[0].nickname).toBe('Bea');
    const live = await api.host.get(`/polls/${created.slug}/leaderboard`);
    expect(live.body.players).toBe(4);
  });
});
