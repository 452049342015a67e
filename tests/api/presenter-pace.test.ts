import { parse } from 'csv-parse/sync';
import readExcelFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import {
  addQuestion,
  answer,
  Client,
  createPoll,
  type HostedPoll,
  setStatus,
  setUpTestApp,
  votes,
} from './api-client.ts';

/**
 * The presenter pace as the server enforces it (issue 19) and its ballots in the exports: one
 * row per participant although each sends one ballot per question (issue 17).
 */
const api = setUpTestApp();

async function pacedPoll(settings: Record<string, boolean> = {}) {
  const poll = await createPoll(api.host, {
    title: 'Clase al ritmo',
    settings: { presenterPace: true, ...settings },
  });
  const first = await addQuestion(api.host, poll, { text: '¿Primera?', type: 'yesno' });
  const second = await addQuestion(api.host, poll, {
    text: '¿Segunda?',
    type: 'single',
    options: [{ text: 'A' }, { text: 'B' }],
  });
  await setStatus(api.host, poll, 'open');
  return { poll, first, second };
}

const show = (poll: HostedPoll, questionId: number | null) =>
  api.host.patch(`/polls/${poll.slug}`, { currentQuestionId: questionId }, { secret: poll.secret });

describe('presenter pace enforced by the server', () => {
  it('refuses a ballot for a question the presenter is not showing: 409 QUESTION_NOT_CURRENT', async () => {
    const { poll, first, second } = await pacedPoll();
    const phone = new Client(api.app);
    // Nothing shown yet: no question may be answered.
    const early = await phone.post(votes(poll.slug), { answers: [answer(first, 0)] });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      code: 'QUESTION_NOT_CURRENT',
      message:
        'Esa pregunta no es la que muestra ahora el presentador; responde la pregunta actual',
    });

    await show(poll, first.id);
    const ahead = await phone.post(votes(poll.slug), { answers: [answer(second, 0)] });
    expect(ahead.status).toBe(409);
    expect(ahead.body.code).toBe('QUESTION_NOT_CURRENT');
    // A ballot with the current question and another one is refused whole.
    const both = await phone.post(votes(poll.slug), {
      answers: [answer(first, 0), answer(second, 1)],
    });
    expect(both.body.code).toBe('QUESTION_NOT_CURRENT');
    expect((await phone.post(votes(poll.slug), { answers: [answer(first, 0)] })).status).toBe(201);

    // The presenter moves on at once: the question just shown is taken at once too.
    await show(poll, second.id);
    expect((await phone.post(votes(poll.slug), { answers: [answer(second, 1)] })).status).toBe(201);
    const summary = (await api.host.get(`/polls/${poll.slug}/summary`, { secret: poll.secret }))
      .body;
    expect(summary.totalVotes).toBe(2);
  });

  it('takes any question once the pace is off', async () => {
    const { poll, second } = await pacedPoll();
    await api.host.patch(
      `/polls/${poll.slug}`,
      { settings: { presenterPace: false } },
      { secret: poll.secret },
    );
    const res = await new Client(api.app).post(votes(poll.slug), { answers: [answer(second, 0)] });
    expect(res.status).toBe(201);
  });
});

describe('exports with the presenter pace: one row per participant', () => {
  /** Three people; Ana and Luis answer both questions, Marta only the first. */
  async function pacedClass(settings: Record<string, boolean> = {}) {
    const { poll, first, second } = await pacedPoll(settings);
    const [ana, luis, marta] = [new Client(api.app), new Client(api.app), new Client(api.app)];
    await show(poll, first.id);
    for (const [phone, i] of [
      [ana, 0],
      [luis, 1],
      [marta, 0],
    ] as const) {
      expect((await phone.post(votes(poll.slug), { answers: [answer(first, i)] })).status).toBe(
        201,
      );
    }
    await show(poll, second.id);
    for (const [phone, i] of [
      [luis, 0],
      [ana, 1],
    ] as const) {
      expect((await phone.post(votes(poll.slug), { answers: [answer(second, i)] })).status).toBe(
        201,
      );
    }
    return { poll, ana };
  }

  const exportOf = (poll: HostedPoll, format: string) =>
    api.app.inject({
      url: `/api/v1/polls/${poll.slug}/export?format=${format}`,
      headers: { 'x-host-secret': poll.secret },
    });

  function csvBallots(body: Buffer): string[][] {
    const rows: string[][] = parse(body, { bom: true, delimiter: ';' });
    const header = rows.findIndex((r) => r[0] === 'Papeleta');
    return rows.slice(header + 1).map((r) => [r[0]!, ...r.slice(2, 4)]);
  }

  it('CSV: five ballots of three people are three rows', async () => {
    const { poll } = await pacedClass();
    const res = await exportOf(poll, 'csv');
    expect(res.statusCode).toBe(200);
    expect(csvBallots(res.rawPayload)).toEqual([
      ['1', 'Sí', 'B'],
      ['2', 'No', 'A'],
      ['3', 'Sí', ''],
    ]);
    // The header counts the rows listed, not the 5 ballots (issue 24: 'Papeletas 48' over 10 rows).
    const head: string[][] = parse(res.rawPayload, { bom: true, delimiter: ';' });
    expect(head[4]!.slice(0, 2)).toEqual(['Papeletas', '3']);
  });

  it('XLSX: the ballots sheet has one row per participant too', async () => {
    const { poll } = await pacedClass();
    const sheets = await readExcelFile((await exportOf(poll, 'xlsx')).rawPayload);
    const ballots = sheets.find((s) => s.sheet === 'Papeletas')!.data;
    expect(sheets[0]!.data[4]!.slice(0, 2)).toEqual(['Papeletas', 3]);
    expect(ballots.slice(1).map((r) => [r[0], r[2], r[3] ?? null])).toEqual([
      [1, 'Sí', 'B'],
      [2, 'No', 'A'],
      [3, 'Sí', null],
    ]);
  });

  it('a second answer to the same question (one vote per question off) is a row of its own', async () => {
    const { poll, ana } = await pacedClass({ oneVotePerQuestion: false });
    const second = (await api.host.get(`/polls/${poll.slug}`)).body.questions[1];
    expect((await ana.post(votes(poll.slug), { answers: [answer(second, 0)] })).status).toBe(201);
    expect(csvBallots((await exportOf(poll, 'csv')).rawPayload)).toEqual([
      ['1', 'Sí', 'B'],
      ['2', 'No', 'A'],
      ['3', 'Sí', ''],
      ['4', '', 'A'],
    ]);
  });
});
