import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTICIPANT_COOKIE } from '../../src/contract/index.ts';
import { buildApp } from '../../src/server/app.ts';
import { ParticipantIds } from '../../src/server/http/participant.ts';
import { DEFAULT_LIMITS } from '../../src/server/limits.ts';
import { openSqliteStore } from '../../src/server/store/sqlite.ts';
import type { PollStore } from '../../src/server/store/store.ts';
import { httpFrom } from '../helpers/http-from.ts';
import { openStream, type SseStream } from '../helpers/sse-client.ts';

const SECRET_KEY = 'integrity-test-key-integrity-test-key-0123';
const dir = mkdtempSync(join(tmpdir(), 'sondeo-integrity-'));
const dbFile = join(dir, 'sondeo.db');

async function listen(options: { secretKey?: string } = {}) {
  const store = await openSqliteStore(dbFile);
  const app = await buildApp({
    store,
    config: {
      port: 0,
      webDir: null,
      secretKey: options.secretKey,
      rateLimits: {
        enabled: true,
        // No refill within the test: exactly the burst goes in, however slow the machine.
        limits: { ...DEFAULT_LIMITS, BALLOT_BURST: 25, BALLOT_RATE_PER_S: 0.01 },
      },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, store, base: `http://127.0.0.1:${port}/api/v1` };
}

let server: { app: FastifyInstance; store: PollStore; base: string };
const streams: SseStream[] = [];
beforeAll(async () => {
  server = await listen({ secretKey: SECRET_KEY });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await server.app.close();
  await server.store.close();
  rmSync(dir, { recursive: true, force: true });
});

const HOST = '127.0.0.2';
const STUFFER = '127.0.0.3';
const CLASS = '127.0.0.4';

async function openPoll() {
  const created = await httpFrom(HOST, `${server.base}/polls`, {
    body: { title: 'Integridad', settings: { oneVotePerQuestion: true, resultsPublic: true } },
  });
  const { slug, host_secret: secret } = created.body;
  const headers = { 'x-host-secret': secret };
  const q = await httpFrom(HOST, `${server.base}/polls/${slug}/questions`, {
    body: { text: '¿Sí?', type: 'yesno' },
    headers,
  });
  await httpFrom(HOST, `${server.base}/polls/${slug}`, {
    method: 'PATCH',
    body: { status: 'open' },
    headers,
  });
  const yes = q.body.options[0].id as number;
  const no = q.body.options[1].id as number;
  return { slug, secret, headers, questionId: q.body.id as number, yes, no };
}

describe('integrity and discard', () => {
  it('group ballots by source, flag the stuffer, count refusals, and discard it cleanly', async () => {
    const poll = await openPoll();
    const ballot = (from: string, optionId: number, cookie?: string) =>
      httpFrom(from, `${server.base}/polls/${poll.slug}/votes`, {
        body: { answers: [{ questionId: poll.questionId, optionIds: [optionId] }] },
        headers: cookie ? { cookie: `${PARTICIPANT_COOKIE}=${cookie}` } : {},
      });
    // A class of 5 whose phones loaded the poll a minute ago (ids minted as the server would).
    const ids = new ParticipantIds(SECRET_KEY);
    for (let i = 0; i < 5; i++) {
      expect((await ballot(CLASS, poll.no, ids.issue(Date.now() - 60_000))).status).toBe(201);
    }
    // A script dropping its cookie: 25 in (the burst), 5 refused.
    const stuffed = await Promise.all(Array.from({ length: 30 }, () => ballot(STUFFER, poll.yes)));
    expect(stuffed.filter((r) => r.status === 201)).toHaveLength(25);
    expect(stuffed.filter((r) => r.status === 429)).toHaveLength(5);

    const url = `${server.base}/polls/${poll.slug}/integrity`;
    expect((await httpFrom(HOST, url)).status).toBe(401);
    expect(
      (await httpFrom(HOST, url, { headers: { 'x-host-secret': 'x'.repeat(43) } })).status,
    ).toBe(403);
    const view = await httpFrom(HOST, url, { headers: poll.headers });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      totalBallots: 30,
      sourceCount: 2,
      refusedBallots: 5,
      refusedScope: 'instance',
    });
    const [stuffer, room] = view.body.sources;
    expect(stuffer).toMatchObject({ ballots: 25, newParticipantBallots: 25, unusual: true });
    expect(room).toMatchObject({ ballots: 5, newParticipantBallots: 0, unusual: false });
    expect(stuffer.source).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(Date.parse(stuffer.lastAt)).toBeGreaterThanOrEqual(Date.parse(stuffer.firstAt));
    // Never the address itself.
    expect(JSON.stringify(view.body)).not.toContain('127.0.0');

    // What participants and the results page see carries no source.
    const leaks = [
      JSON.stringify((await httpFrom(CLASS, `${server.base}/polls/${poll.slug}`)).body),
      JSON.stringify((await httpFrom(CLASS, `${server.base}/polls/${poll.slug}/summary`)).body),
    ];
    for (const text of leaks) {
      expect(text).not.toContain(stuffer.source);
      expect(text).not.toContain(room.source);
    }

    const stream = await openStream(`${server.base}/polls/${poll.slug}/events`, poll.headers);
    streams.push(stream);
    await stream.next((e) => e.event === 'summary' && JSON.parse(e.data).totalVotes === 30);
    const before = (await httpFrom(HOST, `${server.base}/polls/${poll.slug}`)).body.updatedAt;

    const discard = (source: string) =>
      httpFrom(HOST, `${server.base}/polls/${poll.slug}/discard`, {
        body: { source },
        headers: poll.headers,
      });
    const done = await discard(stuffer.source);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ discardedBallots: 25 });

    // Counters, summary, stream and updatedAt all follow.
    const summary = await httpFrom(HOST, `${server.base}/polls/${poll.slug}/summary`, {
      headers: poll.headers,
    });
    expect(summary.body.totalVotes).toBe(5);
    const counts = summary.body.questions[0].options.map((o: { count: number }) => o.count);
    expect(counts).toEqual([0, 5]);
    await stream.next((e) => e.event === 'summary' && JSON.parse(e.data).totalVotes === 5);
    const after = (await httpFrom(HOST, `${server.base}/polls/${poll.slug}`)).body.updatedAt;
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
    const again = await httpFrom(HOST, url, { headers: poll.headers });
    expect(again.body.sources.map((s: { source: string }) => s.source)).toEqual([room.source]);
    expect(again.body.totalBallots).toBe(5);

    // Nothing left of that source; a malformed one is a 400; the host secret is needed.
    expect((await discard(stuffer.source)).body).toEqual({ discardedBallots: 0 });
    const bad = await discard('no válido');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    const anonymous = await httpFrom(STUFFER, `${server.base}/polls/${poll.slug}/discard`, {
      body: { source: room.source },
    });
    expect(anonymous.status).toBe(401);
  });

  it('one address has a different source in each poll', async () => {
    const [a, b] = [await openPoll(), await openPoll()];
    for (const poll of [a, b]) {
      await httpFrom(CLASS, `${server.base}/polls/${poll.slug}/votes`, {
        body: { answers: [{ questionId: poll.questionId, optionIds: [poll.yes] }] },
      });
    }
    const sourceOf = async (poll: typeof a) =>
      (
        await httpFrom(HOST, `${server.base}/polls/${poll.slug}/integrity`, {
          headers: poll.headers,
        })
      ).body.sources[0].source;
    expect(await sourceOf(a)).not.toBe(await sourceOf(b));
  });
});

describe('the signing key', () => {
  it('is generated once and kept in the database: another instance accepts the ids', async () => {
    const own = join(dir, 'shared.db');
    const start = async () => {
      const store = await openSqliteStore(own);
      const app = await buildApp({ store, config: { port: 0, webDir: null } });
      return { app, store };
    };
    const one = await start();
    const two = await start();
    try {
      const created = await one.app.inject({
        method: 'POST',
        url: '/api/v1/polls',
        payload: { title: 'Clave' },
      });
      const slug = created.json().slug;
      const page = await one.app.inject({ url: `/api/v1/polls/${slug}` });
      const cookie = page.cookies.find((c) => c.name === PARTICIPANT_COOKIE)!.value;
      const elsewhere = await two.app.inject({
        url: `/api/v1/polls/${slug}`,
        cookies: { [PARTICIPANT_COOKIE]: cookie },
      });
      expect(elsewhere.headers['set-cookie']).toBeUndefined();
      // A server with another key does not.
      const other = await openSqliteStore(join(dir, 'other.db'));
      const stranger = await buildApp({ store: other, config: { port: 0, webDir: null } });
      const created2 = await stranger.inject({
        method: 'POST',
        url: '/api/v1/polls',
        payload: { title: 'Otra' },
      });
      const res = await stranger.inject({
        url: `/api/v1/polls/${created2.json().slug}`,
        cookies: { [PARTICIPANT_COOKIE]: cookie },
      });
      const replaced = res.cookies.find((c) => c.name === PARTICIPANT_COOKIE)?.value;
      expect(replaced).toBeDefined();
      expect(replaced).not.toBe(cookie);
      await stranger.close();
      await other.close();
    } finally {
      for (const s of [one, two]) {
        await s.app.close();
        await s.store.close();
      }
    }
  });
});
