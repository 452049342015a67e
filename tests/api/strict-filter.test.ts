import { describe, expect, it } from 'vitest';
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
 * Issue 24, 'Filtro estricto' (`settings.strictFilter`, on by default): open answers and audience
 * questions with a mild insult or a word that is one in class wait for the host (held); with
 * the setting off they are published; strong insults are hidden (flagged) either way.
 */

const api = setUpTestApp();

const MILD = ['tonto', '¿Tú eres t0nt0?', 'Menudo capu11o…', 'idiota', 'imbécil', 'zorra', 'polla'];
const STRONG = ['hijo de pvta', 'eres un cabrón'];
const CLEAN = ['La fotosíntesis', 'Toronto', 'una pera'];

const answer = (poll: HostedPoll, questionId: number, text: string) =>
  new Client(api.app).post(`/polls/${poll.slug}/votes`, { answers: [{ questionId, text }] });

async function statesOf(poll: HostedPoll, questionId: number) {
  const { host, pub } = await audienceAndHostSummary(api.host, poll, questionId);
  const state = new Map<string, string>(host.answers.map((a: Json) => [a.text, a.state]));
  return { state, published: pub.answers.map((a: Json) => a.text) as string[] };
}

async function qaPoll(settings: Record<string, boolean>) {
  const poll = await createPoll(api.host, { title: 'Charla', settings: { qa: true, ...settings } });
  await setStatus(api.host, poll, 'open');
  return poll;
}

describe('open answers', () => {
  it('are on by default: mild insults held, strong ones flagged, clean ones published', async () => {
    const { poll, text } = await ideasPoll(api.host);
    expect((await api.host.get(`/polls/${poll.slug}`, poll)).body.settings.strictFilter).toBe(true);
    for (const t of [...MILD, ...STRONG, ...CLEAN]) {
      expect((await answer(poll, text.id, t)).status).toBe(201);
    }
    const { state, published } = await statesOf(poll, text.id);
    for (const t of MILD) expect(state.get(t), t).toBe('held');
    for (const t of STRONG) expect(state.get(t), t).toBe('flagged');
    expect(published.sort()).toEqual([...CLEAN].sort());
  });

  it('publish mild words once a host of adults turns the filter off; strong ones stay hidden', async () => {
    const { poll, text } = await ideasPoll(api.host);
    const off = await api.host.patch(
      `/polls/${poll.slug}`,
      { settings: { strictFilter: false } },
      poll,
    );
    expect(off.status).toBe(200);
    expect(off.body.settings.strictFilter).toBe(false);
    for (const t of [...MILD, ...STRONG]) await answer(poll, text.id, t);
    const { state, published } = await statesOf(poll, text.id);
    for (const t of STRONG) expect(state.get(t), t).toBe('flagged');
    expect(published.sort()).toEqual([...MILD].sort());
  });

  it('read each class of trick by its rule, and keep place names with an insult inside', async () => {
    // Issue 24's last lines: a sound-alike form of an inflected insult, Cyrillic by sound, h for
    // g, a doubled r, a capital I for an l, an insult glued into a sentence.
    const held = ['eres un marikita', 'тонто'];
    const flagged = ['hilipollas', 'cabrrón', 'gIlipoIIas', 'soisunosculerosxd'];
    const clean = ['Villaputas', 'Mamonal', 'una mariquita', 'el follaje'];
    const { poll, text } = await ideasPoll(api.host);
    for (const t of [...held, ...flagged, ...clean]) {
      expect((await answer(poll, text.id, t)).status).toBe(201);
    }
    const { state, published } = await statesOf(poll, text.id);
    expect(held.filter((t) => state.get(t) === 'visible')).toEqual([]);
    expect(state.get('тонто')).toBe('held');
    for (const t of flagged) expect(state.get(t), t).toBe('flagged');
    expect(published.sort()).toEqual([...clean].sort());
  });

  it('can be created off, and a duplicate keeps the setting', async () => {
    const poll = await createPoll(api.host, {
      title: 'Adultos',
      settings: { strictFilter: false },
    });
    const res = await api.host.post(`/polls/${poll.slug}/duplicate`, undefined, {
      secret: poll.secret,
    });
    expect(res.status).toBe(201);
    const copy = await api.host.get(`/polls/${res.body.slug}`);
    expect(copy.body.settings.strictFilter).toBe(false);
  });

  it('refuses a setting that is not a boolean, in Spanish', async () => {
    const { poll } = await ideasPoll(api.host);
    const res = await api.host.patch(
      `/polls/${poll.slug}`,
      { settings: { strictFilter: 'sí' } },
      poll,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
  });
});

describe('audience questions', () => {
  it('hold a mild insult by default and publish it with the filter off', async () => {
    for (const [strictFilter, expected] of [
      [true, 'held'],
      [false, 'visible'],
    ] as const) {
      const poll = await qaPoll(strictFilter ? {} : { strictFilter });
      const phone = new Client(api.app);
      for (const text of ['Menudo capu11o…', '¿Tú eres t0nt0?']) {
        const res = await phone.post(`/polls/${poll.slug}/qa`, { text });
        expect(res.status).toBe(201);
        expect(res.body.state, text).toBe(expected);
      }
      const strong = await phone.post(`/polls/${poll.slug}/qa`, { text: '¿Y este hijo de pvta?' });
      expect(strong.body.state).toBe('flagged');
      const clean = await phone.post(`/polls/${poll.slug}/qa`, { text: '¿Qué pasa en Toronto?' });
      expect(clean.body.state).toBe('visible');
      const audience = (await new Client(api.app).get(`/polls/${poll.slug}/qa`)).body;
      expect(audience.questions.map((q: Json) => q.text).sort()).toEqual(
        (expected === 'visible'
          ? ['Menudo capu11o…', '¿Tú eres t0nt0?', '¿Qué pasa en Toronto?']
          : ['¿Qué pasa en Toronto?']
        ).sort(),
      );
    }
  });
});
