import { describe, expect, it } from 'vitest';
import { PARTICIPANT_COOKIE } from '../../src/contract/index.ts';
import { DEFAULT_LIMITS, type Limits } from '../../src/server/limits.ts';
import { httpFrom } from '../helpers/http-from.ts';
import { setUpTestApp } from './api-client.ts';

/** Small buckets so a test reaches them in a few requests; real HTTP so addresses differ. */
const limits: Limits = {
  ...DEFAULT_LIMITS,
  BALLOT_BURST: 4,
  BALLOT_RATE_PER_S: 0.5,
  PARTICIPANT_BURST: 6,
  PARTICIPANT_RATE_PER_S: 0.01,
  POLL_CREATE_BURST: 3,
  POLL_CREATE_PER_MIN: 0.01,
  POLL_EDIT_BURST: 3,
  POLL_EDIT_PER_MIN: 0.01,
  MAX_BALLOT_SELECTIONS: 3,
  READ_BURST: 12,
  READ_RATE_PER_S: 0.5,
  // No burst and almost no refill: the first rebuild an address causes leaves it in debt.
  READ_REBUILD_BURST_MS: 0,
  READ_REBUILD_MS_PER_S: 0.001,
};

const listening = (enabled: boolean) =>
  setUpTestApp({ config: { port: 0, rateLimits: { enabled, limits } }, listen: true });

const server = listening(true);

/** Each test uses its own addresses: buckets are per address. */
let nextAddress = 10;
const address = () => `127.0.0.${nextAddress++}`;

type Poll = { slug: string; secret: string; questionId: number; optionIds: number[] };

async function openPoll(from: string, options = 4): Promise<Poll> {
  const created = await httpFrom(from, `${server.apiUrl}/polls`, {
    body: { title: 'Límites', settings: { oneVotePerQuestion: false } },
  });
  expect(created.status).toBe(201);
  const { slug, host_secret: secret } = created.body;
  const q = await httpFrom(from, `${server.apiUrl}/polls/${slug}/questions`, {
    body: {
      text: '¿Cuáles?',
      type: 'multiple',
      options: Array.from({ length: options }, (_, i) => ({ text: `O${i}` })),
    },
    headers: { 'x-host-secret': secret },
  });
  expect(q.status).toBe(201);
  const opened = await httpFrom(from, `${server.apiUrl}/polls/${slug}`, {
    method: 'PATCH',
    body: { status: 'open' },
    headers: { 'x-host-secret': secret },
  });
  expect(opened.status).toBe(200);
  return {
    slug,
    secret,
    questionId: q.body.id,
    optionIds: q.body.options.map((o: { id: number }) => o.id),
  };
}

/** A participant as the page is one: loads the poll (gets a cookie), then votes with it. */
async function participant(from: string, poll: Poll): Promise<string> {
  const res = await httpFrom(from, `${server.apiUrl}/polls/${poll.slug}`);
  expect(res.status).toBe(200);
  return res.cookies[PARTICIPANT_COOKIE]!;
}

const vote = (from: string, poll: Poll, cookie?: string, key?: string, optionCount = 1) =>
  httpFrom(from, `${server.apiUrl}/polls/${poll.slug}/votes`, {
    body: {
      answers: [{ questionId: poll.questionId, optionIds: poll.optionIds.slice(0, optionCount) }],
    },
    headers: {
      ...(cookie && { cookie: `${PARTICIPANT_COOKIE}=${cookie}` }),
      ...(key && { 'idempotency-key': key }),
    },
  });

function expectRateLimited(res: Awaited<ReturnType<typeof httpFrom>>) {
  expect(res.status).toBe(429);
  expect(res.body.code).toBe('RATE_LIMITED');
  expect(res.body.message).toMatch(/inténtalo de nuevo en \d+ s/);
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

describe('ballots per (address, poll)', () => {
  it('take the burst at once, then refuse with 429 and Retry-After; a retry after it goes in', async () => {
    const host = address();
    const poll = await openPoll(host);
    const other = await openPoll(host);
    const room = address();
    const cookies = await Promise.all(Array.from({ length: 6 }, () => participant(room, poll)));
    const first = await Promise.all(cookies.slice(0, 4).map((c) => vote(room, poll, c)));
    expect(first.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const refused = await vote(room, poll, cookies[4], 'clave-1');
    expectRateLimited(refused);
    // Another address, and another poll from the same address, have buckets of their own.
    expect((await vote(address(), poll)).status).toBe(201);
    expect((await vote(room, other, cookies[5])).status).toBe(201);
    // The same ballot, same key, after Retry-After: stored once.
    await new Promise((r) => setTimeout(r, Number(refused.headers['retry-after']) * 1000));
    const retried = await vote(room, poll, cookies[4], 'clave-1');
    expect(retried.status).toBe(201);
    const summary = await httpFrom(host, `${server.apiUrl}/polls/${poll.slug}/summary`, {
      headers: { 'x-host-secret': poll.secret },
    });
    expect(summary.body.totalVotes).toBe(6);
  });

  it('a script that drops its cookie pays with the participant bucket too', async () => {
    const host = address();
    const polls = [await openPoll(host), await openPoll(host)];
    const script = address();
    // Six new ids (PARTICIPANT_BURST), three ballots in each poll: all in.
    for (let i = 0; i < 6; i++) {
      const res = await vote(script, polls[i % 2]!);
      expect(res.status).toBe(201);
      expect(res.cookies[PARTICIPANT_COOKIE]).toBeDefined();
    }
    // No ids left: a ballot without a cookie is refused, though its poll's bucket has tokens…
    expectRateLimited(await vote(script, polls[0]!));
    // …the poll still loads (no cookie handed out), and an id already issued still votes.
    const page = await httpFrom(script, `${server.apiUrl}/polls/${polls[0]!.slug}`);
    expect(page.status).toBe(200);
    expect(page.cookies[PARTICIPANT_COOKIE]).toBeUndefined();
    // (The refused ballot took poll 0's fourth token; poll 1 has one left.)
    const kept = await participant(address(), polls[1]!);
    expect((await vote(script, polls[1]!, kept)).status).toBe(201);
  });

  it(`hold at most MAX_BALLOT_SELECTIONS (${limits.MAX_BALLOT_SELECTIONS}) selections in all`, async () => {
    const from = address();
    const poll = await openPoll(from);
    const too = await vote(from, poll, undefined, undefined, 4);
    expect(too.status).toBe(400);
    expect(too.body).toMatchObject({ code: 'INVALID_BALLOT' });
    expect(too.body.message).toContain('como máximo 3 opciones');
    expect((await vote(from, poll, undefined, undefined, 3)).status).toBe(201);
  });
});

describe('polls created and duplicated per address', () => {
  it('share one bucket; another address is not affected', async () => {
    const teacher = address();
    const first = await openPoll(teacher); // 1 of 3
    const copy = await httpFrom(teacher, `${server.apiUrl}/polls/${first.slug}/duplicate`, {
      method: 'POST',
      headers: { 'x-host-secret': first.secret },
    });
    expect(copy.status).toBe(201); // 2 of 3
    expect(
      (await httpFrom(teacher, `${server.apiUrl}/polls`, { body: { title: 'Tres' } })).status,
    ).toBe(201);
    expectRateLimited(
      await httpFrom(teacher, `${server.apiUrl}/polls`, { body: { title: 'Cuatro' } }),
    );
    expectRateLimited(
      await httpFrom(teacher, `${server.apiUrl}/polls/${first.slug}/duplicate`, {
        method: 'POST',
        headers: { 'x-host-secret': first.secret },
      }),
    );
    expect(
      (await httpFrom(address(), `${server.apiUrl}/polls`, { body: { title: 'Otra' } })).status,
    ).toBe(201);
  });
});

describe('questions and options added per poll', () => {
  it('take the burst, then refuse, whatever the address; other polls are not affected', async () => {
    const host = address();
    const created = await httpFrom(host, `${server.apiUrl}/polls`, { body: { title: 'Edición' } });
    const { slug, host_secret: secret } = created.body;
    const headers = { 'x-host-secret': secret };
    const q = await httpFrom(host, `${server.apiUrl}/polls/${slug}/questions`, {
      body: { text: 'Uno', type: 'single', options: [{ text: 'A' }] },
      headers,
    });
    expect(q.status).toBe(201);
    const option = (from: string, text: string) =>
      httpFrom(from, `${server.apiUrl}/questions/${q.body.id}/options`, {
        body: { text },
        headers,
      });
    expect((await option(host, 'B')).status).toBe(201);
    expect((await option(address(), 'C')).status).toBe(201);
    expectRateLimited(await option(address(), 'D'));
    expectRateLimited(
      await httpFrom(host, `${server.apiUrl}/polls/${slug}/questions`, {
        body: { text: 'Dos', type: 'yesno' },
        headers,
      }),
    );
    // Editing what exists is not adding.
    const edited = await httpFrom(host, `${server.apiUrl}/questions/${q.body.id}`, {
      method: 'PUT',
      body: { text: 'Uno bis' },
      headers,
    });
    expect(edited.status).toBe(200);
    const other = await openPoll(host);
    expect(other.optionIds).toHaveLength(4);
  });
});

describe('anonymous reads per address', () => {
  it('share one bucket over polls, summaries and pages; another address is not affected', async () => {
    const host = address();
    const polls = [await openPoll(host), await openPoll(host)];
    await httpFrom(host, `${server.apiUrl}/polls/${polls[0]!.slug}`, {
      method: 'PATCH',
      body: { settings: { resultsPublic: true } },
      headers: { 'x-host-secret': polls[0]!.secret },
    });
    // The host's own reads load the cache, so the reader's cost no rebuild (that budget is
    // tested below).
    for (const p of polls) {
      const headers = { 'x-host-secret': p.secret };
      await httpFrom(host, `${server.apiUrl}/polls/${p.slug}`, { headers });
      await httpFrom(host, `${server.apiUrl}/polls/${p.slug}/summary`, { headers });
    }
    const reader = address();
    // READ_BURST (12) reads at once, rotating over polls and over the two kinds of read.
    for (let i = 0; i < 12; i++) {
      const slug = polls[i % 2]!.slug;
      const path = i % 4 === 0 ? `/polls/${polls[0]!.slug}/summary` : `/polls/${slug}`;
      expect((await httpFrom(reader, `${server.apiUrl}${path}`)).status).toBe(200);
    }
    const refused = await httpFrom(reader, `${server.apiUrl}/polls/${polls[1]!.slug}`);
    expectRateLimited(refused);
    expect(refused.body.message).toMatch(/^Demasiadas peticiones seguidas/);
    expectRateLimited(await httpFrom(reader, `${server.apiUrl}/polls/${polls[0]!.slug}/summary`));
    // Someone else reads on.
    expect((await httpFrom(address(), `${server.apiUrl}/polls/${polls[1]!.slug}`)).status).toBe(
      200,
    );
    // After Retry-After the reader gets its answer again.
    await new Promise((r) => setTimeout(r, Number(refused.headers['retry-after']) * 1000));
    expect((await httpFrom(reader, `${server.apiUrl}/polls/${polls[1]!.slug}`)).status).toBe(200);
  });
});

describe('summary rebuilds caused by anonymous reads', () => {
  it('are paid by the address that caused them; cached reads and the host are free', async () => {
    const host = address();
    const polls = [await openPoll(host), await openPoll(host)];
    for (const p of polls) {
      await httpFrom(host, `${server.apiUrl}/polls/${p.slug}`, {
        method: 'PATCH',
        body: { settings: { resultsPublic: true } },
        headers: { 'x-host-secret': p.secret },
      });
    }
    const reader = address();
    const summary = (p: Poll, headers: Record<string, string> = {}) =>
      httpFrom(reader, `${server.apiUrl}/polls/${p.slug}/summary`, { headers });
    // The first rebuild is allowed (nothing owed yet) and leaves the address in debt…
    expect((await summary(polls[0]!)).status).toBe(200);
    // …so another poll's summary, which must be rebuilt, waits…
    const refused = await summary(polls[1]!);
    expectRateLimited(refused);
    // …while the one now cached is still served, and the host reads anything.
    expect((await summary(polls[0]!)).status).toBe(200);
    expect((await summary(polls[1]!, { 'x-host-secret': polls[1]!.secret })).status).toBe(200);
    expect((await summary(polls[1]!)).status).toBe(200);
  });
});

describe('poll loads caused by anonymous reads', () => {
  it('are paid by the address that caused them; a made-up secret does not spare them', async () => {
    const host = address();
    const polls = [await openPoll(host), await openPoll(host), await openPoll(host)];
    const reader = address();
    const read = (p: Poll, headers: Record<string, string> = {}) =>
      httpFrom(reader, `${server.apiUrl}/polls/${p.slug}`, { headers });
    // Before: every GET of a poll the cache did not hold was free, so readers rotating over
    // more big polls than the cache holds made it load each one again.
    expect((await read(polls[0]!)).status).toBe(200);
    expectRateLimited(await read(polls[1]!));
    expectRateLimited(await read(polls[1]!, { 'x-host-secret': 'made-up' }));
    // Cached: free.
    expect((await read(polls[0]!)).status).toBe(200);
    // The host loads it (free for the host); then the reader's read is a cached one.
    expect((await read(polls[1]!, { 'x-host-secret': polls[1]!.secret })).status).toBe(200);
    expect((await read(polls[1]!)).status).toBe(200);
    // Another address is not affected.
    expect((await httpFrom(address(), `${server.apiUrl}/polls/${polls[2]!.slug}`)).status).toBe(
      200,
    );
  });
});

describe('RATE_LIMITS=off', () => {
  const off = listening(false);

  it('turns every bucket off; the selection cap stays', async () => {
    const from = address();
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        httpFrom(from, `${off.apiUrl}/polls`, { body: { title: `P${i}` } }),
      ),
    );
    expect(made.every((r) => r.status === 201)).toBe(true);
    const { slug, host_secret: secret } = made[0]!.body;
    const headers = { 'x-host-secret': secret };
    const q = await httpFrom(from, `${off.apiUrl}/polls/${slug}/questions`, {
      body: { text: '¿?', type: 'multiple', options: 'ABCDE'.split('').map((text) => ({ text })) },
      headers,
    });
    await httpFrom(from, `${off.apiUrl}/polls/${slug}`, {
      method: 'PATCH',
      body: { status: 'open' },
      headers,
    });
    const ballot = (n: number) =>
      httpFrom(from, `${off.apiUrl}/polls/${slug}/votes`, {
        body: {
          answers: [
            {
              questionId: q.body.id,
              optionIds: q.body.options.slice(0, n).map((o: { id: number }) => o.id),
            },
          ],
        },
      });
    const votes = await Promise.all(Array.from({ length: 12 }, () => ballot(1)));
    expect(votes.every((r) => r.status === 201)).toBe(true);
    expect((await ballot(4)).status).toBe(400);
  });
});
