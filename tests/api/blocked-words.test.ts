import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/limits.ts';
import {
  Client,
  createPoll,
  type HostedPoll,
  type Json,
  setStatus,
  setUpTestApp,
} from './api-client.ts';
import { audienceAndHostSummary, ideasPoll } from './open-text-fixtures.ts';

/**
 * Issue 17: 'Palabras bloqueadas'. A host's words for one poll flag new answers holding them,
 * in any spelling the matcher folds, and on request the answers already in; flagged answers
 * reach no one but the host.
 */

const api = setUpTestApp();

const textPoll = (settings: Record<string, boolean> = {}) => ideasPoll(api.host, settings);

const answer = async (poll: HostedPoll, questionId: number, text: string) => {
  const res = await new Client(api.app).post(`/polls/${poll.slug}/votes`, {
    answers: [{ questionId, text }],
  });
  expect(res.status).toBe(201);
};

const block = (poll: HostedPoll, words: string[], applyToExisting?: boolean) =>
  api.host.put(`/polls/${poll.slug}/blocked-words`, { words, applyToExisting }, poll);

const summaries = (poll: HostedPoll, questionId: number) =>
  audienceAndHostSummary(api.host, poll, questionId);

describe('blocked words', () => {
  it('lists, replaces and clears a poll’s words, for the host only', async () => {
    const { poll } = await textPoll();
    const other = await textPoll();
    expect((await api.host.get(`/polls/${poll.slug}/blocked-words`, poll)).body).toEqual({
      words: [],
    });
    const set = await block(poll, ['tonto', 'me aburro', 'Tonto', '  pesado  ']);
    expect(set.status).toBe(200);
    // 'Tonto' folds like 'tonto': kept once, as first typed.
    expect(set.body).toEqual({ words: ['me aburro', 'pesado', 'tonto'], flagged: 0 });
    expect((await api.host.get(`/polls/${poll.slug}/blocked-words`, poll)).body).toEqual({
      words: ['me aburro', 'pesado', 'tonto'],
    });
    expect(
      (await api.host.get(`/polls/${other.poll.slug}/blocked-words`, other.poll)).body,
    ).toEqual({
      words: [],
    });
    expect((await api.host.get(`/polls/${poll.slug}/blocked-words`)).status).toBe(401);
    expect((await api.host.get(`/polls/${poll.slug}/blocked-words`, other.poll)).status).toBe(403);
    expect((await api.host.put(`/polls/${poll.slug}/blocked-words`, { words: [] })).status).toBe(
      401,
    );
    expect((await block(poll, [])).body).toEqual({ words: [], flagged: 0 });
  });

  it('flags new answers holding a blocked word in any spelling; others stay public', async () => {
    // 'Filtro estricto' off: 'tonto' alone is held by it (issue 24), a host's list is the test.
    const { poll, text } = await textPoll({ strictFilter: false });
    await block(poll, ['tonto', 'me aburro']);
    const caught = [
      'eres un T0NT0',
      'tontos todos',
      'ｔｏｎｔｏ',
      'to-n-to',
      'me aburrooo',
      'meaburro',
    ];
    for (const t of [...caught, 'Muy bien']) await answer(poll, text.id, t);
    const { pub, host } = await summaries(poll, text.id);
    expect(pub.answers.map((a: Json) => a.text)).toEqual(['Muy bien']);
    expect(pub.words).toEqual([{ text: 'bien', count: 1 }]);
    expect(host.pendingCount).toBe(caught.length);
    expect(host.answers.filter((a: Json) => a.state === 'flagged')).toHaveLength(caught.length);

    // Taken off the list: new answers with the word are public again.
    await block(poll, ['me aburro']);
    await answer(poll, text.id, 'tonto el que lo lea');
    expect((await summaries(poll, text.id)).pub.answers[0].text).toBe('tonto el que lo lea');
  });

  it('flags the answers already in only when asked', async () => {
    const { poll, text } = await textPoll();
    for (const t of ['Qué pesado', 'Genial', 'PESADOS', 'Otra idea'])
      await answer(poll, text.id, t);
    const [hiddenId] = (await summaries(poll, text.id)).host.answers
      .filter((a: Json) => a.text === 'Otra idea')
      .map((a: Json) => a.id);
    await api.host.patch(`/polls/${poll.slug}/answers/${hiddenId}`, { state: 'hidden' }, poll);

    expect((await block(poll, ['pesado'])).body).toEqual({ words: ['pesado'], flagged: 0 });
    let { pub } = await summaries(poll, text.id);
    expect(pub.answers).toHaveLength(3);

    expect((await block(poll, ['pesado', 'otra idea'], true)).body).toEqual({
      words: ['otra idea', 'pesado'],
      flagged: 2,
    });
    ({ pub } = await summaries(poll, text.id));
    expect(pub.answers.map((a: Json) => a.text)).toEqual(['Genial']);
    expect(pub.words).toEqual([{ text: 'Genial', count: 1 }]);
    expect(pub.totalAnswers).toBe(1);
    const { host } = await summaries(poll, text.id);
    const states = Object.fromEntries(host.answers.map((a: Json) => [a.text, a.state]));
    // A hidden answer stays hidden: flagging is for what the public could see or was waiting.
    expect(states).toEqual({
      'Otra idea': 'hidden',
      PESADOS: 'flagged',
      Genial: 'visible',
      'Qué pesado': 'flagged',
    });
    expect(host.pendingCount).toBe(2);
  });

  it('refuses too many words, too long a word and a word without letters, in Spanish', async () => {
    const { poll } = await textPoll();
    const many = Array.from({ length: DEFAULT_LIMITS.BLOCKED_WORDS_MAX + 1 }, (_, i) => `w${i}`);
    const tooMany = await block(poll, many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: `Como máximo ${DEFAULT_LIMITS.BLOCKED_WORDS_MAX} palabras bloqueadas por encuesta`,
    });
    const long = await block(poll, ['x'.repeat(DEFAULT_LIMITS.BLOCKED_WORD_LENGTH_MAX + 1)]);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(
      `Cada palabra bloqueada admite como máximo ${DEFAULT_LIMITS.BLOCKED_WORD_LENGTH_MAX} caracteres`,
    );
    const empty = await block(poll, ['¡¡!!']);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('La palabra debe tener letras o números');
    const blank = await block(poll, ['   ']);
    expect(blank.status).toBe(400);
    expect((await api.host.get(`/polls/${poll.slug}/blocked-words`, poll)).body).toEqual({
      words: [],
    });
  });

  it('goes along with a duplicate of the poll, as a setting does', async () => {
    const { poll } = await textPoll();
    await block(poll, ['pesado', 'me aburro']);
    const copy = await api.host.post(`/polls/${poll.slug}/duplicate`, undefined, poll);
    expect(copy.status).toBe(201);
    const res = await api.host.get(`/polls/${copy.body.slug}/blocked-words`, {
      secret: copy.body.host_secret,
    });
    expect(res.body).toEqual({ words: ['me aburro', 'pesado'] });
  });

  it('flags an audience question (Q&A) or a name holding a blocked word too', async () => {
    const poll = await createPoll(api.host, { title: 'Preguntas', settings: { qa: true } });
    await setStatus(api.host, poll, 'open');
    await block(poll, ['pesado']);
    const ask = (body: Json) => new Client(api.app).post(`/polls/${poll.slug}/qa`, body);
    expect((await ask({ text: '¿Por qué eres tan PESADO?' })).body.state).toBe('flagged');
    expect((await ask({ text: '¿Hay examen?', nickname: 'el pesado' })).body.state).toBe('flagged');
    expect((await ask({ text: '¿Hay deberes?' })).body.state).toBe('visible');
    const pub = (await api.host.get(`/polls/${poll.slug}/qa`)).body;
    expect(JSON.stringify(pub)).not.toMatch(/PESADO|pesado/);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await api.host.get('/openapi.json')).body;
    const path = doc.paths['/api/v1/polls/{slug}/blocked-words'];
    expect(Object.keys(path ?? {}).sort()).toEqual(['get', 'put']);
  });
});
