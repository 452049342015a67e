import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addQuestion, Client, createPoll, setStatus, testApp } from './api-client.ts';

const built = existsSync(join(import.meta.dirname, '../../dist/server/entry-server.js'));

/**
 * The head of the server-rendered /p/ and /r/: each stylesheet and module linked once. A
 * stylesheet linked a second time, after the page's own, is applied again there, and its
 * utilities undo the page's responsive ones (the results page's wide cloud was hidden so).
 */
describe.runIf(built)('the head of /p/ and /r/', () => {
  it('links every stylesheet and script once, index.html’s first', async () => {
    const web = await testApp({ config: { webDir: undefined } });
    try {
      const host = new Client(web.app);
      const poll = await createPoll(host, { title: 'Cabecera', settings: { resultsPublic: true } });
      await addQuestion(host, poll, { text: '¿Qué mejorarías?', type: 'text' });
      await setStatus(host, poll, 'open');
      for (const path of [`/p/${poll.slug}`, `/r/${poll.slug}`]) {
        const res = await web.app.inject({ url: path, headers: { accept: 'text/html' } });
        expect(res.statusCode, path).toBe(200);
        const head = res.body.slice(0, res.body.indexOf('</head>'));
        const files = [...head.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
        expect(files.length, path).toBeGreaterThan(0);
        expect(files.length - new Set(files).size, `${path}: ${files.join(' ')}`).toBe(0);
      }
    } finally {
      await web.close();
    }
  });
});
