import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AppConfig, buildApp } from '../../src/server/app.ts';
import { securityHeaders, securityOptions } from '../../src/server/http/security-headers.ts';
import { createLive } from '../../src/server/live/live.ts';
import { lanAddresses } from '../../src/server/net.ts';
import { openSqliteStore } from '../../src/server/store/sqlite.ts';
import { openSqlite } from '../../src/server/store/sqlite-handles.ts';
import {
  addQuestion,
  Client,
  createPoll,
  openPollWithQuestions,
  tempWebDir,
  testApp,
} from './api-client.ts';

describe('security headers', () => {
  let ctx: Awaited<ReturnType<typeof testApp>>;
  let dir: string;
  beforeAll(async () => {
    dir = tempWebDir();
    ctx = await testApp({ config: { webDir: dir } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const html = { accept: 'text/html' };
  it.each([
    ['the home page', '/', html],
    ['a participant page (history fallback)', '/p/abcdefgh', html],
    ['an asset', '/assets/main-abc123.js', {}],
    ['an API call', '/api/v1/health', {}],
    ['an API error', '/api/v1/polls/abcdefgh', {}],
  ])('are on %s', async (_what, url, headers) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBeLessThan(500);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // On a LAN over http, upgrading requests would break every asset.
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // Helmet's whole set, computed once at start, on every kind of response.
    for (const [name, value] of securityHeaders(securityOptions({}))) {
      expect(res.headers[name.toLowerCase()], name).toBe(value);
    }
  });

  it('adds HSTS only when the public URL is https', async () => {
    const https = await testApp({ config: { publicUrl: 'https://sondeo.example.org' } });
    const http = await testApp({ config: { publicUrl: 'http://192.168.1.10:3000' } });
    try {
      const a = await https.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(a.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      const b = await http.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(b.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await https.close();
      await http.close();
    }
  });
});

describe('GET /info', () => {
  const info = async (
    config: Partial<AppConfig>,
    request: { remoteAddress?: string; headers?: Record<string, string> },
  ) => {
    const ctx = await testApp({ config: { port: 3000, ...config } });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/info', ...request });
      return res.json() as { lanUrls: string[] };
    } finally {
      await ctx.close();
    }
  };
  const lan = lanAddresses().map((ip) => `http://${ip}:3000`);

  it('gives LAN addresses to callers on loopback and private networks', async () => {
    for (const remoteAddress of ['127.0.0.1', '192.168.1.20', '10.1.2.3', '172.20.0.5', '::1']) {
      expect((await info({}, { remoteAddress })).lanUrls).toEqual(lan);
    }
  });

  it('gives none to a caller on the internet', async () => {
    for (const remoteAddress of ['203.0.113.7', '8.8.8.8', '2001:db8::1', '172.32.0.1']) {
      expect((await info({}, { remoteAddress })).lanUrls).toEqual([]);
    }
  });

  it('gives none when the server listens on loopback only', async () => {
    const res = await info({ host: '127.0.0.1' }, { remoteAddress: '127.0.0.1' });
    expect(res.lanUrls).toEqual([]);
  });

  it('reads the caller behind a trusted proxy, and only then', async () => {
    const forwarded = { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } };
    expect((await info({ trustProxy: true }, forwarded)).lanUrls).toEqual([]);
    expect((await info({ trustProxy: ['127.0.0.1'] }, forwarded)).lanUrls).toEqual([]);
    expect((await info({ trustProxy: 1 }, forwarded)).lanUrls).toEqual([]);
    // Not trusted: the header is anyone's to write, the socket's address counts.
    expect((await info({}, forwarded)).lanUrls).toEqual(lan);
    expect((await info({ trustProxy: ['10.0.0.1'] }, forwarded)).lanUrls).toEqual(lan);
  });
});

describe('TRUST_PROXY', () => {
  it('takes the protocol from a trusted proxy', async () => {
    const store = await openSqliteStore(':memory:');
    const app = await buildApp({
      store,
      config: { port: 3000, webDir: null, trustProxy: ['127.0.0.1'] },
    });
    let seen: string | undefined;
    app.get('/proto', async (request) => {
      seen = `${request.protocol} ${request.ip}`;
      return {};
    });
    try {
      await app.inject({
        method: 'GET',
        url: '/proto',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.4', 'x-forwarded-proto': 'https' },
      });
      expect(seen).toBe('https 198.51.100.4');
    } finally {
      await app.close();
      await store.close();
    }
  });
});

describe('the live cache', () => {
  it('caches nothing for a summary it refuses', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sondeo-cache-'));
    const store = await openSqliteStore(join(dir, 'x.db'));
    const live = createLive(store);
    const app = await buildApp({ store, live, config: { port: 3000, webDir: null } });
    try {
      const host = new Client(app);
      const { poll } = await openPollWithQuestions(host, { resultsPublic: false });
      const anonymous = new Client(app);
      for (let i = 0; i < 3; i++) {
        const res = await anonymous.get(`/polls/${poll.slug}/summary`);
        expect(res.status).toBe(403);
      }
      expect(live.cache.heldBytes).toBe(0);
      expect([...live.cache.slugs()]).toEqual([]);
      // The host may see it: now it is cached.
      expect((await host.get(`/polls/${poll.slug}/summary`, { secret: poll.secret })).status).toBe(
        200,
      );
      expect([...live.cache.slugs()]).toEqual([poll.slug]);
    } finally {
      await app.close();
      live.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the free-disk guard', () => {
  it('refuses new polls, questions and options below the threshold; ballots still go in', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sondeo-disk-'));
    const file = join(dir, 'x.db');
    // First with room: a poll to vote on.
    let store = await openSqliteStore(file);
    let app = await buildApp({ store, config: { port: 3000, webDir: null, dataDir: dir } });
    const host = new Client(app);
    const { poll, yesno } = await openPollWithQuestions(host);
    await app.close();
    await store.close();

    // Then with a threshold no disk here meets (a petabyte free).
    store = await openSqliteStore(file);
    app = await buildApp({
      store,
      config: { port: 3000, webDir: null, dataDir: dir, limits: { diskMinFreeBytes: 2 ** 50 } },
    });
    try {
      const later = new Client(app);
      const refusals = [
        await later.post('/polls', { title: 'Nueva' }),
        await later.post(`/polls/${poll.slug}/duplicate`, undefined, { secret: poll.secret }),
        await later.post(
          `/polls/${poll.slug}/questions`,
          { text: '¿Otra?', type: 'yesno' },
          { secret: poll.secret },
        ),
        await later.post(
          `/questions/${yesno.id}/options`,
          { text: 'Quizá' },
          { secret: poll.secret },
        ),
      ];
      for (const res of refusals) {
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
        expect((res.body as { message: string }).message).toMatch(/espacio en disco/);
        expect(res.headers['retry-after']).toBe('60');
      }
      const voter = new Client(app);
      const vote = await voter.post(`/polls/${poll.slug}/votes`, {
        answers: [{ questionId: yesno.id, optionIds: [yesno.options[0].id] }],
      });
      expect(vote.status).toBe(201);
      expect((await later.get(`/polls/${poll.slug}`)).status).toBe(200);
    } finally {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the draft sweep', () => {
  it('deletes stale drafts at start when DRAFT_TTL_DAYS is set, and never with 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sondeo-drafts-'));
    const file = join(dir, 'x.db');
    let store = await openSqliteStore(file);
    let app = await buildApp({ store, config: { port: 3000, webDir: null } });
    const host = new Client(app);
    const draft = await createPoll(host, { title: 'Borrador' });
    const { poll: open } = await openPollWithQuestions(host);
    await addQuestion(host, draft, { text: '¿Algo?', type: 'yesno' });
    await app.close();
    await store.close();

    const backdate = async () => {
      // exec only: on Node 24 a better-sqlite3 Statement collected by the GC aborts the test
      // process (src/server/store/sqlite-handles.ts).
      const db = openSqlite(file);
      db.exec(`update polls set updated_at = ${Date.now() - 3 * 24 * 3600 * 1000}`);
      db.close();
    };
    await backdate();
    const start = async (draftTtlDays: number) => {
      store = await openSqliteStore(file);
      app = await buildApp({
        store,
        config: { port: 3000, webDir: null, limits: { draftTtlDays } },
      });
      await app.ready();
      return new Client(app);
    };
    try {
      let client = await start(0);
      expect((await client.get(`/polls/${draft.slug}`)).status).toBe(200);
      await app.close();
      await store.close();

      client = await start(7);
      expect((await client.get(`/polls/${draft.slug}`)).status).toBe(200);
      await app.close();
      await store.close();

      client = await start(2);
      expect((await client.get(`/polls/${draft.slug}`)).status).toBe(404);
      expect((await client.get(`/polls/${open.slug}`)).status).toBe(200);
    } finally {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(existsSync(join(import.meta.dirname, '../../dist/server/entry-server.js')))(
  'server-rendered pages',
  () => {
    it('answer a malformed slug 404 without a query, and cache nothing for private results', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'sondeo-pages-'));
      const store = await openSqliteStore(join(dir, 'x.db'));
      const live = createLive(store);
      const app = await buildApp({ store, live, config: { port: 3000 } });
      try {
        const host = new Client(app);
        const { poll } = await openPollWithQuestions(host, { resultsPublic: false });
        const reads = vi.spyOn(store, 'getPollBySlug');
        for (const path of ['/p/ab%00cdefg', '/r/ab%00cdefg', '/p/abc', '/r/x']) {
          const res = await app.inject({
            method: 'GET',
            url: path,
            headers: { accept: 'text/html' },
          });
          expect(res.statusCode, path).toBe(404);
        }
        expect(reads).not.toHaveBeenCalled();

        const res = await app.inject({ method: 'GET', url: `/r/${poll.slug}` });
        expect(res.statusCode).toBe(403);
        expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect([...live.cache.slugs()]).toEqual([]);
        expect(live.cache.heldBytes).toBe(0);
      } finally {
        await app.close();
        live.close();
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);
