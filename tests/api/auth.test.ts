import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/index.ts';
import { type HostedPoll, type Json, openPollWithQuestions, setUpTestApp } from './api-client.ts';
import { mutations } from './host-calls.ts';

const api = setUpTestApp();
let mine: { poll: HostedPoll; yesno: Json; multi: Json };
let theirs: { poll: HostedPoll; yesno: Json; multi: Json };
beforeAll(async () => {
  mine = await openPollWithQuestions(api.host);
  theirs = await openPollWithQuestions(api.host);
});

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
