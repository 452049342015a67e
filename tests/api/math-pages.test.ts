import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addQuestion, Client, createPoll, setStatus, testApp } from './api-client.ts';

const built = existsSync(join(import.meta.dirname, '../../dist/server/entry-server.js'));

const QUESTION = 'Si $x^2 = 4$ y una entrada cuesta $5 y $10 el par, ¿cuánto vale $x$?';
const OPTIONS = ['$\\frac{1}{2}$', '$$\\sqrt{4}$$', 'Rota: $\\frac{1}{$', 'Ninguna'];

/** Issue 28: formulas typeset to MathML by the server in /p/ and /r/; their source kept. */
describe.runIf(built)('formulas in the server-rendered pages', () => {
  it('are MathML in /p/ and /r/, prices and malformed formulas stay text, files keep LaTeX', async () => {
    const web = await testApp({ config: { webDir: undefined } });
    try {
      const host = new Client(web.app);
      const poll = await createPoll(host, {
        title: 'Álgebra',
        settings: { resultsPublic: true },
      });
      const question = await addQuestion(host, poll, {
        text: QUESTION,
        type: 'single',
        options: OPTIONS.map((text) => ({ text })),
      });
      await setStatus(host, poll, 'open');
      // A vote, so that /r/ shows the question rather than 'Esperando respuestas'.
      const voted = await new Client(web.app).post(`/polls/${poll.slug}/votes`, {
        answers: [{ questionId: question.id, optionIds: [question.options[0].id] }],
      });
      expect(voted.status).toBe(201);
      for (const path of [`/p/${poll.slug}`, `/r/${poll.slug}`]) {
        const res = await web.app.inject({ url: path, headers: { accept: 'text/html' } });
        expect(res.statusCode, path).toBe(200);
        const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(
          res.body,
        )?.[1];
        expect(root, path).toBeDefined();
        const html = root ?? '';
        expect(html).toContain('<msup><mi>x</mi><mn>2</mn></msup>');
        expect(html).toContain('<annotation encoding="application/x-tex">x^2 = 4</annotation>');
        expect(html).toContain('<mfrac><mn>1</mn><mn>2</mn></mfrac>');
        expect(html).toMatch(/<math [^>]*display="block"[^>]*>[\s\S]*<msqrt>/);
        expect(html).toContain(' y una entrada cuesta $5 y $10 el par');
        expect(html).toContain('Rota: <span class="math-source">$\\frac{1}{$</span>');
      }
      const file = await host.get(`/polls/${poll.slug}/file`, { secret: poll.secret });
      expect(file.status).toBe(200);
      expect(file.body.questions[0].text).toBe(QUESTION);
      expect(file.body.questions[0].options.map((o: { text: string }) => o.text)).toEqual(OPTIONS);

      // A poll without formulas carries no MathML, so its page never asks for KaTeX.
      const plain = await createPoll(host, { title: 'Precios' });
      await addQuestion(host, plain, {
        text: '¿Pagarías $5 o $10?',
        type: 'yesno',
      });
      await setStatus(host, plain, 'open');
      const page = await web.app.inject({ url: `/p/${plain.slug}` });
      expect(page.body).toContain('¿Pagarías $5 o $10?');
      expect(page.body).not.toMatch(/class="katex"|<math|render-tex/);
    } finally {
      await web.close();
    }
  });
});
