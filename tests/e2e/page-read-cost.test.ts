import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { httpFrom } from '../helpers/http-from.ts';
import { type RunningServer, startServer } from '../helpers/server-process.ts';

// Needs the web build (dist/web and dist/server): the pages are rendered by its SSR entry.
// A server-rendered page that the page cache does not hold costs a render (a 100 × 50 poll's
// /p/ took ~200 ms of the event loop); before, anonymous readers rotating over big polls' pages
// made the server render each one again for free. Now the address that causes a render pays
// for it from the same budget as summary rebuilds, and while in debt gets the client-rendered
// app instead (which reads the API, itself limited).

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    compiled: inject('compiledServer'),
    env: {
      RATE_LIMITS: 'on',
      // No burst and almost no refill: the first render an address causes leaves it in debt.
      READ_REBUILD_BURST_MS: '0',
      READ_REBUILD_MS_PER_S: '0.001',
    },
  });
});
afterAll(async () => {
  await server?.stop();
});

const host = '127.0.0.2';

async function publicPoll(title: string) {
  const created = await httpFrom(host, `${server.url}/api/v1/polls`, {
    body: { title, settings: { resultsPublic: true } },
  });
  const { slug, host_secret: secret } = created.body;
  const headers = { 'x-host-secret': secret };
  await httpFrom(host, `${server.url}/api/v1/polls/${slug}/questions`, {
    body: { text: '¿Cuál?', type: 'single', options: [{ text: 'Sí' }, { text: 'No' }] },
    headers,
  });
  await httpFrom(host, `${server.url}/api/v1/polls/${slug}`, {
    method: 'PATCH',
    body: { status: 'open' },
    headers,
  });
  return { slug: slug as string, title };
}

/** Server-rendered: the page holds the poll's state; the shell has none. */
const rendered = (html: string) => html.includes('id="sondeo-state"');

describe('server-rendered pages caused by anonymous reads', () => {
  it('are paid by the address that caused them; in debt it gets the client-rendered app', async () => {
    const [a, b] = [await publicPoll('Página A'), await publicPoll('Página B')];
    for (const kind of ['p', 'r'] as const) {
      const reader = kind === 'p' ? '127.0.0.3' : '127.0.0.6';
      const first = await httpFrom(reader, `${server.url}/${kind}/${a.slug}`);
      expect(first.status).toBe(200);
      expect(rendered(first.body)).toBe(true);
      // In debt now: another page that must be rendered comes as the client app, still a 200.
      const shell = await httpFrom(reader, `${server.url}/${kind}/${b.slug}`);
      expect(shell.status).toBe(200);
      expect(rendered(shell.body)).toBe(false);
      expect(shell.body).not.toContain(b.title);
      expect(shell.body).toContain('<div id="root"></div>');
      // The page it rendered is kept: served again, rendered, at no cost.
      expect(rendered((await httpFrom(reader, `${server.url}/${kind}/${a.slug}`)).body)).toBe(true);
      // Someone else renders B; then the reader gets it from the page cache.
      const other = await httpFrom(
        `127.0.0.${kind === 'p' ? 4 : 5}`,
        `${server.url}/${kind}/${b.slug}`,
      );
      expect(rendered(other.body)).toBe(true);
      expect(rendered((await httpFrom(reader, `${server.url}/${kind}/${b.slug}`)).body)).toBe(true);
    }
  });
});
