import { describe, expect, it } from 'vitest';
import { openStream } from '../helpers/sse-client.ts';
import {
  addQuestion,
  Client,
  type HostedPoll,
  type Json,
  setUpTestApp,
  streamsClosedAfterAll,
} from './api-client.ts';
import { audienceAndHostSummary, ideasPoll } from './open-text-fixtures.ts';

/**
 * Issue 13's moderation: a flagged, held or hidden answer and a hidden word never reach anyone
 * without the host secret (summary, stream, answer list), and reach the host marked.
 */

const api = setUpTestApp({ listen: true });
const streams = streamsClosedAfterAll();

const textPoll = (settings: Record<string, boolean> = {}) => ideasPoll(api.host, settings);

const answer = (poll: HostedPoll, questionId: number, text: string) =>
  new Client(api.app).post(`/polls/${poll.slug}/votes`, { answers: [{ questionId, text }] });

const summaries = (poll: HostedPoll, questionId: number) =>
  audienceAndHostSummary(api.host, poll, questionId);

async function streamsOf(poll: HostedPoll) {
  const url = `${api.base}/api/v1/polls/${poll.slug}/events`;
  const audience = await openStream(url);
  const host = await openStream(url, { 'x-host-secret': poll.secret });
  streams.push(audience, host);
  return { audience, host };
}

const summaryWith = (predicate: (data: Json) => boolean) => (e: { event: string; data: string }) =>
  e.event === 'summary' && predicate(JSON.parse(e.data));

const hostAnswerIds = async (poll: HostedPoll, questionId: number) =>
  (await summaries(poll, questionId)).host.answers.map((a: Json) => a.id);

describe('profanity', () => {
  it('flags an answer with a listed word however it is disguised', async () => {
    const { poll, text } = await textPoll();
    const evasions = [
      'p.u.t.a',
      'PÚTA madre',
      'qué m i e r d a',
      'eres un c4br0n',
      'puuuuta',
      'ｐｕｔａ',
      'pu\u200Bta',
      'hijo de p-u-t-a',
      'g i l i p o l l a s',
    ];
    for (const t of evasions) expect((await answer(poll, text.id, t)).status).toBe(201);
    await answer(poll, text.id, 'Una computadora');
    const { pub, host, pubRaw } = await summaries(poll, text.id);
    expect(pub.answers.map((a: Json) => a.text)).toEqual(['Una computadora']);
    expect(pub.words).toEqual([{ text: 'computadora', count: 1 }]);
    expect(pub.totalAnswers).toBe(1);
    for (const t of evasions) expect(pubRaw).not.toContain(JSON.stringify(t).slice(1, -1));
    expect(host.pendingCount).toBe(evasions.length);
    expect(host.answers.filter((a: Json) => a.state === 'flagged')).toHaveLength(evasions.length);
    expect(host.words).toEqual([{ text: 'computadora', count: 1 }]);
  });

  it('lets the host show a flagged answer; its words then count', async () => {
    const { poll, text } = await textPoll();
    await answer(poll, text.id, 'Esto es una mierda de tema');
    const [id] = await hostAnswerIds(poll, text.id);
    const res = await api.host.patch(
      `/polls/${poll.slug}/answers/${id}`,
      { state: 'visible' },
      poll,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, state: 'visible' });
    const { pub, host } = await summaries(poll, text.id);
    expect(pub.answers.map((a: Json) => a.text)).toEqual(['Esto es una mierda de tema']);
    // Stop words trimmed, three words left: one phrase.
    expect(pub.words).toEqual([{ text: 'mierda de tema', count: 1 }]);
    expect(host.pendingCount).toBe(0);
  });
});

describe('moderate before showing', () => {
  it('holds every answer until the host approves one, then all', async () => {
    const { poll, text } = await textPoll({ moderateText: true });
    for (const t of ['Primera idea', 'Segunda idea', 'Tercera idea']) {
      expect((await answer(poll, text.id, t)).status).toBe(201);
    }
    await answer(poll, text.id, 'una p.u.t.a idea');
    let { pub, host } = await summaries(poll, text.id);
    expect(pub).toMatchObject({ answers: [], words: [], totalAnswers: 0, respondents: 4 });
    expect(pub).not.toHaveProperty('pendingCount');
    expect(host.pendingCount).toBe(4);
    expect(host.answers.map((a: Json) => a.state)).toEqual(['flagged', 'held', 'held', 'held']);

    const first = host.answers.find((a: Json) => a.text === 'Primera idea').id;
    await api.host.patch(`/polls/${poll.slug}/answers/${first}`, { state: 'visible' }, poll);
    ({ pub, host } = await summaries(poll, text.id));
    expect(pub.answers.map((a: Json) => a.text)).toEqual(['Primera idea']);
    expect(host.pendingCount).toBe(3);

    const all = await api.host.post(
      `/polls/${poll.slug}/questions/${text.id}/answers/approve`,
      undefined,
      poll,
    );
    expect(all.body).toEqual({ approved: 2 });
    ({ pub, host } = await summaries(poll, text.id));
    // The flagged one stays flagged.
    expect(pub.answers.map((a: Json) => a.text)).toEqual([
      'Tercera idea',
      'Segunda idea',
      'Primera idea',
    ]);
    expect(pub.words).toEqual([
      { text: 'Primera idea', count: 1 },
      { text: 'Segunda idea', count: 1 },
      { text: 'Tercera idea', count: 1 },
    ]);
    expect(host.pendingCount).toBe(1);
  });

  it('hides a visible answer: gone from the public list and cloud, marked for the host', async () => {
    const { poll, text } = await textPoll();
    await answer(poll, text.id, 'Verde');
    await answer(poll, text.id, 'Inaceptable');
    const ids = await hostAnswerIds(poll, text.id);
    await api.host.patch(`/polls/${poll.slug}/answers/${ids[0]}`, { state: 'hidden' }, poll);
    const { pub, host, pubRaw } = await summaries(poll, text.id);
    expect(pubRaw).not.toContain('Inaceptable');
    expect(pub.words).toEqual([{ text: 'Verde', count: 1 }]);
    expect(host.answers[0]).toMatchObject({ text: 'Inaceptable', state: 'hidden' });
    expect(host.words).toEqual([{ text: 'Verde', count: 1 }]);
    expect(host.pendingCount).toBe(0);
  });

  it('answers 404 for an answer of another poll, 403 for a wrong secret', async () => {
    const a = await textPoll();
    const b = await textPoll();
    await answer(b.poll, b.text.id, 'De la otra');
    const [id] = await hostAnswerIds(b.poll, b.text.id);
    const other = await api.host.patch(
      `/polls/${a.poll.slug}/answers/${id}`,
      { state: 'visible' },
      a.poll,
    );
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({
      code: 'ANSWER_NOT_FOUND',
      message: 'Respuesta no encontrada',
    });
    const wrong = await api.host.patch(
      `/polls/${b.poll.slug}/answers/${id}`,
      { state: 'hidden' },
      a.poll,
    );
    expect(wrong.status).toBe(403);
    const bad = await api.host.patch(
      `/polls/${b.poll.slug}/answers/${id}`,
      { state: 'held' },
      b.poll,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
  });
});

describe('hidden words', () => {
  it('takes a word out of the public cloud in any spelling, and back', async () => {
    const { poll, text } = await textPoll();
    for (const t of ['Café', 'café', 'Té', 'Agua']) await answer(poll, text.id, t);
    const hide = await api.host.put(
      `/polls/${poll.slug}/questions/${text.id}/hidden-words`,
      { word: 'CAFE', hidden: true },
      poll,
    );
    expect(hide.status).toBe(200);
    expect(hide.body).toEqual({ hiddenWords: ['cafe'] });
    const { pub, host } = await summaries(poll, text.id);
    expect(pub.words).toEqual([
      { text: 'Agua', count: 1 },
      { text: 'Té', count: 1 },
    ]);
    expect(host.words).toEqual([
      { text: 'Café', count: 2, hidden: true },
      { text: 'Agua', count: 1 },
      { text: 'Té', count: 1 },
    ]);
    const show = await api.host.put(
      `/polls/${poll.slug}/questions/${text.id}/hidden-words`,
      { word: 'café', hidden: false },
      poll,
    );
    expect(show.body).toEqual({ hiddenWords: [] });
    expect((await summaries(poll, text.id)).pub.words[0]).toEqual({ text: 'Café', count: 2 });
    const empty = await api.host.put(
      `/polls/${poll.slug}/questions/${text.id}/hidden-words`,
      { word: '¡¡!!', hidden: true },
      poll,
    );
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('La palabra debe tener letras o números');
  });

  it('hides a word inside a phrase and in every spelling the matcher folds (issue 19)', async () => {
    const { poll, text } = await textPoll();
    const respellings = [
      'gusta palabrasecreta',
      'gusta palabrasecreta',
      'gusta palabrasecreta',
      'me gusta mucho palabrasecreta',
      'ｆｅｉｓｉｍｏ',
      'fеísimo',
      '𝐟𝐞𝐢𝐬𝐢𝐦𝐨',
      'ꜰᴇɪꜱɪᴍᴏ',
      'feísimooo',
      'feísimos',
      'fei-simo',
      'f3is1m0',
    ];
    for (const t of [...respellings, 'Agua']) await answer(poll, text.id, t);
    for (const word of ['palabrasecreta', 'feísimo']) {
      const res = await api.host.put(
        `/polls/${poll.slug}/questions/${text.id}/hidden-words`,
        { word, hidden: true },
        poll,
      );
      expect(res.status).toBe(200);
    }
    // The cloud (its answers leave the public list too: tests/api/hidden-word-surfaces.test.ts).
    const { pub, host } = await summaries(poll, text.id);
    expect(pub.words).toEqual([{ text: 'Agua', count: 1 }]);
    const marked = host.words.filter((w: Json) => w.hidden).map((w: Json) => w.text);
    expect(marked).toHaveLength(host.words.length - 1);
    expect(marked).toContain('gusta palabrasecreta');
    expect(host.words.find((w: Json) => !w.hidden)).toEqual({ text: 'Agua', count: 1 });
  });
});

describe('the live stream', () => {
  it('never sends others a flagged, held or hidden answer or a hidden word; the host gets them marked', async () => {
    const { poll, text } = await textPoll({ moderateText: true });
    const { audience, host } = await streamsOf(poll);
    await audience.next((e) => e.event === 'summary');
    await host.next((e) => e.event === 'summary');

    await answer(poll, text.id, 'Retenida secreta');
    await host.next(summaryWith((s) => s.questions[0].answers.length === 1));
    await answer(poll, text.id, 'una m.i.e.r.d.a');
    await host.next(summaryWith((s) => s.questions[0].pendingCount === 2));

    // Approve the held one, then hide a word of it and hide it again.
    const held = (await summaries(poll, text.id)).host.answers.find(
      (a: Json) => a.state === 'held',
    ).id;
    const approvedAt = performance.now();
    await api.host.patch(`/polls/${poll.slug}/answers/${held}`, { state: 'visible' }, poll);
    await audience.next(summaryWith((s) => s.questions[0].answers.length === 1));
    await api.host.put(
      `/polls/${poll.slug}/questions/${text.id}/hidden-words`,
      { word: 'retenida secreta', hidden: true },
      poll,
    );
    const hostHidden = await host.next(
      summaryWith((s) => s.questions[0].words.some((w: Json) => w.hidden)),
    );
    expect(JSON.parse(hostHidden.data).questions[0].words).toEqual([
      { text: 'Retenida secreta', count: 1, hidden: true },
    ]);
    await api.host.patch(`/polls/${poll.slug}/answers/${held}`, { state: 'hidden' }, poll);
    await audience.next(summaryWith((s) => s.questions[0].answers.length === 0));
    await host.next(
      summaryWith((s) => s.questions[0].answers.some((a: Json) => a.state === 'hidden')),
    );

    const audienceFrames = audience.events.filter((e) => e.event === 'summary');
    expect(audienceFrames.length).toBeGreaterThanOrEqual(3);
    for (const frame of audienceFrames) {
      expect(frame.data).not.toMatch(/m\.i\.e\.r\.d\.a|"state"|"hidden":true|pendingCount/);
      const q = JSON.parse(frame.data).questions[0];
      // Only while it was visible and its word not hidden.
      for (const w of q.words) expect(w.hidden).toBeUndefined();
    }
    // Before its approval, no audience frame carried the held answer at all.
    for (const frame of audienceFrames.filter((e) => e.at < approvedAt)) {
      expect(frame.data).not.toContain('Retenida');
    }
    // While the word was hidden, no audience frame carried it in the cloud.
    const hiddenAt = hostHidden.at;
    for (const frame of audienceFrames.filter((e) => e.at > hiddenAt)) {
      expect(JSON.parse(frame.data).questions[0].words).toEqual([]);
    }
    const hostFrames = host.events.filter((e) => e.event === 'summary').map((e) => e.data);
    expect(hostFrames.some((d) => d.includes('una m.i.e.r.d.a') && d.includes('"flagged"'))).toBe(
      true,
    );
  });
});

describe('GET …/questions/{id}/answers', () => {
  it('pages newest first: every state for the host, visible ones for others', async () => {
    const { poll, text } = await textPoll();
    for (let i = 1; i <= 7; i++) await answer(poll, text.id, `Idea número ${i}`);
    await answer(poll, text.id, 'p u t a');
    const url = `/polls/${poll.slug}/questions/${text.id}/answers`;
    const first = await api.host.get(`${url}?limit=3`, poll);
    expect(first.status).toBe(200);
    expect(first.body.answers.map((a: Json) => a.state)).toEqual(['flagged', 'visible', 'visible']);
    const second = await api.host.get(`${url}?limit=3&before=${first.body.nextBefore}`, poll);
    expect(second.body.answers.map((a: Json) => a.text)).toEqual([
      'Idea número 5',
      'Idea número 4',
      'Idea número 3',
    ]);
    const last = await api.host.get(`${url}?limit=3&before=${second.body.nextBefore}`, poll);
    expect(last.body).toMatchObject({ nextBefore: null });
    expect(last.body.answers).toHaveLength(2);

    const pub = await api.host.get(`${url}?limit=100`);
    expect(pub.body.answers).toHaveLength(7);
    expect(pub.body.answers[0]).toEqual({
      id: expect.any(Number),
      text: 'Idea número 7',
      createdAt: expect.any(String),
    });
    expect(pub.body.nextBefore).toBeNull();
    const tooMany = await api.host.get(`${url}?limit=101`);
    expect(tooMany.status).toBe(400);
  });

  it('refuses others while the results are private, as the summary does', async () => {
    const { poll, text } = await textPoll({ resultsPublic: false });
    await answer(poll, text.id, 'Privada');
    const url = `/polls/${poll.slug}/questions/${text.id}/answers`;
    const res = await api.host.get(url);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('RESULTS_PRIVATE');
    expect((await api.host.get(url, poll)).body.answers).toHaveLength(1);
    const notText = await addQuestion(api.host, poll, { text: '¿Sí?', type: 'yesno' });
    const wrong = await api.host.get(`/polls/${poll.slug}/questions/${notText.id}/answers`, poll);
    expect(wrong.status).toBe(400);
    const unknown = await api.host.get(`/polls/${poll.slug}/questions/999999/answers`, poll);
    expect(unknown.status).toBe(404);
  });
});

describe('the cloud as typed (issue 17)', () => {
  it('shows a phrase as one of its writers typed it, in calm case, with nothing taken out', async () => {
    const { poll, text } = await textPoll();
    for (const t of [
      'CLOROFILA Y LUZ',
      'CLOROFILA Y LUZ',
      'Clorofila y luz',
      'agua, sol',
      'Agua',
    ]) {
      expect((await answer(poll, text.id, t)).status).toBe(201);
    }
    const { pub, host } = await summaries(poll, text.id);
    expect(pub.words).toEqual([
      { text: 'Clorofila y luz', count: 3 },
      { text: 'Agua', count: 1 },
      { text: 'agua, sol', count: 1 },
    ]);
    expect(host.words).toEqual(pub.words);
  });
});
