import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { RATE_LIMITS_OFF } from '../../src/server/limits.ts';
import { openSqliteStore } from '../../src/server/store/sqlite.ts';
import type { PollStore } from '../../src/server/store/store.ts';
import { openStream } from '../helpers/sse-client.ts';
import { addQuestion, Client, createPoll, type HostedPoll, setStatus } from './api-client.ts';

/**
 * Issue 24: 'Eliminar encuesta'. DELETE /polls/{slug} with the host secret erases the poll with
 * everything of it, for everyone at once (404s, streams told and ended), and from the SQLite
 * file itself: no byte of what was answered is left in the database or its write-ahead log.
 */
let dir: string;
let dbFile: string;
let store: PollStore;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sondeo-erase-'));
  dbFile = join(dir, 'sondeo.db');
  store = await openSqliteStore(dbFile);
  app = await buildApp({
    store,
    config: { port: 0, webDir: null, rateLimits: RATE_LIMITS_OFF },
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** An open poll answered by a phone (a choice, an open answer) with an audience question. */
async function answeredPoll(host: Client, marker: string): Promise<HostedPoll> {
  const poll = await createPoll(host, { title: `Encuesta ${marker}`, settings: { qa: true } });
  const choice = await addQuestion(host, poll, {
    text: '¿A o B?',
    type: 'single',
    options: [{ text: 'A' }, { text: 'B' }],
  });
  const open = await addQuestion(host, poll, { text: '¿Una idea?', type: 'text' });
  await setStatus(host, poll, 'open');
  const phone = new Client(app);
  const voted = await phone.post(`/polls/${poll.slug}/votes`, {
    answers: [
      { questionId: choice.id, optionIds: [choice.options[0].id] },
      { questionId: open.id, text: `respuesta ${marker}` },
    ],
  });
  expect(voted.status).toBe(201);
  const asked = await phone.post(`/polls/${poll.slug}/qa`, { text: `¿Pregunta ${marker}?` });
  expect(asked.status).toBe(201);
  return poll;
}

/** Every byte SQLite keeps for this database: the file, its log and shared memory. */
function databaseBytes(): Buffer {
  return Buffer.concat(
    [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file)),
  );
}

describe('DELETE /polls/{slug}', () => {
  it('needs the host secret: 401 without, 403 with a wrong one, and changes nothing', async () => {
    const host = new Client(app);
    const poll = await createPoll(host, { title: 'Protegida' });
    expect((await host.delete(`/polls/${poll.slug}`)).status).toBe(401);
    const wrong = await host.delete(`/polls/${poll.slug}`, { secret: 'no-es-el-codigo' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('FORBIDDEN');
    expect((await host.get(`/polls/${poll.slug}`)).status).toBe(200);
  });

  it('answers 204, then 404 for everyone, and a second delete is 404', async () => {
    const host = new Client(app);
    const poll = await answeredPoll(host, 'cuatrocientos');
    const joinCode = (await host.get(`/polls/${poll.slug}`)).body.joinCode;
    const res = await host.delete(`/polls/${poll.slug}`, { secret: poll.secret });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();

    const anyone = new Client(app);
    for (const path of [
      `/polls/${poll.slug}`,
      `/polls/${poll.slug}/summary`,
      `/polls/${poll.slug}/qa`,
    ]) {
      const gone = await anyone.get(path);
      expect(gone.status, path).toBe(404);
      expect(gone.body.code).toBe('POLL_NOT_FOUND');
    }
    expect((await host.get(`/polls/${poll.slug}/summary`, { secret: poll.secret })).status).toBe(
      404,
    );
    if (joinCode) expect((await anyone.get(`/join/${joinCode}`)).status).toBe(404);
    const lookup = await host.post('/polls/lookup', {
      polls: [{ slug: poll.slug, secret: poll.secret }],
    });
    expect(lookup.body.polls).toEqual([{ slug: poll.slug, missing: true }]);
    expect((await host.delete(`/polls/${poll.slug}`, { secret: poll.secret })).status).toBe(404);
  });

  it("ends the poll's open streams with a `deleted` frame", async () => {
    const host = new Client(app);
    const poll = await answeredPoll(host, 'flujo');
    const url = `${base}/api/v1/polls/${poll.slug}/events`;
    const streams = [
      await openStream(url),
      await openStream(`${url}?as=participant`),
      await openStream(url, { 'x-host-secret': poll.secret }),
    ];
    try {
      for (const stream of streams) await stream.next((e) => e.event === 'poll');
      await host.delete(`/polls/${poll.slug}`, { secret: poll.secret });
      for (const stream of streams) {
        const deleted = await stream.next((e) => e.event === 'deleted');
        expect(JSON.parse(deleted.data)).toEqual({ slug: poll.slug });
        await stream.ended;
      }
      // Coming back is a 404, not a stream.
      expect((await openStream(url)).status).toBe(404);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('leaves no copy of what was answered in the SQLite file (secure delete)', async () => {
    const host = new Client(app);
    const marker = `zqxjk${Date.now().toString(36)}`;
    const kept = await answeredPoll(host, `guardada${marker}`);
    const poll = await answeredPoll(host, marker);
    expect(databaseBytes().includes(`respuesta ${marker}`)).toBe(true);

    expect((await host.delete(`/polls/${poll.slug}`, { secret: poll.secret })).status).toBe(204);

    const bytes = databaseBytes();
    for (const text of [
      `respuesta ${marker}`,
      `¿Pregunta ${marker}?`,
      `Encuesta ${marker}`,
      poll.slug,
    ]) {
      expect(bytes.includes(Buffer.from(text)), text).toBe(false);
    }
    // The other poll is all there.
    expect(bytes.includes(`respuesta guardada${marker}`)).toBe(true);
    expect((await host.get(`/polls/${kept.slug}`)).status).toBe(200);
  });
});
