import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { RATE_LIMITS_OFF } from '../../src/server/limits.ts';
import { createLive, type Live } from '../../src/server/live/live.ts';
import { openSqliteStore } from '../../src/server/store/sqlite.ts';
import type { PollStore } from '../../src/server/store/store.ts';
import { startServer } from '../helpers/server-process.ts';

/** A stream read over fetch, as the web client reads it (EventSource cannot send headers). */
interface Stream {
  status: number;
  headers: Headers;
  /** Frames in order; a comment is {event: 'comment'}. */
  frames: { id?: number; event: string; data: string; retry?: number }[];
  next(match: (f: Stream['frames'][number]) => boolean, timeoutMs?: number): Promise<unknown>;
  close(): void;
  ended: Promise<void>;
}

async function open(path: string, headers: Record<string, string> = {}): Promise<Stream> {
  const controller = new AbortController();
  const res = await fetch(`${base}${path}`, { headers, signal: controller.signal });
  const frames: Stream['frames'] = [];
  let wake = () => {};
  const stream: Stream = {
    status: res.status,
    headers: res.headers,
    frames,
    async next(match, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      for (let seen = 0; ; ) {
        const found = frames.slice(seen).find(match);
        if (found) return found.data ? JSON.parse(found.data) : undefined;
        seen = frames.length;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no such frame; got ${JSON.stringify(frames)}`);
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, left);
        });
      }
    },
    close: () => controller.abort(),
    ended: Promise.resolve(),
  };
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) return stream;
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
          const id = field('id');
          const retry = field('retry');
          frames.push({
            event: lines[0]!.startsWith(':') ? 'comment' : (field('event') ?? 'message'),
            data: field('data') ?? '',
            ...(id !== undefined && { id: Number(id) }),
            ...(retry !== undefined && { retry: Number(retry) }),
          });
          wake();
        }
      }
    } catch {
      // Aborted by close(), or the server ended the stream.
    }
  })();
  return stream;
}

let dir: string;
let store: PollStore;
let live: Live;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sondeo-live-'));
  store = await openSqliteStore(join(dir, 'sondeo.db'));
  // A short heartbeat, so the test sees one; the protocol's is 15 s.
  live = createLive(store, undefined, { heartbeatMs: 300 });
  app = await buildApp({
    store,
    config: { port: 0, webDir: null, rateLimits: RATE_LIMITS_OFF },
    live,
  });
  base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/v1`;
});
afterAll(async () => {
  await app.close();
  live.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call(method: string, path: string, body?: unknown, secret?: string) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(secret && { 'x-host-secret': secret }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json().catch(() => null) };
}

/** An open poll with a yes/no question; `settings` as in POST /polls. */
async function openPoll(settings: { resultsPublic?: boolean } = {}) {
  const created = await call('POST', '/polls', { title: 'En vivo', settings });
  const { slug, host_secret: secret } = created.body;
  const q = await call('POST', `/polls/${slug}/questions`, { text: '¿Sí?', type: 'yesno' }, secret);
  await call('PATCH', `/polls/${slug}`, { status: 'open' }, secret);
  const vote = (i = 0) =>
    call('POST', `/polls/${slug}/votes`, {
      answers: [{ questionId: q.body.id, optionIds: [q.body.options[i % 2].id] }],
    });
  return { slug, secret, vote, events: `/polls/${slug}/events` };
}

const summaryWith = (n: number) => (f: { event: string; data: string }) =>
  f.event === 'summary' && JSON.parse(f.data).totalVotes === n;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('GET /polls/:slug/events', () => {
  it('answers an unknown poll with the JSON 404, not a stream', async () => {
    const res = await call('GET', '/polls/noexiste/events');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('POLL_NOT_FOUND');
  });

  it('opens with the retry hint, then the poll and summary exactly as the GET calls give them', async () => {
    const p = await openPoll();
    await p.vote();
    const s = await open(p.events, { 'x-host-secret': p.secret });
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('cache-control')).toBe('no-cache');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    // Set on the raw response before the route hijacks it.
    expect(s.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(s.headers.get('x-frame-options')).toBe('DENY');
    const summary = await s.next((f) => f.event === 'summary');
    expect(s.frames[0]).toEqual({ event: 'message', data: '', retry: 2000 });
    expect(s.frames.slice(1, 3).map((f) => f.event)).toEqual(['poll', 'summary']);
    // updatedAt aside: votes move it, and `poll` events go out on changes of the poll only.
    // …and `now`, the moment each was sent.
    const { updatedAt, now: _now, ...rest } = (await call('GET', `/polls/${p.slug}`)).body;
    const streamed = JSON.parse(s.frames[1]!.data);
    expect(streamed).toEqual({ ...rest, updatedAt: streamed.updatedAt, now: streamed.now });
    expect(Date.parse(streamed.updatedAt)).toBeLessThanOrEqual(Date.parse(updatedAt));
    expect(summary).toEqual(
      (await call('GET', `/polls/${p.slug}/summary`, undefined, p.secret)).body,
    );
    expect(s.frames.slice(1, 3).every((f) => Number.isInteger(f.id))).toBe(true);
    s.close();
  });

  it('pushes a vote within the window, and merges a burst into a few frames ending on the last state', async () => {
    const p = await openPoll({ resultsPublic: true });
    const s = await open(p.events);
    await s.next(summaryWith(0));
    const sent = Date.now();
    await p.vote();
    await s.next(summaryWith(1), 1000);
    // Generous: the window is at most 200 ms; this only proves the push, not a latency.
    expect(Date.now() - sent).toBeLessThan(1000);

    await wait(250);
    const before = s.frames.length;
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => p.vote(i)));
    expect(results.every((r) => r.status === 201)).toBe(true);
    await s.next(summaryWith(51), 2000);
    await wait(400);
    const burst = s.frames.slice(before).filter((f) => f.event === 'summary');
    // One stream makes frames cheap, so its window is short (coalescing-window.ts): the burst
    // still merges (far fewer frames than votes) and ends on the last state.
    expect(burst.length).toBeLessThanOrEqual(35);
    expect(JSON.parse(burst.at(-1)!.data).totalVotes).toBe(51);
    s.close();
  });

  it('keeps a private poll’s results to the host (header only); others get the poll alone', async () => {
    const p = await openPoll();
    const guest = await open(p.events);
    const impostor = await open(p.events, { 'x-host-secret': 'not-the-secret' });
    const host = await open(p.events, { 'x-host-secret': p.secret });
    await host.next(summaryWith(0));
    await p.vote();
    await host.next(summaryWith(1));
    await wait(300);
    for (const s of [guest, impostor]) {
      expect(s.frames.map((f) => f.event).filter((e) => e !== 'comment')).toEqual([
        'message',
        'poll',
      ]);
    }
    for (const s of [guest, impostor, host]) s.close();
  });

  it('starts summaries for everyone when the poll closes, and follows edits of the poll', async () => {
    const p = await openPoll();
    const guest = await open(p.events);
    await guest.next((f) => f.event === 'poll');
    await p.vote();
    await call('PATCH', `/polls/${p.slug}`, { title: 'Cambiado' }, p.secret);
    expect(
      await guest.next((f) => f.event === 'poll' && f.data.includes('Cambiado')),
    ).toMatchObject({
      title: 'Cambiado',
      status: 'open',
    });
    await call('PATCH', `/polls/${p.slug}`, { status: 'closed' }, p.secret);
    await guest.next((f) => f.event === 'poll' && JSON.parse(f.data).status === 'closed');
    const summary = await guest.next(summaryWith(1));
    expect(summary).toMatchObject({ status: 'closed', totalVotes: 1 });
    guest.close();
  });

  it('gives a participation page’s stream poll frames only, even when results are public', async () => {
    const p = await openPoll({ resultsPublic: true });
    const page = await open(`${p.events}?as=participant`);
    const results = await open(p.events);
    await page.next((f) => f.event === 'poll');
    await results.next(summaryWith(0));
    await p.vote();
    await results.next(summaryWith(1));
    await call('PATCH', `/polls/${p.slug}`, { title: 'Cambiado' }, p.secret);
    await call('PATCH', `/polls/${p.slug}`, { status: 'closed' }, p.secret);
    await page.next((f) => f.event === 'poll' && JSON.parse(f.data).status === 'closed');
    await results.next((f) => f.event === 'summary' && JSON.parse(f.data).status === 'closed');
    await wait(300);
    // Changes of the poll reach it; no summary ever does, open or closed.
    expect(page.frames.map((f) => f.event).filter((e) => e !== 'comment')).toEqual([
      'message',
      'poll',
      'poll',
      'poll',
    ]);
    for (const s of [page, results]) s.close();
  });
  it('gives a reconnect with Last-Event-ID the current state at once, with later ids', async () => {
    const p = await openPoll({ resultsPublic: true });
    const first = await open(p.events);
    await first.next(summaryWith(0));
    // The last id the client saw: a heartbeat comment (no id) may arrive after the summary in
    // the same read, so the last frame is not always one with an id (a busy CI run caught it).
    const lastId = Math.max(...first.frames.flatMap((f) => (f.id === undefined ? [] : [f.id])));
    expect(lastId).toBeGreaterThan(0);
    first.close();
    await p.vote();
    const again = await open(p.events, { 'last-event-id': String(lastId) });
    await again.next(summaryWith(1), 1000);
    const events = again.frames.filter((f) => f.event === 'poll' || f.event === 'summary');
    expect(events.every((f) => f.id! > lastId)).toBe(true);
    again.close();
  });

  it('sends heartbeat comments', async () => {
    const p = await openPoll();
    const s = await open(p.events);
    await s.next((f) => f.event === 'comment', 2000);
    s.close();
  });

  it('forgets a client that disconnects, and its poll’s topic with the last one', async () => {
    const p = await openPoll();
    const a = await open(p.events);
    const b = await open(p.events);
    await b.next((f) => f.event === 'poll');
    expect([...live.hub.slugs()]).toContain(p.slug);
    a.close();
    b.close();
    for (let i = 0; i < 50 && [...live.hub.slugs()].includes(p.slug); i++) await wait(50);
    expect([...live.hub.slugs()]).not.toContain(p.slug);
  });
});

describe('the bytes on the wire', () => {
  /** Reads a raw response until `until` shows up in it. */
  async function raw(request: string, until: RegExp): Promise<string> {
    const { port } = new URL(base);
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    try {
      return await new Promise((resolve, reject) => {
        socket.on('data', (chunk) => {
          text += chunk.toString('utf8');
          if (until.test(text)) resolve(text);
        });
        socket.on('error', reject);
        setTimeout(() => reject(new Error(`timed out; got ${JSON.stringify(text)}`)), 3000);
        socket.write(request);
      });
    } finally {
      socket.destroy();
    }
  }

  it('frames events as HTTP/1.1 chunks, and unchunked for HTTP/1.0', async () => {
    const p = await openPoll({ resultsPublic: true });
    const path = `/api/v1${p.events}`;
    const chunked = await raw(
      `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`,
      /"totalVotes"[^\n]*\n\n\r\n/,
    );
    expect(chunked).toMatch(/^HTTP\/1\.1 200/);
    expect(chunked).toMatch(/transfer-encoding: chunked/i);
    const body = chunked.slice(chunked.indexOf('\r\n\r\n') + 4);
    // size CRLF data CRLF, the size being the data's length in bytes.
    const first = /^([0-9a-f]+)\r\n/.exec(body)!;
    const data = body.slice(first[0].length, first[0].length + Number.parseInt(first[1]!, 16));
    expect(data).toBe('retry: 2000\n\n');
    const old = await raw(`GET ${path} HTTP/1.0\r\n\r\n`, /"totalVotes"[^\n]*\n\n/);
    expect(old.slice(old.indexOf('\r\n\r\n') + 4)).toMatch(
      /^retry: 2000\n\nid: \d+\nevent: poll\n/,
    );
  });
});

describe('GET /polls/:slug/summary ETag', () => {
  it('answers 304 while unchanged, and a new tag after a vote', async () => {
    const p = await openPoll({ resultsPublic: true });
    const first = await call('GET', `/polls/${p.slug}/summary`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await fetch(`${base}/polls/${p.slug}/summary`, {
        headers: { 'if-none-match': tag },
      });
      expect(res.status, tag).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(await res.text()).toBe('');
    }
    // The host sees the same content, so the same tag.
    const asHost = await call('GET', `/polls/${p.slug}/summary`, undefined, p.secret);
    expect(asHost.headers.get('etag')).toBe(etag);
    await p.vote();
    const after = await fetch(`${base}/polls/${p.slug}/summary`, {
      headers: { 'if-none-match': etag },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect((await after.json()).totalVotes).toBe(1);
  });

  it('refuses a private summary before looking at the tag', async () => {
    const p = await openPoll();
    const tag = (await call('GET', `/polls/${p.slug}/summary`, undefined, p.secret)).headers.get(
      'etag',
    )!;
    const res = await fetch(`${base}/polls/${p.slug}/summary`, {
      headers: { 'if-none-match': tag },
    });
    expect(res.status).toBe(403);
  });
});

describe('shutdown', () => {
  it('ends open streams so close() does not wait for them', async () => {
    const own = await openSqliteStore(join(dir, 'close.db'));
    const other = await buildApp({
      store: own,
      config: { port: 0, webDir: null, rateLimits: RATE_LIMITS_OFF },
    });
    const url = await other.listen({ port: 0, host: '127.0.0.1' });
    const created = await (
      await fetch(`${url}/api/v1/polls`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Cierre' }),
      })
    ).json();
    const res = await fetch(`${url}/api/v1/polls/${created.slug}/events`);
    const reader = res.body!.getReader();
    await reader.read();
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(2000);
    // The client sees the end of the stream and would reconnect.
    for (;;) if ((await reader.read()).done) break;
    await own.close();
  });

  it('the real process exits 0 on SIGTERM with streams open', async () => {
    const server = await startServer();
    try {
      const created = await (
        await fetch(`${server.url}/api/v1/polls`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'Proceso' }),
        })
      ).json();
      const streams = await Promise.all(
        Array.from({ length: 5 }, () =>
          fetch(`${server.url}/api/v1/polls/${created.slug}/events`).then((r) =>
            r.body!.getReader(),
          ),
        ),
      );
      await Promise.all(streams.map((r) => r.read()));
      const started = Date.now();
      expect(await server.stop('SIGTERM')).toBe(0);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await server.stop('SIGKILL');
    }
  }, 30_000);
});
