import { createServer, type Server } from 'node:http';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/server-process.ts';
import { setUpAppUnderTest } from './support/fixture.ts';
import { HD, LONG_QUESTION, longOptions } from './support/long-content.ts';

const deckPort = await freePort();
const app = setUpAppUnderTest({ env: { EMBED_ORIGINS: `http://127.0.0.1:${deckPort}` } });

const SHOTS = '/tmp/sondeo-embed';

/** A deck's page holding the embed in an iframe of the size the test asks (?w=…&h=…). */
function deckServer(src: string): Server {
  return createServer((req, res) => {
    const size = new URL(req.url ?? '/', 'http://x').searchParams;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><html lang="es"><title>Diapositivas</title><body style="margin:0">` +
        `<iframe title="Resultados" src="${src}" width="${size.get('w')}" height="${size.get('h')}"` +
        ` style="border:0;display:block"></iframe></body></html>`,
    );
  });
}

/** Every box of the embed's content, scaled as drawn, and how much the document scrolls. */
function measure(frame: Frame) {
  return frame.evaluate(() => {
    const root = document.documentElement;
    const view = { width: root.clientWidth, height: root.clientHeight };
    const outside = [...document.querySelectorAll('[data-testid="embed"] *')]
      .map((node) => ({ node, box: node.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0)
      .filter(
        ({ box }) =>
          box.left < -0.5 ||
          box.top < -0.5 ||
          box.right > view.width + 0.5 ||
          box.bottom > view.height + 0.5,
      )
      .map(({ node, box }) => `${node.tagName} ${JSON.stringify(box)}`);
    const content = document.querySelector('[data-testid="embed-content"]') as HTMLElement;
    const frameBox = document
      .querySelector('[data-testid="embed-frame"]')
      ?.getBoundingClientRect() as DOMRect;
    const contentBox = content.getBoundingClientRect();
    return {
      view,
      scroll: { width: root.scrollWidth, height: root.scrollHeight },
      outside,
      scale: Number(content.dataset.scale),
      contentBottom: contentBox.bottom,
      frameBottom: frameBox.bottom,
    };
  });
}

describe('/embed/ with long content', () => {
  let slug: string;
  let server: Server;
  beforeAll(async () => {
    const seeded = await app.seedPoll({
      title: 'Biología',
      settings: { resultsPublic: true },
      questions: [{ text: LONG_QUESTION, type: 'single', options: longOptions(8) }],
      status: 'open',
    });
    slug = seeded.slug;
    const [q] = seeded.poll.questions;
    for (let i = 0; i < 8; i++) {
      await app.api(`/polls/${slug}/votes`, {
        method: 'POST',
        body: { answers: [{ questionId: q!.id, optionIds: [q!.options[i % 3]!.id] }] },
      });
    }
    server = deckServer(`${app.server.url}/embed/${slug}`);
    await new Promise<void>((resolve) => server.listen(deckPort, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const frameOf = (page: Page) => page.frames().find((f) => f !== page.mainFrame());

  for (const size of [{ width: 480, height: 270 }, HD]) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`shrinks a 240-character question and eight long options into ${size.width}×${size.height} (${scheme})`, async () => {
        const page = await app.newPage({ width: size.width + 40, height: size.height + 40 });
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`http://127.0.0.1:${deckPort}/?w=${size.width}&h=${size.height}`);
        await expect.poll(() => frameOf(page)?.url() ?? '').toContain(`/embed/${slug}`);
        const frame = frameOf(page)!;
        await frame.getByTestId('embed-join').waitFor();
        await frame.getByText('Opción 8:').waitFor();
        await frame.locator('[data-testid="embed-content"][data-scale]').waitFor();
        await page.screenshot({ path: `${SHOTS}-${size.width}x${size.height}-${scheme}.png` });
        const seen = await measure(frame);
        expect(seen.view).toEqual(size);
        expect(seen.scroll.height).toBeLessThanOrEqual(size.height);
        expect(seen.scroll.width).toBeLessThanOrEqual(size.width);
        expect(seen.outside).toEqual([]);
        // The whole chart is drawn, smaller, above the join box: nothing of it cut off.
        expect(seen.contentBottom).toBeLessThanOrEqual(seen.frameBottom + 0.5);
        expect(seen.scale).toBeLessThan(1);
        expect(seen.scale).toBeGreaterThan(0.2);
        await frame.getByText('Opción 8:').waitFor();
      });
    }
  }
});
