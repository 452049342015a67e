import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addQuestion, Client, createPoll, setStatus, testApp } from './api-client.ts';

/**
 * Issue 29: the server-rendered pages' module (React's server renderer, ~10 MB of an idle
 * server's memory) is imported on the first /p/ or /r/ asked for, not when the server starts.
 * A stand-in module in a temporary build tells when it is evaluated; what it renders must reach
 * the page as the real one's would.
 */
const dir = mkdtempSync(join(tmpdir(), 'sondeo-pages-module-'));
const webDir = join(dir, 'web');
mkdirSync(webDir);
mkdirSync(join(dir, 'server'));
writeFileSync(
  join(webDir, 'index.html'),
  '<!doctype html><html><head><title>Sondeo</title></head><body><div id="root"></div></body></html>',
);
const flag = `sondeoPagesModule${process.pid}`;
writeFileSync(
  join(dir, 'server/entry-server.js'),
  `globalThis.${flag} = (globalThis.${flag} ?? 0) + 1;
export function renderParticipantPage(pathname, data) {
  return { html: '<p>rendered ' + pathname + '</p>', state: JSON.stringify(data.kind), title: 'Página ' + data.slug };
}
`,
);
const evaluated = () => (globalThis as Record<string, unknown>)[flag];

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the participant pages’ module', () => {
  it('is not loaded by a started server, and is loaded once by the first page', async () => {
    const web = await testApp({ config: { webDir } });
    try {
      expect(evaluated(), 'imported while the server started').toBeUndefined();
      const host = new Client(web.app);
      const poll = await createPoll(host, { title: 'Módulo', settings: { resultsPublic: true } });
      await addQuestion(host, poll, { text: '¿Qué mejorarías?', type: 'text' });
      await setStatus(host, poll, 'open');
      // Two pages at once: one import between them, and both rendered by it.
      const [vote, results] = await Promise.all(
        [`/p/${poll.slug}`, `/r/${poll.slug}`].map((url) =>
          web.app.inject({ url, headers: { accept: 'text/html' } }),
        ),
      );
      expect(vote?.statusCode).toBe(200);
      expect(vote?.body).toContain(`<div id="root"><p>rendered /p/${poll.slug}</p></div>`);
      expect(vote?.body).toContain(`<title>Página ${poll.slug}</title>`);
      expect(results?.statusCode).toBe(200);
      expect(results?.body).toContain(`<p>rendered /r/${poll.slug}</p>`);
      expect(evaluated()).toBe(1);
    } finally {
      await web.close();
    }
  });
});
