import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { RATE_LIMITS_OFF } from '../../src/server/limits.ts';
import { openSqliteStore } from '../../src/server/store/sqlite.ts';
import type { PollStore } from '../../src/server/store/store.ts';
import { Client, createPoll, type HostedPoll, openPollWithQuestions } from './api-client.ts';

/**
 * Issue 25: 'Mis encuestas' was an unmetered CPU attack. It counted the people of every named
 * poll (COUNT(DISTINCT) over all its ballots) before checking any code, so wrong codes naming big
 * polls blocked the event loop, and the time taken told whether a slug existed and how big it
 * was. The store is watched: what it is asked for a wrong code must be what it is asked for an
 * unknown slug, and no poll is counted unless its code opened it.
 */

interface Call {
  method: 'pollSecretHashes' | 'pollOverviews';
  slugs: string[];
}

let app: FastifyInstance;
let store: PollStore;
let dir: string;
const calls: Call[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sondeo-lookup-'));
  const real = await openSqliteStore(join(dir, 'sondeo.db'));
  store = real;
  const watched: PollStore = Object.create(real);
  watched.pollSecretHashes = (slugs) => {
    calls.push({ method: 'pollSecretHashes', slugs: [...slugs] });
    return real.pollSecretHashes(slugs);
  };
  watched.pollOverviews = (slugs) => {
    calls.push({ method: 'pollOverviews', slugs: [...slugs] });
    return real.pollOverviews(slugs);
  };
  app = await buildApp({
    store: watched,
    config: { port: 3000, webDir: null, rateLimits: RATE_LIMITS_OFF },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const lookup = async (polls: { slug: string; secret: string }[]) => {
  calls.length = 0;
  const res = await new Client(app).post('/polls/lookup', { polls });
  expect(res.status).toBe(200);
  return { body: res.body, calls: calls.map((c) => ({ ...c })) };
};

/** What the store was asked, with the slugs replaced by a placeholder: the shape of the work. */
const shape = (made: Call[]) => made.map((c) => ({ method: c.method, slugs: c.slugs.length }));

describe('POST /polls/lookup checks every code before counting anything', () => {
  let big: HostedPoll;
  let other: HostedPoll;

  beforeAll(async () => {
    const host = new Client(app);
    ({ poll: big } = await openPollWithQuestions(host));
    other = await createPoll(host);
    const poll = await host.get(`/polls/${big.slug}`);
    const question = poll.body.questions[0];
    for (let i = 0; i < 30; i++) {
      const voter = new Client(app);
      const answers = [{ questionId: question.id, optionIds: [question.options[0].id] }];
      expect((await voter.post(`/polls/${big.slug}/votes`, { answers })).status).toBe(201);
    }
  });

  it('never counts a poll whose code is wrong', async () => {
    const { body, calls: made } = await lookup([
      { slug: big.slug, secret: other.secret },
      { slug: other.slug, secret: big.secret },
    ]);
    expect(body.polls).toEqual([
      { slug: big.slug, missing: true },
      { slug: other.slug, missing: true },
    ]);
    const counted = made.filter((c) => c.method === 'pollOverviews').flatMap((c) => c.slugs);
    expect(counted).toEqual([]);
  });

  it('asks the store the same for a wrong code, an unknown slug and a big poll or an empty one', async () => {
    const wrongBig = await lookup([{ slug: big.slug, secret: other.secret }]);
    const wrongEmpty = await lookup([{ slug: other.slug, secret: big.secret }]);
    const unknown = await lookup([{ slug: 'zzzzzzzz', secret: big.secret }]);
    expect(shape(wrongBig.calls)).toEqual(shape(unknown.calls));
    expect(shape(wrongEmpty.calls)).toEqual(shape(unknown.calls));
    expect(wrongBig.body).toEqual({ polls: [{ slug: big.slug, missing: true }] });
    expect(unknown.body).toEqual({ polls: [{ slug: 'zzzzzzzz', missing: true }] });
  });

  it('counts only the polls whose code opened, from the live counter', async () => {
    const { body, calls: made } = await lookup([
      { slug: big.slug, secret: big.secret },
      { slug: other.slug, secret: big.secret },
      { slug: 'zzzzzzzz', secret: big.secret },
    ]);
    const counted = made.filter((c) => c.method === 'pollOverviews').flatMap((c) => c.slugs);
    expect(counted).toEqual([big.slug]);
    expect(body.polls[0]).toMatchObject({ slug: big.slug, missing: false, participantCount: 30 });
  });
});
