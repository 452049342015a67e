import readExcelFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/limits.ts';
import { openStream } from '../helpers/sse-client.ts';
import {
  Client,
  createPoll,
  type HostedPoll,
  type Json,
  setStatus,
  setUpTestApp,
  streamsClosedAfterAll,
  testApp,
} from './api-client.ts';

/**
 * Issue 20: audience Q&A over real HTTP. Every refusal, one vote per participant, and what only
 * the host may see (held, flagged, hidden questions) never reaching anyone else: list, stream.
 */

const api = setUpTestApp({ listen: true });
const streams = streamsClosedAfterAll();

async function qaPoll(settings: Record<string, boolean> = { qa: true }) {
  const poll = await createPoll(api.host, { title: 'Charla', settings });
  await setStatus(api.host, poll, 'open');
  return poll;
}
const ask = (c: Client, poll: HostedPoll, body: Json) => c.post(`/polls/${poll.slug}/qa`, body);
const list = (c: Client, poll: HostedPoll, query = '', secret?: string) =>
  c.get(`/polls/${poll.slug}/qa${query}`, secret ? { secret } : undefined);
const vote = (c: Client, poll: HostedPoll, id: number, up: boolean) =>
  c.put(`/polls/${poll.slug}/qa/${id}/vote`, { up });

describe('asking', () => {
  it('stores a question with the fields of the contract', async () => {
    const poll = await qaPoll();
    const phone = new Client(api.app);
    const res = await ask(phone, poll, { text: '  ¿Cuándo sale el examen?  ', nickname: 'Ana' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      text: '¿Cuándo sale el examen?',
      nickname: 'Ana',
      votes: 0,
      votedByMe: false,
      state: 'visible',
      pinned: false,
      answered: false,
      createdAt: expect.any(String),
    });
    expect(phone.cookie).toBeDefined();
    const anon = await ask(phone, poll, { text: 'Sin nombre', nickname: '   ' });
    expect(anon.body.nickname).toBeNull();
  });

  it('refuses with Q&A off, in a closed poll, and bad texts, in Spanish', async () => {
    const off = await qaPoll({ qa: false });
    const phone = new Client(api.app);
    let res = await ask(phone, off, { text: '¿Se puede?' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'QA_CLOSED',
      message: expect.stringMatching(/preguntas del público/),
    });
    expect((await list(phone, off)).body.code).toBe('QA_CLOSED');

    const poll = await qaPoll();
    for (const [body, message] of [
      [{ text: '' }, 'Escribe tu pregunta'],
      [{ text: 'ab' }, 'al menos 3 caracteres'],
      [{ text: 'x'.repeat(281) }, '280 caracteres'],
      [{ text: 'Hola\u202Eadiós' }, 'dirección'],
      [{ text: 'Bien', nickname: 'n'.repeat(41) }, '40 caracteres'],
      [{}, ''],
    ] as const) {
      res = await ask(phone, poll, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.message).toContain(message);
    }
    await setStatus(api.host, poll, 'closed');
    res = await ask(phone, poll, { text: 'Ya cerrada' });
    expect(res.body.code).toBe('QA_CLOSED');
    expect((await list(api.host, poll, '', poll.secret)).body.total).toBe(0);
  });

  it('answers 404 for an unknown poll and a question of another poll', async () => {
    const phone = new Client(api.app);
    expect((await phone.post('/polls/zzzzzzzz/qa', { text: '¿Hay alguien?' })).status).toBe(404);
    const a = await qaPoll();
    const b = await qaPoll();
    const q = (await ask(phone, a, { text: 'De la A' })).body;
    expect((await vote(phone, b, q.id, true)).body.code).toBe('QA_NOT_FOUND');
    const patched = await api.host.patch(`/polls/${b.slug}/qa/${q.id}`, { pinned: true }, b);
    expect(patched.status).toBe(404);
    expect((await api.host.delete(`/polls/${b.slug}/qa/${q.id}`, b)).status).toBe(404);
  });
});

describe('voting', () => {
  it('counts one vote per participant, idempotent, and takes it back', async () => {
    const poll = await qaPoll();
    const asker = new Client(api.app);
    const q = (await ask(asker, poll, { text: '¿Votamos?' })).body;
    const phones = Array.from({ length: 4 }, () => new Client(api.app));
    for (const p of phones) await p.get(`/polls/${poll.slug}`);
    const presses = await Promise.all([
      ...phones.map((p) => vote(p, poll, q.id, true)),
      vote(phones[0]!, poll, q.id, true),
      vote(phones[0]!, poll, q.id, true),
    ]);
    expect(presses.every((r) => r.status === 200)).toBe(true);
    expect((await list(phones[0]!, poll)).body.questions[0]).toMatchObject({
      votes: 4,
      votedByMe: true,
    });
    expect((await list(asker, poll)).body.questions[0]).toMatchObject({
      votes: 4,
      votedByMe: false,
    });
    expect((await vote(phones[0]!, poll, q.id, false)).body).toEqual({
      votes: 3,
      votedByMe: false,
    });
    expect((await vote(phones[0]!, poll, q.id, false)).body).toEqual({
      votes: 3,
      votedByMe: false,
    });
  });

  it('sorts by votes or by time, and pages', async () => {
    const poll = await qaPoll();
    const phone = new Client(api.app);
    const ids: number[] = [];
    for (const t of ['Uno', 'Dos', 'Tres']) ids.push((await ask(phone, poll, { text: t })).body.id);
    const voter = new Client(api.app);
    await vote(voter, poll, ids[2]!, true);
    const top = (await list(phone, poll, '?sort=top')).body;
    expect(top.questions.map((q: Json) => q.text)).toEqual(['Tres', 'Uno', 'Dos']);
    const recent = (await list(phone, poll, '?sort=recent&limit=2&offset=1')).body;
    expect(recent).toMatchObject({ total: 3, questions: [{ text: 'Dos' }, { text: 'Uno' }] });
    expect((await list(phone, poll, '?sort=nuevo')).status).toBe(400);
    expect((await list(phone, poll, '?limit=100000')).status).toBe(400);
  });
});

describe('what only the host sees', () => {
  it('keeps held, flagged and hidden questions from everyone else, list and stream', async () => {
    const poll = await qaPoll({ qa: true, qaModerated: true });
    const audience = await openStream(`${api.base}/api/v1/polls/${poll.slug}/events`);
    const participantStream = await openStream(
      `${api.base}/api/v1/polls/${poll.slug}/events?as=participant`,
    );
    const hostStream = await openStream(`${api.base}/api/v1/polls/${poll.slug}/events`, {
      'x-host-secret': poll.secret,
    });
    streams.push(audience, participantStream, hostStream);
    const author = new Client(api.app);
    const other = new Client(api.app);
    const held = (await ask(author, poll, { text: 'Pregunta retenida secreta' })).body;
    expect(held.state).toBe('held');
    const flagged = (await ask(author, poll, { text: 'Qué pregunta de mierda' })).body;
    expect(flagged.state).toBe('flagged');
    const byName = (await ask(author, poll, { text: 'Buena pregunta', nickname: 'puta' })).body;
    expect(byName.state).toBe('flagged');

    expect((await list(other, poll)).body).toEqual({ questions: [], total: 0 });
    const mine = (await list(author, poll)).body;
    expect(mine.questions.map((q: Json) => q.text)).toEqual(['Pregunta retenida secreta']);
    expect((await list(api.host, poll, '', poll.secret)).body.total).toBe(3);
    // Nobody but the host may vote for what is not visible.
    expect((await vote(other, poll, held.id, true)).status).toBe(404);

    await hostStream.next((e) => e.event === 'qa' && JSON.parse(e.data).counts.pending === 3);
    // Approve one: it reaches the audience; the others never did.
    const approved = await api.host.patch(
      `/polls/${poll.slug}/qa/${held.id}`,
      { state: 'visible' },
      poll,
    );
    expect(approved.body.state).toBe('visible');
    for (const s of [audience, participantStream]) {
      await s.next((e) => e.event === 'qa' && e.data.includes('Pregunta retenida secreta'));
      const raw = s.events.map((e) => e.data).join('\n');
      expect(raw).not.toContain('mierda');
      expect(raw).not.toContain('Buena pregunta');
      expect(raw).not.toContain('"pending":2');
    }
    await api.host.patch(`/polls/${poll.slug}/qa/${held.id}`, { state: 'hidden' }, poll);
    expect((await list(other, poll)).body.total).toBe(0);
    await audience.next((e) => e.event === 'qa' && JSON.parse(e.data).counts.visible === 0);
  });
});

describe('the host moderates', () => {
  it('highlights one at a time, marks answered (ending the highlight), deletes, clears', async () => {
    const poll = await qaPoll();
    const phone = new Client(api.app);
    const a = (await ask(phone, poll, { text: 'Primera' })).body;
    const b = (await ask(phone, poll, { text: 'Segunda' })).body;
    expect((await api.host.patch(`/polls/${poll.slug}/qa/${a.id}`, { pinned: true })).status).toBe(
      401,
    );
    expect(
      (await api.host.patch(`/polls/${poll.slug}/qa/${a.id}`, { pinned: true }, { secret: 'nope' }))
        .status,
    ).toBe(403);
    await api.host.patch(`/polls/${poll.slug}/qa/${a.id}`, { pinned: true }, poll);
    await api.host.patch(`/polls/${poll.slug}/qa/${b.id}`, { pinned: true }, poll);
    let all = (await list(api.host, poll, '', poll.secret)).body.questions;
    expect(all.filter((q: Json) => q.pinned).map((q: Json) => q.id)).toEqual([b.id]);
    const done = await api.host.patch(`/polls/${poll.slug}/qa/${b.id}`, { answered: true }, poll);
    expect(done.body).toMatchObject({ answered: true, pinned: false });
    expect((await api.host.patch(`/polls/${poll.slug}/qa/${b.id}`, {}, poll)).status).toBe(400);

    expect((await api.host.delete(`/polls/${poll.slug}/qa/${a.id}`, poll)).status).toBe(204);
    all = (await list(api.host, poll, '', poll.secret)).body.questions;
    expect(all.map((q: Json) => q.id)).toEqual([b.id]);
    // Resetting the poll's votes leaves the questions; 'Borrar todas' clears them.
    expect((await api.host.post(`/polls/${poll.slug}/reset`, undefined, poll)).status).toBeLessThan(
      500,
    );
    expect((await list(api.host, poll, '', poll.secret)).body.total).toBe(1);
    const cleared = await api.host.delete(`/polls/${poll.slug}/qa`, poll);
    expect(cleared.body).toEqual({ deleted: 1 });
    expect((await api.host.delete(`/polls/${poll.slug}/qa`)).status).toBe(401);
  });

  it('duplicates the settings, not the questions', async () => {
    const poll = await qaPoll({ qa: true, qaModerated: true });
    await ask(new Client(api.app), poll, { text: 'No se copia' });
    const copy = await api.host.post(`/polls/${poll.slug}/duplicate`, undefined, poll);
    expect(copy.body.slug).toBeDefined();
    const copied = await api.host.get(`/polls/${copy.body.slug}`);
    expect(copied.body.settings).toMatchObject({ qa: true, qaModerated: true });
    const questions = await api.host.get(`/polls/${copy.body.slug}/qa`, {
      secret: copy.body.host_secret,
    });
    expect(questions.body.total).toBe(0);
  });
});

describe('limits', () => {
  it('lets a person ask a burst of questions, then 429 with Retry-After in Spanish', async () => {
    const limited = await testApp({
      config: { rateLimits: { enabled: true, limits: { ...DEFAULT_LIMITS } } },
    });
    try {
      const c = new Client(limited.app);
      const poll = await createPoll(c, { title: 'Con límites', settings: { qa: true } });
      await setStatus(c, poll, 'open');
      const results = [];
      for (let i = 0; i < DEFAULT_LIMITS.QA_ASK_BURST + 1; i++) {
        results.push(await c.post(`/polls/${poll.slug}/qa`, { text: `Pregunta ${i}` }));
      }
      expect(results.slice(0, -1).every((r) => r.status === 201)).toBe(true);
      const refused = results.at(-1)!;
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another person behind the same address still asks.
      expect(
        (await new Client(limited.app).post(`/polls/${poll.slug}/qa`, { text: 'Otra persona' }))
          .status,
      ).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('stores at most QA_QUESTIONS_PER_POLL questions', async () => {
    const small = await testApp({
      config: {
        rateLimits: { enabled: false, limits: { ...DEFAULT_LIMITS, QA_QUESTIONS_PER_POLL: 2 } },
      },
    });
    try {
      const c = new Client(small.app);
      const poll = await createPoll(c, { title: 'Pequeña', settings: { qa: true } });
      await setStatus(c, poll, 'open');
      // Three people (one id may hold only its share of the cap: qa-abuse.test.ts).
      const asker = () => new Client(small.app);
      expect((await asker().post(`/polls/${poll.slug}/qa`, { text: 'Una' })).status).toBe(201);
      expect((await asker().post(`/polls/${poll.slug}/qa`, { text: 'Dos' })).status).toBe(201);
      const full = await asker().post(`/polls/${poll.slug}/qa`, { text: 'Tres' });
      expect(full.status).toBe(409);
      expect(full.body).toMatchObject({
        code: 'LIMIT_REACHED',
        message: expect.stringContaining('no admite más'),
      });
    } finally {
      await small.close();
    }
  });
});

describe('exports', () => {
  it('lists every audience question for the host in CSV and XLSX', async () => {
    const poll = await qaPoll({ qa: true, qaModerated: true });
    const phone = new Client(api.app);
    const q = (await ask(phone, poll, { text: '¿Hay examen final?', nickname: 'Leo' })).body;
    await api.host.patch(
      `/polls/${poll.slug}/qa/${q.id}`,
      { state: 'visible', answered: true },
      poll,
    );
    await ask(phone, poll, { text: '=1+2 ¿fórmula?' });
    const csv = await api.app.inject({
      url: `/api/v1/polls/${poll.slug}/export?format=csv`,
      headers: { 'x-host-secret': poll.secret },
    });
    expect(csv.statusCode).toBe(200);
    // The header counts the section's rows (issue 24), ';' between fields.
    expect(csv.body).toContain('Preguntas del público;2;');
    expect(csv.body).toContain('Pregunta;Nombre;Votos;Estado;Respondida;Hora');
    expect(csv.body).toMatch(/¿Hay examen final\?;Leo;0;Visible;Sí;\d{4}-/);
    expect(csv.body).toContain("'=1+2 ¿fórmula?;Anónimo;0;Pendiente de revisión;No");
    const xlsx = await api.app.inject({
      url: `/api/v1/polls/${poll.slug}/export?format=xlsx`,
      headers: { 'x-host-secret': poll.secret },
    });
    expect(xlsx.statusCode).toBe(200);
    const sheets = await readExcelFile(xlsx.rawPayload);
    expect(sheets.map((s) => s.sheet)).toEqual(['Resumen', 'Papeletas', 'Preguntas del público']);
    const rows = sheets[2]!.data;
    expect(rows[1]).toEqual(
      expect.arrayContaining(['¿Hay examen final?', 'Leo', 0, 'Visible', 'Sí']),
    );
    // Without the secret: nothing.
    const anon = await api.app.inject({ url: `/api/v1/polls/${poll.slug}/export?format=csv` });
    expect(anon.statusCode).toBe(401);
  });
});

describe('the qa frame', () => {
  it('stays under 16 KB gzip however many long questions are stored', async () => {
    const { gzipSync } = await import('node:zlib');
    const poll = await qaPoll();
    // Different long texts from different people, as a hall would send them.
    for (let i = 0; i < 60; i++) {
      const words = Array.from({ length: 40 }, (_, w) => `palabra${(i * 41 + w * 7) % 997}`);
      const text = `¿${i}? ${words.join(' ')}`.slice(0, 280);
      const res = await ask(new Client(api.app), poll, {
        text,
        nickname: `Persona ${i} ${'x'.repeat(25)}`,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const stream = await openStream(`${api.base}/api/v1/polls/${poll.slug}/events`);
    streams.push(stream);
    const frame = await stream.next(
      (e) => e.event === 'qa' && JSON.parse(e.data).counts.visible === 60,
    );
    const data = JSON.parse(frame.data);
    expect(data.top).toHaveLength(10);
    expect(data.recent).toHaveLength(10);
    expect(gzipSync(frame.data).length).toBeLessThan(16_000);
  });
});
