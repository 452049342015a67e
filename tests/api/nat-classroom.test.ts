import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, DEFAULT_RATE_LIMITS } from '../../src/server/limits.ts';
import { httpFrom } from '../helpers/http-from.ts';
import {
  answerAll,
  apiCall,
  closePages,
  joinPhones,
  openPages,
  type Phone,
  readingTime,
  tally,
} from '../helpers/nat-room.ts';
import { setUpTestApp } from './api-client.ts';

/**
 * Issue 25: a classroom behind one school address, with the DEFAULT limits, over real HTTP. 300
 * phones (every fetch of this process is 127.0.0.1 to the server) open the page, hold its event
 * stream, take nicknames and answer every question of a quiz and of a presenter-paced poll: not
 * one refusal. A script dropping its cookie from one address still adds at most the ballot
 * bucket's burst and rate. Issue 24: the same room joins by the 6-digit code.
 */

const PHONES = 300;
const api = setUpTestApp({ listen: true, config: { rateLimits: DEFAULT_RATE_LIMITS } });
const phones: Phone[] = [];
afterAll(() => closePages(phones));

const seatsRipen = () =>
  new Promise((resolve) => setTimeout(resolve, DEFAULT_LIMITS.SEAT_MIN_AGE_MS + 250));

async function hostPoll(title: string, settings: Record<string, boolean>, questions: object[]) {
  const created = await apiCall(api.apiUrl, 'POST', '/polls', { body: { title, settings } });
  const { slug, host_secret: secret } = created.body;
  const made = [];
  for (const q of questions) {
    made.push(
      (await apiCall(api.apiUrl, 'POST', `/polls/${slug}/questions`, { body: q, secret })).body,
    );
  }
  await apiCall(api.apiUrl, 'PATCH', `/polls/${slug}`, { body: { status: 'open' }, secret });
  const show = (questionId: number) =>
    apiCall(api.apiUrl, 'PATCH', `/polls/${slug}`, {
      body: { currentQuestionId: questionId },
      secret,
    });
  return { slug, secret, joinCode: created.body.joinCode as string, questions: made, show };
}

const fourOptions = (n: number) => ({
  text: `Pregunta ${n}`,
  type: 'single',
  timeLimitSeconds: 120,
  options: [{ text: 'A', correct: true }, { text: 'B' }, { text: 'C' }, { text: 'D' }],
});

describe('a classroom of 300 behind one address, default limits', () => {
  it('joins by the code without a refusal, while wrong codes stay limited', async () => {
    const quiz = await hostPoll('Concurso', { quiz: true }, [fourOptions(1)]);
    const joins = await Promise.all(
      Array.from({ length: PHONES }, () =>
        apiCall(api.apiUrl, 'GET', `/join/${quiz.joinCode}`).then((r) => r.status),
      ),
    );
    expect(tally(joins, 200)).toEqual({});
    // A guesser on another address: its failures are counted, and it stops.
    const wrong = String((Number(quiz.joinCode) + 1) % 1_000_000).padStart(6, '0');
    const guesses: number[] = [];
    for (let i = 0; i < DEFAULT_LIMITS.JOIN_FAILED_LOOKUPS_PER_MIN + 3; i++) {
      guesses.push((await httpFrom('127.0.0.9', `${api.apiUrl}/join/${wrong}`)).status);
    }
    expect(guesses.filter((s) => s === 404)).toHaveLength(
      DEFAULT_LIMITS.JOIN_FAILED_LOOKUPS_PER_MIN,
    );
    expect(guesses.slice(-3)).toEqual([429, 429, 429]);
    // …and the room's address is not: its phones keep joining.
    expect((await apiCall(api.apiUrl, 'GET', `/join/${quiz.joinCode}`)).status).toBe(200);
  });

  it('plays a quiz of 5 questions: 300 nicknames and 5 × 300 answers, none refused', async () => {
    const quiz = await hostPoll(
      'Concurso',
      { quiz: true },
      [1, 2, 3, 4, 5].map((n) => fourOptions(n)),
    );
    phones.push(...(await joinPhones(api.apiUrl, quiz.slug, PHONES)));
    await openPages(api.apiUrl, quiz.slug, phones);
    const names = await Promise.all(
      phones.map(
        async (phone, i) =>
          (
            await apiCall(api.apiUrl, 'PUT', `/polls/${quiz.slug}/me`, {
              cookie: phone.cookie,
              body: { nickname: `Alumno ${i + 1}` },
            })
          ).status,
      ),
    );
    expect(tally(names, 200)).toEqual({});
    await seatsRipen();
    for (const [n, question] of quiz.questions.entries()) {
      expect((await quiz.show(question.id)).status).toBe(200);
      const options = question.options.map((o: { id: number }) => o.id);
      const statuses = await answerAll(
        api.apiUrl,
        quiz.slug,
        phones,
        question.id,
        (i) => options[(i + n) % options.length],
        readingTime(PHONES),
      );
      expect(tally(statuses)).toEqual({});
      await apiCall(api.apiUrl, 'POST', `/polls/${quiz.slug}/questions/${question.id}/close`, {
        secret: quiz.secret,
      });
    }
    const board = await apiCall(api.apiUrl, 'GET', `/polls/${quiz.slug}/leaderboard?limit=10`, {
      secret: quiz.secret,
    });
    expect(board.body.players).toBe(PHONES);
    // The honest room is not flagged by the integrity view.
    const view = await apiCall(api.apiUrl, 'GET', `/polls/${quiz.slug}/integrity`, {
      secret: quiz.secret,
    });
    expect(view.body).toMatchObject({ totalBallots: 5 * PHONES, unusualSources: 0 });
    expect(view.body.sources[0]).toMatchObject({
      seatedBallots: 5 * PHONES,
      newParticipantBallots: 0,
      bulkIssuedBallots: 0,
    });
    closePages(phones);
  }, 180_000);

  it('answers every question of a presenter-paced poll, none refused', async () => {
    const paced = await hostPoll(
      'Clase al ritmo',
      { presenterPace: true },
      [1, 2, 3].map((n) => ({
        text: `Pregunta ${n}`,
        type: 'single',
        options: [{ text: 'A' }, { text: 'B' }, { text: 'C' }],
      })),
    );
    // The same phones (their cookies), now on this poll's page.
    closePages(phones);
    await openPages(api.apiUrl, paced.slug, phones);
    await seatsRipen();
    for (const question of paced.questions) {
      expect((await paced.show(question.id)).status).toBe(200);
      const options = question.options.map((o: { id: number }) => o.id);
      const statuses = await answerAll(
        api.apiUrl,
        paced.slug,
        phones,
        question.id,
        (i) => options[i % options.length],
      );
      expect(tally(statuses)).toEqual({});
    }
    // A seated phone answering again a question it answered spends the address bucket (here
    // the paced poll refuses the second answer anyway): 600 such tries meet the burst, then 429.
    const started = Date.now();
    const again = [
      ...(await answerAll(
        api.apiUrl,
        paced.slug,
        phones,
        paced.questions[2].id,
        () => paced.questions[2].options[0].id,
      )),
      ...(await answerAll(
        api.apiUrl,
        paced.slug,
        phones,
        paced.questions[2].id,
        () => paced.questions[2].options[0].id,
      )),
    ];
    const seconds = (Date.now() - started) / 1000;
    const letThrough = again.filter((s) => s !== 429).length;
    expect(again.filter((s) => s === 201)).toHaveLength(0);
    expect(letThrough).toBeLessThanOrEqual(
      DEFAULT_LIMITS.BALLOT_BURST + Math.ceil(DEFAULT_LIMITS.BALLOT_RATE_PER_S * seconds) + 1,
    );
    closePages(phones);
  }, 180_000);

  it('still caps one address dropping its cookie at the ballot burst plus its rate', async () => {
    const poll = await hostPoll('Relleno', {}, [
      { text: '¿Sí?', type: 'yesno', options: [{ text: 'Sí' }, { text: 'No' }] },
    ]);
    const question = poll.questions[0];
    const ballot = { answers: [{ questionId: question.id, optionIds: [question.options[0].id] }] };
    const started = Date.now();
    const statuses: number[] = [];
    // 600 ballots with no cookie, 50 at a time, from an address of their own.
    for (let i = 0; i < 12; i++) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, () =>
          httpFrom('127.0.0.3', `${api.apiUrl}/polls/${poll.slug}/votes`, { body: ballot }),
        ),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    const seconds = (Date.now() - started) / 1000;
    const stored = statuses.filter((s) => s === 201).length;
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(stored).toBeLessThanOrEqual(
      DEFAULT_LIMITS.BALLOT_BURST + Math.ceil(DEFAULT_LIMITS.BALLOT_RATE_PER_S * seconds) + 1,
    );
  }, 120_000);
});
