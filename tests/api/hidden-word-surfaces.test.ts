import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { RATE_LIMITS_OFF } from '../../src/server/limits.ts';
import { openSqliteStore } from '../../src/server/store/sqlite.ts';
import { openStream } from '../helpers/sse-client.ts';
import {
  Client,
  type HostedPoll,
  type Json,
  setUpTestApp,
  streamsClosedAfterAll,
} from './api-client.ts';
import { ideasPoll } from './open-text-fixtures.ts';

/**
 * Issue 24, 'A hidden word still shows': a word the host hid from the cloud hides every answer
 * that holds it, in any spelling the matcher folds, on every surface anyone but the host reads:
 * the summary (its list and cloud), the page-by-page list, the live stream, the /p/ and /r/
 * pages. The host still gets every answer.
 */

const api = setUpTestApp({ listen: true });
const streams = streamsClosedAfterAll();

const HIDDEN = ['palabrasecreta', 'feísimo'];
/** Answers holding a hidden word, spelled every way a class types it. */
const WITH_HIDDEN = [
  'me gusta palabrasecreta',
  'PALABRASECRETA!!',
  'ｆｅｉｓｉｍｏ',
  'f3ísim0',
  'FEÍSIMO',
  'Es feísimo, la verdad, no me gustó nada de nada',
  'f.e.i.s.i.m.o',
];
const CLEAN = ['Agua fresca', 'Me gusta la palabra', 'Un secreto', 'feo', 'Un simón'];

const answer = (poll: HostedPoll, questionId: number, text: string) =>
  new Client(api.app).post(`/polls/${poll.slug}/votes`, { answers: [{ questionId, text }] });

async function hide(poll: HostedPoll, questionId: number, word: string) {
  const res = await api.host.put(
    `/polls/${poll.slug}/questions/${questionId}/hidden-words`,
    { word, hidden: true },
    poll,
  );
  expect(res.status).toBe(200);
}

/** Neither as typed nor as JSON escapes it (full-width letters may be escaped). */
function expectNone(raw: string, surface: string) {
  for (const text of WITH_HIDDEN) {
    expect(raw, surface).not.toContain(text);
    expect(raw, surface).not.toContain(JSON.stringify(text).slice(1, -1));
  }
  expect(raw.toLowerCase(), surface).not.toContain('palabrasecreta');
}

const texts = (answers: Json[]) => answers.map((a: Json) => a.text).sort();

describe('a hidden word hides every answer holding it', () => {
  it('from the public summary, the answers list and the live stream; the host sees all', async () => {
    const { poll, text } = await ideasPoll(api.host);
    const stream = await openStream(`${api.apiUrl}/polls/${poll.slug}/events`);
    streams.push(stream);
    await stream.next((e) => e.event === 'summary');
    for (const t of [...CLEAN, ...WITH_HIDDEN]) {
      expect((await answer(poll, text.id, t)).status).toBe(201);
    }
    for (const word of HIDDEN) await hide(poll, text.id, word);

    const pubRes = await new Client(api.app).get(`/polls/${poll.slug}/summary`);
    expectNone(JSON.stringify(pubRes.body), 'summary');
    const pub = pubRes.body.questions[0];
    expect(texts(pub.answers)).toEqual([...CLEAN].sort());

    const list = await new Client(api.app).get(
      `/polls/${poll.slug}/questions/${text.id}/answers?limit=3`,
    );
    expect(list.status).toBe(200);
    expectNone(JSON.stringify(list.body), 'answers list');
    // Paged on: every clean answer comes, no hidden one.
    const seen: Json[] = [...list.body.answers];
    let next = list.body.nextBefore;
    while (next !== null) {
      const more = await new Client(api.app).get(
        `/polls/${poll.slug}/questions/${text.id}/answers?limit=3&before=${next}`,
      );
      expectNone(JSON.stringify(more.body), 'answers page');
      seen.push(...more.body.answers);
      next = more.body.nextBefore;
    }
    expect(texts(seen)).toEqual([...CLEAN].sort());

    // The stream's frames since the words were hidden.
    const settled = await stream.next(
      (e) =>
        e.event === 'summary' && JSON.parse(e.data).questions[0].answers.length === CLEAN.length,
    );
    expectNone(settled.data, 'stream');

    const host = (await api.host.get(`/polls/${poll.slug}/summary`, poll)).body.questions[0];
    expect(texts(host.answers)).toEqual([...CLEAN, ...WITH_HIDDEN].sort());
    const hostList = await api.host.get(
      `/polls/${poll.slug}/questions/${text.id}/answers?limit=50`,
      poll,
    );
    expect(hostList.body.answers).toHaveLength(CLEAN.length + WITH_HIDDEN.length);
  });

  it('refills the public list from older answers when the newest hold a hidden word', async () => {
    const { poll, text } = await ideasPoll(api.host);
    for (const t of CLEAN) await answer(poll, text.id, t);
    // More than a summary carries (30), all with the hidden word.
    for (let i = 0; i < 40; i++) await answer(poll, text.id, `FEÍSIMO ${i}`);
    await hide(poll, text.id, 'feisimo');
    const pub = (await new Client(api.app).get(`/polls/${poll.slug}/summary`)).body.questions[0];
    expect(texts(pub.answers)).toEqual([...CLEAN].sort());
    const list = await new Client(api.app).get(
      `/polls/${poll.slug}/questions/${text.id}/answers?limit=10`,
    );
    expect(texts(list.body.answers)).toEqual([...CLEAN].sort());
    expect(list.body.nextBefore).toBeNull();
  });
});

const built = existsSync(join(import.meta.dirname, '../../dist/server/entry-server.js'));

describe.runIf(built)('the server-rendered pages', () => {
  it('/p/ and /r/ carry no answer holding a hidden word', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sondeo-hidden-pages-'));
    const store = await openSqliteStore(join(dir, 'x.db'));
    const web = await buildApp({
      store,
      config: { port: 0, secretKey: 'k'.repeat(32), rateLimits: RATE_LIMITS_OFF },
    });
    try {
      const root = await web.listen({ port: 0, host: '127.0.0.1' });
      const host = new Client(web);
      const { poll, text } = await ideasPoll(host);
      for (const t of [...CLEAN, ...WITH_HIDDEN]) {
        await new Client(web).post(`/polls/${poll.slug}/votes`, {
          answers: [{ questionId: text.id, text: t }],
        });
      }
      for (const word of HIDDEN) {
        await host.put(
          `/polls/${poll.slug}/questions/${text.id}/hidden-words`,
          { word, hidden: true },
          poll,
        );
      }
      for (const path of [`/p/${poll.slug}`, `/r/${poll.slug}`]) {
        const res = await fetch(`${root}${path}`, { headers: { accept: 'text/html' } });
        expect(res.status, path).toBe(200);
        expectNone(await res.text(), path);
      }
      const results = await (await fetch(`${root}/r/${poll.slug}`)).text();
      expect(results).toContain('Agua fresca');
    } finally {
      await web.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
