import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationMessages as m } from '../../src/contract/messages.ts';
import { buildApp } from '../../src/server/app.ts';
import { openStore } from '../../src/server/store/open-store.ts';
import type { PollStore } from '../../src/server/store/store.ts';
import { schemaUrl, testPostgres } from '../helpers/services.ts';
import { addQuestion, Client, createPoll, type HostedPoll } from './api-client.ts';

/**
 * Text rules of the contract (src/contract/text.ts) and slugs checked before any query, on both
 * engines: PostgreSQL once answered a NUL with a 500 and a 2.7 KB log line per request.
 */
const { available: pgOk, schemas } = await testPostgres();
afterAll(() => schemas.dropAll());

const engines: [string, boolean, () => Promise<{ store: PollStore; cleanup: () => void }>][] = [
  [
    'SQLite',
    true,
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'sondeo-text-'));
      const store = await openStore({ database: { kind: 'sqlite', file: join(dir, 'x.db') } });
      return { store, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'PostgreSQL',
    pgOk,
    async () => {
      const url = schemaUrl(schemas.next());
      const store = await openStore({ database: { kind: 'postgres', url } });
      return { store, cleanup: () => {} };
    },
  ],
];

describe.each(engines)('text and slug input (%s)', (_engine, available, open) => {
  let app: FastifyInstance;
  let store: PollStore;
  let cleanup: () => void;
  let host: Client;
  let poll: HostedPoll;

  beforeAll(async () => {
    if (!available) return;
    ({ store, cleanup } = await open());
    app = await buildApp({ store, config: { port: 3000, webDir: null } });
    await app.ready();
    host = new Client(app);
    poll = await createPoll(host, { title: 'Texto' });
  });
  afterAll(async () => {
    if (!available) return;
    await app.close();
    await store.close();
    cleanup();
  });

  const refused = async (res: { status: number; body: unknown }, message: string) => {
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
  };

  it.runIf(available)('stores text as NFC', async () => {
    const decomposed = 'Cafe\u0301 y pin\u0303a';
    const created = await createPoll(host, { title: decomposed });
    expect(created.body.title).toBe('Café y piña');
    expect(created.body.title).toHaveLength(11);
    const q = await addQuestion(host, created, {
      text: '¿Cuál?',
      type: 'single',
      options: [{ text: 'n\u0303' }],
    });
    expect(q.options[0].text).toBe('ñ');
  });

  it.runIf(available)('refuses NUL and other control characters', async () => {
    await refused(await host.post('/polls', { title: 'a\u0000b' }), m.controlCharacters);
    await refused(await host.post('/polls', { title: 'a\u0007b' }), m.controlCharacters);
    await refused(await host.post('/polls', { title: 'dos\nlíneas' }), m.controlCharacters);
    await refused(await host.post('/polls', { title: 'c1\u0085' }), m.controlCharacters);
    const q = await host.post(
      `/polls/${poll.slug}/questions`,
      { text: 'ok', type: 'single', options: [{ text: 'x\u0000' }] },
      { secret: poll.secret },
    );
    await refused(q, m.controlCharacters);
  });

  it.runIf(available)('refuses bidi overrides and isolates', async () => {
    await refused(await host.post('/polls', { title: 'foto\u202Egnp.exe' }), m.bidiControls);
    await refused(await host.post('/polls', { title: 'a\u2066b\u2069' }), m.bidiControls);
    const q = await host.post(
      `/polls/${poll.slug}/questions`,
      { text: '\u202Dhola', type: 'yesno' },
      { secret: poll.secret },
    );
    await refused(q, m.bidiControls);
  });

  it.runIf(available)('refuses a lone surrogate', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/polls',
      headers: { 'content-type': 'application/json' },
      payload: '{"title":"mal \\ud800 formado"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: m.invalidCharacters });
  });

  it.runIf(available)('counts text that shows nothing as blank', async () => {
    await refused(await host.post('/polls', { title: '\u200B\u200C\u200D' }), m.titleRequired);
    await refused(await host.post('/polls', { title: ' \u2060\uFEFF\u00AD ' }), m.titleRequired);
    await refused(await host.post('/polls', { title: '\u3164\u2800' }), m.titleRequired);
    const q = await host.post(
      `/polls/${poll.slug}/questions`,
      { text: '\u200B', type: 'yesno' },
      { secret: poll.secret },
    );
    await refused(q, m.questionRequired);
    // An invisible option row is an empty row: dropped, like a blank one.
    const kept = await addQuestion(host, poll, {
      text: 'Filas',
      type: 'single',
      options: [{ text: 'Visible' }, { text: '\u200B\u200D' }],
    });
    expect(kept.options.map((o: { text: string }) => o.text)).toEqual(['Visible']);
    const option = await host.post(
      `/questions/${kept.id}/options`,
      { text: '\u200B' },
      { secret: poll.secret },
    );
    await refused(option, m.optionRequired);
    // Joiners inside visible text stay: an emoji family is one character to a person.
    const emoji = await createPoll(host, { title: 'Familia 👩\u200D👩\u200D👧' });
    expect(emoji.body.title).toBe('Familia 👩\u200D👩\u200D👧');
  });

  it.runIf(available)('caps runs of combining marks at 4', async () => {
    const four = `x${'\u0300\u0301\u0302\u0303'}`;
    expect((await createPoll(host, { title: four })).body.title).toBe(four);
    await refused(await host.post('/polls', { title: `x${'\u0301'.repeat(5)}` }), m.combiningMarks);
    await refused(
      await host.post('/polls', { title: `Zalgo ${'\u0336\u0337'.repeat(60)}` }),
      m.combiningMarks,
    );
    // Issue 19: joiners between the marks do not reset the count (48 marks on one letter).
    // Through an edit of the title: poll creation has a rate bucket of its own.
    const rename = (title: string) => host.patch(`/polls/${poll.slug}`, { title }, poll);
    for (const joiner of ['\u200D', '\u200B', '\u2060\u200D']) {
      const split = `x${'\u0301'.repeat(3)}${joiner}${'\u0302'.repeat(3)}`;
      await refused(await rename(split), m.combiningMarks);
      await refused(await rename(`Zalgo x${`\u0336${joiner}`.repeat(48)}`), m.combiningMarks);
    }
    // An emoji sequence with a variation selector and a joiner is one mark, not a run.
    const heart = 'Corazón ❤\uFE0F\u200D🔥 y 🏳\uFE0F\u200D🌈';
    expect((await rename(heart)).body.title).toBe(heart);
  });

  it.runIf(available)('answers a malformed slug 404 before any query', async () => {
    for (const slug of [
      'ab%00cdef',
      'abc',
      'a'.repeat(64),
      'abcdefg0',
      '%E2%80%AEabcdefg',
      'ab%27cdef',
    ]) {
      for (const path of [`/polls/${slug}`, `/polls/${slug}/summary`, `/polls/${slug}/events`]) {
        const res = await host.get(path);
        expect(res.status, path).toBe(404);
        expect(res.body).toMatchObject({ code: 'POLL_NOT_FOUND' });
      }
      const vote = await host.post(`/polls/${slug}/votes`, { answers: [] });
      expect(vote.status).toBe(404);
    }
  });
});

describe.runIf(pgOk)('a value PostgreSQL refuses that validation let through', () => {
  it('is a 400, logged once in a short line however often it comes', async () => {
    const url = schemaUrl(schemas.next());
    const store = await openStore({ database: { kind: 'postgres', url } });
    // Stands for any path validation missed: the slug reaches the driver with a NUL in it.
    const leaky: PollStore = Object.create(store);
    leaky.getPollBySlug = (slug) => store.getPollBySlug(`${slug}\u0000`);
    const lines: string[] = [];
    const app = await buildApp({
      store: leaky,
      config: {
        port: 3000,
        webDir: null,
        logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
      },
    });
    try {
      for (let i = 0; i < 20; i++) {
        const res = await app.inject({ method: 'GET', url: '/api/v1/polls/abcdefgh' });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      }
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ sqlState: '22021' });
      expect(lines[0]!.length).toBeLessThan(400);
    } finally {
      await app.close();
      await store.close();
    }
  });
});
