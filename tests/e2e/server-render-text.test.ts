import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningServer, startServer } from '../helpers/server-process.ts';

// Needs the web build (dist/web and dist/server): the pages are rendered by its SSR entry. No
// browser: the bytes served are what is tested.

/** Every pattern String.replace gives a meaning to in a replacement string. */
const DOLLARS = "a $` b $' c $& d $1 e $$ f";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ compiled: inject('compiledServer') });
});
afterAll(async () => {
  await server?.stop();
});

async function api(method: string, path: string, body?: unknown, secret?: string) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(secret && { 'x-host-secret': secret }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** The page as served, plain or gzip (a cached variant of its own; fetch decodes it). */
async function page(path: string, gzip = false) {
  const res = await fetch(`${server.url}${path}`, {
    headers: { 'accept-encoding': gzip ? 'gzip' : 'identity' },
  });
  if (gzip && res.status === 200) expect(res.headers.get('content-encoding')).toBe('gzip');
  return { status: res.status, html: await res.text() };
}

const count = (html: string, pattern: RegExp) => (html.match(pattern) ?? []).length;

/** One page's shape: one document, its own scripts only, the state once and parseable. */
function expectOnePage(html: string, scripts: number) {
  expect(count(html, /<!doctype html>/gi)).toBe(1);
  expect(count(html, /<html/g)).toBe(1);
  expect(count(html, /<script/g)).toBe(scripts);
  expect(count(html, /id="sondeo-state"/g)).toBe(1);
  const state = html.match(/<script type="application\/json" id="sondeo-state">(.*?)<\/script>/s);
  expect(state).not.toBeNull();
  return JSON.stringify(JSON.parse(state![1]!));
}

describe("server-rendered pages with '$`', \"$'\", '$&' and '$1' in every text", () => {
  it('serve one intact page on /p/ and /r/, fresh and from the page cache, in each encoding', async () => {
    // The scripts of a page with plain texts: the template's, no more.
    const plain = await api('POST', '/polls', { title: 'Normal' });
    await api('PATCH', `/polls/${plain.body.slug}`, { status: 'open' }, plain.body.host_secret);
    const reference = await page(`/p/${plain.body.slug}`);
    const scripts = count(reference.html, /<script/g);

    const created = await api('POST', '/polls', {
      title: `Título ${DOLLARS}`,
      settings: { resultsPublic: true },
    });
    const { slug, host_secret: secret } = created.body;
    const choice = await api(
      'POST',
      `/polls/${slug}/questions`,
      { text: `Pregunta ${DOLLARS}`, type: 'single', options: [{ text: `Opción ${DOLLARS}` }] },
      secret,
    );
    const open = await api(
      'POST',
      `/polls/${slug}/questions`,
      { text: 'Abierta', type: 'text' },
      secret,
    );
    expect(open.status).toBe(201);
    await api('PATCH', `/polls/${slug}`, { status: 'open' }, secret);
    const vote = await api('POST', `/polls/${slug}/votes`, {
      answers: [
        { questionId: choice.body.id, optionIds: [choice.body.options[0].id] },
        { questionId: open.body.id, text: `me gusta ${DOLLARS}` },
      ],
    });
    expect(vote.status).toBe(201);

    for (const path of [`/p/${slug}`, `/r/${slug}`]) {
      // First render, then the cached page, then its gzip variant.
      for (const gzip of [false, false, true]) {
        const { status, html } = await page(path, gzip);
        expect(status, path).toBe(200);
        const state = expectOnePage(html, scripts);
        expect(html).toContain(`<title>Título ${DOLLARS.replace('&', '&#38;')}`);
        for (const text of [`Título ${DOLLARS}`, `Pregunta ${DOLLARS}`, `Opción ${DOLLARS}`]) {
          expect(state, path).toContain(JSON.stringify(text).slice(1, -1));
        }
        if (path.startsWith('/r/')) {
          expect(state).toContain(JSON.stringify(`me gusta ${DOLLARS}`).slice(1, -1));
        }
      }
    }
  });

  it('reflect nothing of a slug that names no poll (GET /p/%24%60x)', async () => {
    for (const path of ['/p/%24%60x', '/r/%24%60x', "/p/%24'x", '/p/%24%26']) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(count(html, /<!doctype html>/gi)).toBe(1);
      expect(html, path).not.toContain('$`');
      expect(html, path).not.toContain("$'");
      expect(html, path).not.toContain('$&');
    }
  });
});
