import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/limits.ts';
import {
  Client,
  createPoll,
  type HostedPoll,
  type Json,
  openPollWithQuestions,
  setUpTestApp,
  testApp,
} from './api-client.ts';

/** Issue 17: 'Mis encuestas' reads every poll whose code a browser holds, in one request. */

const api = setUpTestApp();

const lookup = (polls: unknown) => api.host.post('/polls/lookup', { polls });
const entry = (poll: HostedPoll) => ({ slug: poll.slug, secret: poll.secret });

describe('POST /polls/lookup', () => {
  it('answers each poll with its counts, newest change first, people counted once', async () => {
    const older = await createPoll(api.host, { title: 'Primera clase' });
    const { poll, yesno, multi } = await openPollWithQuestions(api.host);
    // Two people; the first sends two ballots (a question at a time, as in presenter pace).
    const first = new Client(api.app);
    const second = new Client(api.app);
    const yes = yesno.options[0].id;
    for (const [voter, answers] of [
      [first, [{ questionId: yesno.id, optionIds: [yes] }]],
      [first, [{ questionId: multi.id, optionIds: [multi.options[0].id] }]],
      [second, [{ questionId: yesno.id, optionIds: [yes] }]],
    ] as const) {
      expect((await voter.post(`/polls/${poll.slug}/votes`, { answers })).status).toBe(201);
    }
    const res = await lookup([entry(older), entry(poll)]);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.polls).toEqual([
      {
        slug: poll.slug,
        missing: false,
        title: 'Clase',
        status: 'open',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        questionCount: 2,
        participantCount: 2,
        // Issue 24: the code phones type, shown on each card.
        joinCode: poll.body.joinCode,
      },
      expect.objectContaining({
        slug: older.slug,
        missing: false,
        title: 'Primera clase',
        status: 'draft',
        questionCount: 0,
        participantCount: 0,
      }),
    ]);
    const [newest, oldest] = res.body.polls as Json[];
    expect(Date.parse(newest.updatedAt)).toBeGreaterThan(Date.parse(oldest.updatedAt));
    // The newest change moves a poll to the top.
    await api.host.patch(`/polls/${older.slug}`, { title: 'Primera clase (2)' }, older);
    const again = await lookup([entry(poll), entry(older)]);
    expect(again.body.polls.map((p: Json) => p.slug)).toEqual([older.slug, poll.slug]);
  });

  it('answers a wrong code, an unknown slug and a malformed one alike: missing', async () => {
    const mine = await createPoll(api.host);
    const other = await createPoll(api.host);
    const res = await lookup([
      { slug: other.slug, secret: mine.secret },
      { slug: 'zzzzzzzz', secret: mine.secret },
      { slug: '../../etc', secret: 'x' },
      entry(mine),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.polls).toEqual([
      expect.objectContaining({ slug: mine.slug, missing: false }),
      { slug: other.slug, missing: true },
      { slug: 'zzzzzzzz', missing: true },
      { slug: '../../etc', missing: true },
    ]);
    // A poll deleted since (here: never existed) and nothing else leaks from a missing entry.
    expect(Object.keys(res.body.polls[1])).toEqual(['slug', 'missing']);
  });

  it('refuses more polls than MY_POLLS_LOOKUP_MAX, and a bad body, with 400 in Spanish', async () => {
    const max = DEFAULT_LIMITS.MY_POLLS_LOOKUP_MAX;
    const many = Array.from({ length: max + 1 }, (_, i) => ({
      slug: `aaaaa${String(i).padStart(3, '2')}`,
      secret: 's',
    }));
    const tooMany = await lookup(many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(tooMany.body.message).toBe(`Demasiadas encuestas en una consulta: como máximo ${max}`);
    expect((await lookup(many.slice(0, max))).status).toBe(200);

    for (const body of [{}, { polls: [] }, { polls: [{ slug: 'abc' }] }, { polls: 'x' }]) {
      const res = await api.host.post('/polls/lookup', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.message).toMatch(/[áéíóúñ]|datos|Indica/i);
    }
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await api.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const op = doc.paths['/api/v1/polls/lookup'].post;
    expect(op.operationId).toBe('lookupPolls');
    expect(op.description).toMatch(/missing/);
    expect(op.requestBody.content['application/json'].schema.properties.polls).toBeDefined();
  });
});

describe('POST /polls/lookup rate limit', () => {
  it('refuses an address past POLL_LOOKUPS_PER_MIN with 429 and Retry-After', async () => {
    const limited = await testApp({
      config: {
        rateLimits: { enabled: true, limits: { ...DEFAULT_LIMITS, POLL_LOOKUPS_PER_MIN: 2 } },
      },
    });
    try {
      const c = new Client(limited.app);
      const body = { polls: [{ slug: 'zzzzzzzz', secret: 's' }] };
      expect((await c.post('/polls/lookup', body)).status).toBe(200);
      expect((await c.post('/polls/lookup', body)).status).toBe(200);
      const refused = await c.post('/polls/lookup', body);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
