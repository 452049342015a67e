import { rmSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, routes } from '../../src/contract/index.ts';
import {
  Client,
  createPoll,
  type Json,
  openPollWithQuestions,
  setStatus,
  setUpTestApp,
  tempWebDir,
  testApp,
} from './api-client.ts';

const api = setUpTestApp({ config: { publicUrl: 'https://sondeo.example.org', port: 4321 } });

const inject = (options: InjectOptions) => api.app.inject(options);

describe('meta', () => {
  it('GET /health → {status: "ok"}', async () => {
    const res = await api.host.get('/health');
    expect(res).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('GET /info → PUBLIC_URL and LAN URLs on the configured port', async () => {
    const res = await api.host.get('/info');
    expect(res.status).toBe(200);
    expect(res.body.publicUrl).toBe('https://sondeo.example.org');
    for (const url of res.body.lanUrls) expect(url).toMatch(/^http:\/\/\d+\.\d+\.\d+\.\d+:4321$/);
  });

  it('serves an OpenAPI 3 document listing every call of the contract', async () => {
    for (const url of ['/openapi.json', '/api/v1/openapi.json']) {
      const res = await inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      for (const [name, route] of Object.entries(routes)) {
        const path = `/api/v1${route.path.replace(/:(\w+)/g, '{$1}')}`;
        const op = doc.paths[path]?.[route.method.toLowerCase()];
        expect(op, `${name} ${path}`).toBeDefined();
        expect(op.operationId).toBe(name);
      }
      const create = doc.paths['/api/v1/polls'].post;
      expect(create.requestBody.content['application/json'].schema.properties.title.maxLength).toBe(
        120,
      );
      expect(create.responses['201']).toBeDefined();
    }
  });
});

describe('errors from HTTP itself', () => {
  it('answers 404 JSON NOT_FOUND for unknown /api paths and methods', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/polls/abc/unknown'],
      // DELETE /polls/{slug} exists since issue 24 ('Eliminar encuesta').
      ['PUT', '/api/v1/polls/abc'],
      ['GET', '/api'],
      ['GET', '/api/v2/polls'],
    ] as const) {
      const res = await inject({ method, url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Ruta no encontrada' });
    }
  });

  it('answers 400 INVALID_JSON for malformed JSON', async () => {
    for (const payload of [
      '{"title":',
      '{title: "x"}',
      'null x',
      '{"title":"x","__proto__":{"a":1}}',
    ]) {
      const res = await inject({
        method: 'POST',
        url: '/api/v1/polls',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({
        code: 'INVALID_JSON',
        message: 'El cuerpo de la petición no es un JSON válido',
      });
    }
  });

  it('answers 400 VALIDATION_ERROR for JSON of the wrong shape', async () => {
    for (const payload of ['null', '[]', '"texto"', '42']) {
      const res = await inject({
        method: 'POST',
        url: '/api/v1/polls',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers 413 PAYLOAD_TOO_LARGE for a body over 64 KB', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/v1/polls',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'x'.repeat(MAX_BODY_BYTES) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'La petición es demasiado grande (máximo 64 KB)',
    });
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE for a body that is not JSON', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await inject({
        method: 'POST',
        url: '/api/v1/polls',
        headers: { 'content-type': type },
        payload: 'title=x',
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('accepts JSON with a charset', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/v1/polls',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ title: 'Ñandú' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().title).toBe('Ñandú');
  });

  it('never answers 5xx to odd client input', async () => {
    const { poll, yesno } = await openPollWithQuestions(api.host);
    const odd: [string, string, unknown][] = [
      [
        'POST',
        `/polls/${poll.slug}/votes`,
        { answers: [{ questionId: 2 ** 53, optionIds: [2 ** 53] }] },
      ],
      [
        'POST',
        `/polls/${poll.slug}/votes`,
        { answers: [{ questionId: yesno.id, optionIds: [-1] }] },
      ],
      [
        'POST',
        `/polls/${poll.slug}/votes`,
        { answers: Array(201).fill({ questionId: 1, optionIds: [1] }) },
      ],
      ['POST', `/polls/${'x'.repeat(65)}/votes`, { answers: [] }],
      ['POST', `/polls/${encodeURIComponent("' or 1=1 --")}/votes`, { answers: [] }],
      ['PUT', '/questions/1e3', { text: 'x' }],
      ['PUT', '/questions/99999999999999999999', { text: 'x' }],
      ['PUT', '/options/-5', { text: 'x' }],
      ['POST', '/polls', { title: 'x', settings: null }],
      ['PATCH', `/polls/${poll.slug}`, { status: null }],
      ['PATCH', `/polls/${poll.slug}/questions/reorder`, { order: [{ id: 1.5, ordinal: 1 }] }],
      ['POST', '/polls', { title: '\u0000\uffff😀' }],
    ];
    for (const [method, url, body] of odd) {
      const res = await api.host.call(method as 'POST', url, { body, secret: poll.secret });
      expect(res.status, `${method} ${url}`).toBeLessThan(500);
      if (res.status >= 400) expect(Object.keys(res.body).sort()).toContain('code');
    }
  });

  it('hides the details of a server failure behind 500 INTERNAL_ERROR', async () => {
    const broken = await testApp();
    const poll = await createPoll(new Client(broken.app));
    broken.store.listQuestions = async () => {
      throw new Error('SQLITE_CORRUPT: secret internals');
    };
    const res = await new Client(broken.app).get(`/polls/${poll.slug}`);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 'INTERNAL_ERROR', message: 'Error interno del servidor' });
    await broken.close();
  });
});

describe('the events port', () => {
  it('hears pollChanged after poll changes and votesChanged after vote changes', async () => {
    const heard: string[] = [];
    const app = await testApp({
      events: {
        pollChanged: (slug) => heard.push(`poll:${slug}`),
        votesChanged: (slug) => heard.push(`votes:${slug}`),
        qaChanged: (slug) => heard.push(`qa:${slug}`),
        cohostsChanged: (slug) => heard.push(`cohosts:${slug}`),
      },
    });
    const c = new Client(app.app);
    const { poll, yesno, multi } = await openPollWithQuestions(c);
    const p = `poll:${poll.slug}`;
    const v = `votes:${poll.slug}`;
    expect(heard).toEqual([p, p, p, p]); // create, two questions, open
    heard.length = 0;
    await c.post(`/polls/${poll.slug}/votes`, {
      answers: [{ questionId: yesno.id, optionIds: [yesno.options[0].id] }],
    });
    expect(heard).toEqual([v]);
    heard.length = 0;
    // Refused calls are silent.
    await c.post(`/polls/${poll.slug}/votes`, {
      answers: [{ questionId: yesno.id, optionIds: [yesno.options[0].id] }],
    });
    await c.patch(`/polls/${poll.slug}`, { title: 'x' }, { secret: 'wrong' });
    expect(heard).toEqual([]);
    await c.delete(`/options/${multi.options[0].id}`, { secret: poll.secret });
    expect(heard).toEqual([p, v]);
    heard.length = 0;
    await setStatus(c, poll, 'closed');
    await c.post(`/polls/${poll.slug}/reset`, undefined, { secret: poll.secret });
    expect(heard).toEqual([p, p, v]);
    await app.close();
  });
});

describe('the web app', () => {
  let web: Awaited<ReturnType<typeof testApp>>;
  let dir: string;
  beforeAll(async () => {
    dir = tempWebDir({
      'assets/main-abc123.js.br': brotliCompressSync('console.log(1)'),
      'favicon.svg': '<svg/>',
    });
    web = await testApp({ config: { webDir: dir } });
  });
  afterAll(async () => {
    await web.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const get = (url: string, accept = 'text/html') =>
    web.app.inject({ method: 'GET', url, headers: { accept } });

  it('serves index.html at / without caching', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Sondeo</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with long cache headers', async () => {
    const res = await get('/assets/main-abc123.js', '*/*');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/favicon.svg', '*/*')).headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed copy to a browser that accepts it, the plain file otherwise', async () => {
    const compressed = await web.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { accept: '*/*', 'accept-encoding': 'gzip, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
    const plain = await get('/assets/main-abc123.js', '*/*');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('falls back to index.html for client routes a browser navigates to', async () => {
    for (const url of ['/host/abcdefgh', '/p/abcdefgh', '/r/abcdefgh', '/cualquier/cosa']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Sondeo</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('does not fall back for /api, missing assets fetched by scripts, or non-GET', async () => {
    expect((await get('/api/v1/nope')).json().code).toBe('NOT_FOUND');
    expect((await get('/assets/missing.js', '*/*')).statusCode).toBe(404);
    const post = await web.app.inject({
      method: 'POST',
      url: '/p/abc',
      headers: { accept: 'text/html' },
    });
    expect(post.statusCode).toBe(404);
  });

  it('still serves the API', async () => {
    expect((await get('/api/v1/health', 'application/json')).json()).toEqual({ status: 'ok' });
  });
});

describe('without a web build', () => {
  it('answers 404 JSON for pages', async () => {
    const res = await inject({ method: 'GET', url: '/p/abc', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect((res.json() as Json).code).toBe('NOT_FOUND');
  });
});
