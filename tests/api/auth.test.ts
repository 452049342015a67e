import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/index.ts';
import { type HostedPoll, type Json, openPollWithQuestions, setUpTestApp } from './api-client.ts';

const api = setUpTestApp();
let mine: { poll: HostedPoll; yesno: Json; multi: Json };
let theirs: { poll: HostedPoll; yesno: Json; multi: Json };
beforeAll(async () => {
  mine = await openPollWithQuestions(api.host);
  theirs = await openPollWithQuestions(api.host);
});

type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: unknown };

/** Every call that needs the secret (the mutations, the check, the export), aimed at `target`. */
function mutations(target: typeof mine): Record<string, Call> {
  const { poll, yesno, multi } = target;
  return {
    checkHost: { method: 'GET', url: `/polls/${poll.slug}/host` },
    updatePoll: { method: 'PATCH', url: `/polls/${poll.slug}`, body: { title: 'Hackeado' } },
    createQuestion: {
      method: 'POST',
      url: `/polls/${poll.slug}/questions`,
      body: { text: 'Intrusa', type: 'yesno' },
    },
    updateQuestion: { method: 'PUT', url: `/questions/${multi.id}`, body: { text: 'Cambiada' } },
    deleteQuestion: { method: 'DELETE', url: `/questions/${multi.id}` },
    createOption: { method: 'POST', url: `/questions/${multi.id}/options`, body: { text: 'D' } },
    updateOption: { method: 'PUT', url: `/options/${multi.options[0].id}`, body: { text: 'Z' } },
    deleteOption: { method: 'DELETE', url: `/options/${multi.options[0].id}` },
    reorderQuestions: {
      method: 'PATCH',
      url: `/polls/${poll.slug}/questions/reorder`,
      body: {
        order: [
          { id: multi.id, ordinal: 1 },
          { id: yesno.id, ordinal: 2 },
        ],
      },
    },
    duplicatePoll: { method: 'POST', url: `/polls/${poll.slug}/duplicate` },
    resetVotes: { method: 'POST', url: `/polls/${poll.slug}/reset` },
    exportResults: { method: 'GET', url: `/polls/${poll.slug}/export?format=csv` },
    getIntegrity: { method: 'GET', url: `/polls/${poll.slug}/integrity` },
    discardSource: { method: 'POST', url: `/polls/${poll.slug}/discard`, body: { source: 'abc' } },
    // Issue 24: what a discard set aside, brought back or dropped for good.
    restoreDiscarded: { method: 'POST', url: `/polls/${poll.slug}/discard/restore`, body: {} },
    emptyDiscarded: { method: 'POST', url: `/polls/${poll.slug}/discard/empty` },
    // Issue 24: erasing the poll (the secret is checked before anything is deleted).
    deletePoll: { method: 'DELETE', url: `/polls/${poll.slug}` },
    // Issue 25: the host renames or removes a player.
    renamePlayer: {
      method: 'PATCH',
      url: `/polls/${poll.slug}/players/Ana`,
      body: { nickname: 'Bea' },
    },
    removePlayer: { method: 'DELETE', url: `/polls/${poll.slug}/players/Ana` },
    // The secret is checked before the answer or question is looked up.
    moderateAnswer: {
      method: 'PATCH',
      url: `/polls/${poll.slug}/answers/1`,
      body: { state: 'hidden' },
    },
    approveAnswers: {
      method: 'POST',
      url: `/polls/${poll.slug}/questions/${multi.id}/answers/approve`,
    },
    hideWord: {
      method: 'PUT',
      url: `/polls/${poll.slug}/questions/${multi.id}/hidden-words`,
      body: { word: 'hola', hidden: true },
    },
    // Issue 18: closing a quiz question.
    closeQuestion: {
      method: 'POST',
      url: `/polls/${poll.slug}/questions/${multi.id}/close`,
    },
    // Issue 17: the host's blocked words.
    getBlockedWords: { method: 'GET', url: `/polls/${poll.slug}/blocked-words` },
    setBlockedWords: {
      method: 'PUT',
      url: `/polls/${poll.slug}/blocked-words`,
      body: { words: ['palabra'] },
    },
    // Issue 20: the host's moderation of audience questions (checked before the lookup).
    moderateQa: { method: 'PATCH', url: `/polls/${poll.slug}/qa/1`, body: { pinned: true } },
    deleteQa: { method: 'DELETE', url: `/polls/${poll.slug}/qa/1` },
    clearQa: { method: 'DELETE', url: `/polls/${poll.slug}/qa` },
    // Issue 25: where upvotes came from, and a source's set aside or counted again.
    qaIntegrity: { method: 'GET', url: `/polls/${poll.slug}/qa/integrity` },
    discardQaVotes: {
      method: 'POST',
      url: `/polls/${poll.slug}/qa/discard`,
      body: { source: 'abc' },
    },
    restoreQaVotes: { method: 'POST', url: `/polls/${poll.slug}/qa/discard/restore`, body: {} },
  };
}

const secretRoutes = Object.entries(routes)
  .filter(([, r]) => r.secret)
  .map(([name]) => name);

async function unchanged() {
  const poll = (await api.host.get(`/polls/${mine.poll.slug}`)).body;
  expect(poll.title).toBe('Clase');
  expect(poll.questions.map((q: Json) => q.text)).toEqual(['¿Te gustó?', '¿Qué temas?']);
  expect(poll.questions[1].options.map((o: Json) => o.text)).toEqual(['A', 'B', 'C']);
}

describe('host secret on every mutation', () => {
  it('covers exactly the routes the contract marks as needing the secret', () => {
    expect(Object.keys(mutations(mine)).sort()).toEqual(secretRoutes.sort());
  });

  it.each(secretRoutes)('%s without X-Host-Secret → 401 NO_SECRET', async (name) => {
    const call = mutations(mine)[name]!;
    const res = await api.host.call(call.method, call.url, { body: call.body });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      code: 'NO_SECRET',
      message: 'Se requiere el código de presentador',
    });
    await unchanged();
  });

  it.each(secretRoutes)('%s with an empty X-Host-Secret → 401 NO_SECRET', async (name) => {
    const call = mutations(mine)[name]!;
    const res = await api.host.call(call.method, call.url, { body: call.body, secret: '' });
    expect(res.status).toBe(401);
  });

  it.each(secretRoutes)('%s with a wrong secret → 403 FORBIDDEN', async (name) => {
    const call = mutations(mine)[name]!;
    const res = await api.host.call(call.method, call.url, {
      body: call.body,
      secret: 'not-the-secret',
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'FORBIDDEN', message: 'Código de presentador incorrecto' });
    await unchanged();
  });

  it.each(secretRoutes)("%s with another poll's secret → 403 FORBIDDEN", async (name) => {
    const call = mutations(mine)[name]!;
    const res = await api.host.call(call.method, call.url, {
      body: call.body,
      secret: theirs.poll.secret,
    });
    expect(res.status).toBe(403);
    await unchanged();
  });

  it('checks the secret before reading the body', async () => {
    const res = await api.host.call('PATCH', `/polls/${mine.poll.slug}`, { body: { title: '' } });
    expect(res.status).toBe(401);
  });

  it("never lets a poll's secret write a question or option of another poll", async () => {
    // Ids of `theirs`, secret of `mine`.
    for (const [name, call] of Object.entries(mutations(theirs))) {
      if (!call.url.startsWith('/questions') && !call.url.startsWith('/options')) continue;
      const res = await api.host.call(call.method, call.url, {
        body: call.body,
        secret: mine.poll.secret,
      });
      expect(res.status, name).toBe(403);
    }
    const poll = (await api.host.get(`/polls/${theirs.poll.slug}`)).body;
    expect(poll.questions[1].text).toBe('¿Qué temas?');
    expect(poll.questions[1].options).toHaveLength(3);
  });

  it('lets the right secret through (sanity check of the table above)', async () => {
    const call = mutations(mine).updateQuestion!;
    const res = await api.host.call(call.method, call.url, {
      body: call.body,
      secret: mine.poll.secret,
    });
    expect(res.status).toBe(200);
  });
});

describe('GET /polls/{slug}/host: checking a presenter code', () => {
  const url = () => `/polls/${mine.poll.slug}/host`;

  it("answers 204 with no body for the poll's own code", async () => {
    const res = await api.host.get(url(), { secret: mine.poll.secret });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
  });

  it('answers 403 FORBIDDEN for a wrong code and for another poll’s code', async () => {
    for (const secret of ['codigo-incorrecto', theirs.poll.secret, `${mine.poll.secret}x`]) {
      const res = await api.host.get(url(), { secret });
      expect(res.status, secret).toBe(403);
      expect(res.body).toEqual({ code: 'FORBIDDEN', message: 'Código de presentador incorrecto' });
    }
  });

  it('answers 401 without a code and 404 for an unknown poll', async () => {
    expect((await api.host.get(url())).status).toBe(401);
    const missing = await api.host.get('/polls/no-existe/host', { secret: mine.poll.secret });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('POLL_NOT_FOUND');
  });

  it('changes nothing', async () => {
    // `now` aside: the server's time of each answer.
    const { now: _before, ...before } = (await api.host.get(`/polls/${mine.poll.slug}`)).body;
    await api.host.get(url(), { secret: mine.poll.secret });
    await api.host.get(url(), { secret: 'codigo-incorrecto' });
    const { now: _after, ...after } = (await api.host.get(`/polls/${mine.poll.slug}`)).body;
    expect(after).toEqual(before);
  });
});
