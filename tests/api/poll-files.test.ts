import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { DEFAULT_LIMITS } from '../../src/server/limits.ts';
import { openStore } from '../../src/server/store/open-store.ts';
import { xlsxOf } from '../helpers/xlsx-fixture.ts';
import { addQuestion, Client, createPoll, type Json } from './api-client.ts';
import { engines, setUpFilesApp } from './poll-files-harness.ts';

/** Issue 28: the Sondeo file, the file's guards (auth, limits, hygiene, idempotency). */
describe.each(engines)('poll files (%s)', (_engine, available, open) => {
  const t = setUpFilesApp(available, open);
  const { importFile, hostView } = t;

  it.runIf(available)('Sondeo JSON: export → import → export writes the same file', async () => {
    const poll = await createPoll(t.client, {
      title: 'Repaso de ciencias',
      settings: { quiz: true, resultsPublic: true, strictFilter: false },
    });
    await addQuestion(t.client, poll, {
      text: '¿Cuál es el planeta más grande?',
      type: 'single',
      options: [{ text: 'Marte' }, { text: 'Júpiter', correct: true }],
      timeLimitSeconds: 30,
    });
    await addQuestion(t.client, poll, {
      text: '¿Qué planetas tienen anillos?',
      type: 'multiple',
      options: [
        { text: 'Saturno', correct: true },
        { text: 'Urano', correct: true },
        { text: 'Marte' },
      ],
      timeLimitSeconds: null,
    });
    await addQuestion(t.client, poll, {
      text: '¿El Sol es una estrella?',
      type: 'yesno',
      options: [{ text: '', correct: true }, { text: '' }],
    });
    await addQuestion(t.client, poll, { text: '¿Qué cambiarías?', type: 'text' });
    await addQuestion(t.client, poll, {
      text: '¿Cuánto te gustó?',
      type: 'scale',
      scale: { max: 10, minLabel: 'Nada', maxLabel: 'Mucho' },
    });
    await t.client.put(
      `/polls/${poll.slug}/blocked-words`,
      { words: ['caca', 'tonto'] },
      { secret: poll.secret },
    );
    const first = await t.app.inject({
      method: 'GET',
      url: `/api/v1/polls/${poll.slug}/file`,
      headers: { 'x-host-secret': poll.secret },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-disposition']).toContain('Repaso de ciencias.sondeo.json');
    const file = JSON.parse(first.body);
    expect(file).toMatchObject({
      sondeo: 1,
      title: 'Repaso de ciencias',
      blockedWords: ['caca', 'tonto'],
    });
    expect(file.settings).toMatchObject({ quiz: true, resultsPublic: true, strictFilter: false });
    expect(file.questions[0]).toEqual({
      type: 'single',
      text: '¿Cuál es el planeta más grande?',
      options: [
        { text: 'Marte', correct: false },
        { text: 'Júpiter', correct: true },
      ],
      scale: null,
      timeLimitSeconds: 30,
      explanation: null,
    });
    expect(file.questions[4].scale).toEqual({ max: 10, minLabel: 'Nada', maxLabel: 'Mucho' });
    expect(first.body).not.toContain(poll.secret);
    const imported = await importFile({ text: first.body, format: 'sondeo' });
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ title: 'Repaso de ciencias', imported: 5, skipped: [] });
    expect(imported.body.slug).not.toBe(poll.slug);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/v1/polls/${imported.body.slug}/file`,
      headers: { 'x-host-secret': imported.body.host_secret },
    });
    expect(again.body).toBe(first.body);
    const view = await hostView(imported);
    expect(view.status).toBe('draft');
  });

  it.runIf(available)(
    'Sondeo JSON: ranking and number questions travel whole (issue 26), a wrong range is skipped',
    async () => {
      const poll = await createPoll(t.client, { title: 'Estimaciones', settings: { quiz: true } });
      await addQuestion(t.client, poll, {
        text: 'Ordena de más cerca a más lejos del Sol',
        type: 'ranking',
        options: [{ text: 'Mercurio' }, { text: 'Venus' }, { text: 'Tierra' }],
      });
      await addQuestion(t.client, poll, {
        text: '¿A cuántos grados hierve el agua al nivel del mar?',
        type: 'number',
        number: { min: 0, max: 500, decimals: 1, unit: '°C' },
        correctValue: 100,
        tolerance: 2.5,
      });
      const first = await t.app.inject({
        method: 'GET',
        url: `/api/v1/polls/${poll.slug}/file`,
        headers: { 'x-host-secret': poll.secret },
      });
      const file = JSON.parse(first.body);
      expect(file.questions[0].options.map((o: Json) => o.text)).toEqual([
        'Mercurio',
        'Venus',
        'Tierra',
      ]);
      expect(file.questions[1]).toMatchObject({
        type: 'number',
        options: [],
        number: { min: 0, max: 500, decimals: 1, unit: '°C' },
        correctValue: 100,
        tolerance: 2.5,
      });
      const imported = await importFile({ text: first.body, format: 'sondeo' });
      expect(imported.body).toMatchObject({ imported: 2, skipped: [] });
      const again = await t.app.inject({
        method: 'GET',
        url: `/api/v1/polls/${imported.body.slug}/file`,
        headers: { 'x-host-secret': imported.body.host_secret },
      });
      expect(again.body).toBe(first.body);

      const wrong = structuredClone(file);
      wrong.questions[1].number = { min: 10, max: 5, decimals: 0, unit: null };
      wrong.questions.push({ ...file.questions[1], correctValue: 900 });
      const partly = await importFile({ text: JSON.stringify(wrong), format: 'sondeo' });
      expect(partly.status).toBe(201);
      expect(partly.body.imported).toBe(1);
      expect(partly.body.skipped.map((s: Json) => s.line)).toEqual([2, 3]);
    },
  );

  it.runIf(available)('the file needs the host secret: 401 without, 403 with another', async () => {
    const poll = await createPoll(t.client);
    const other = await createPoll(t.client);
    const none = await t.client.get(`/polls/${poll.slug}/file`);
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('NO_SECRET');
    const wrong = await t.client.get(`/polls/${poll.slug}/file`, { secret: other.secret });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'FORBIDDEN', message: expect.any(String) });
  });

  it.runIf(available)(
    'Sondeo JSON: a question that does not fit is reported by position',
    async () => {
      const file = {
        sondeo: 1,
        title: 'Con errores',
        settings: {},
        blockedWords: [],
        questions: [
          {
            type: 'single',
            text: 'Bien',
            options: [{ text: 'a', correct: false }],
            scale: null,
            timeLimitSeconds: null,
          },
          {
            type: 'ranking',
            text: 'Tipo desconocido',
            options: [],
            scale: null,
            timeLimitSeconds: null,
          },
          {
            type: 'single',
            text: 'x'.repeat(241),
            options: [{ text: 'a', correct: false }],
            scale: null,
            timeLimitSeconds: null,
          },
        ],
      };
      const res = await importFile({ text: JSON.stringify(file) });
      expect(res.status).toBe(201);
      expect(res.body.imported).toBe(1);
      expect(res.body.skipped.map((s: Json) => s.line)).toEqual([2, 3]);
      expect(res.body.skipped[1].message).toBe('la pregunta no puede exceder 240 caracteres');
      const future = await importFile({ text: JSON.stringify({ ...file, sondeo: 2 }) });
      expect(future.status).toBe(400);
      expect(future.body.message).toContain('Versión de archivo no admitida');
      const broken = await importFile({ text: '{"sondeo": 1, "title": ', format: 'sondeo' });
      expect(broken.status).toBe(400);
      expect(broken.body).toEqual(
        expect.objectContaining({
          code: 'VALIDATION_ERROR',
          message: 'El archivo no es un JSON válido',
        }),
      );
    },
  );

  it.runIf(available)('texts go through the hygiene of typed ones', async () => {
    const res = await importFile({ text: '¿Hola\u202E?\nA) a\nB) b\n\n¿Bien?\nA) sí\nB) no' });
    expect(res.status).toBe(201);
    expect(res.body.skipped).toEqual([
      {
        line: 1,
        message: 'el texto no puede contener caracteres que cambian la dirección de la escritura',
      },
    ]);
  });

  it.runIf(available)('nothing readable: 400 with the lines, and no poll made', async () => {
    const before = t.store.created;
    const res = await importFile({ text: '¿Sin opciones?\n\n¿Tampoco?' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'No se pudo leer ninguna pregunta del archivo',
    });
    expect(res.body.details).toHaveLength(2);
    expect(t.store.created).toBe(before);
  });

  it.runIf(available)(
    'limits: file size 413, question count 400, zip bomb 413, bad XLSX 400',
    async () => {
      const big = await importFile({ text: `¿A?\n- x\n${'- y\n'.repeat(20_000)}` });
      expect(big.status).toBe(413);
      expect(big.body).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: expect.stringContaining('64 KB'),
      });
      const huge = await t.app.inject({
        method: 'POST',
        url: '/api/v1/polls/import',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ text: 'x'.repeat(200 * 1024) }),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: expect.stringContaining('64 KB'),
      });
      const many = Array.from({ length: 31 }, (_, i) => `¿Pregunta ${i}?\n- a\n- b`).join('\n\n');
      const tooMany = await importFile({ text: many });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe(
        'El archivo tiene 31 preguntas; se importan como máximo 30',
      );
      const bomb = await xlsxOf(
        [['Question', 'Answer 1']],
        [
          {
            name: 'xl/sharedStrings.xml',
            content: ['<sst>', ' '.repeat(2 * 1024 * 1024), '</sst>'],
          },
        ],
      );
      const bombed = await importFile({ file: bomb.toString('base64'), fileName: 'bomba.xlsx' });
      expect(bomb.length).toBeLessThan(64 * 1024);
      expect(bombed.status).toBe(413);
      expect(bombed.body.message).toContain('descomprimida');
      const notZip = await importFile({
        file: Buffer.from('hola').toString('base64'),
        format: 'kahoot',
      });
      expect(notZip.status).toBe(400);
      expect(notZip.body.message).toBe('El archivo no es una hoja de cálculo XLSX válida');
      const both = await importFile({ text: 'a', file: 'YQ==' });
      expect(both.status).toBe(400);
    },
  );

  it.runIf(available)('an Idempotency-Key makes one poll of a double click', async () => {
    const body = { text: '¿Uno?\n- a\n- b' };
    const key = { 'idempotency-key': `k-${Math.random()}` };
    const [a, b] = await Promise.all([importFile(body, key), importFile(body, key)]);
    expect(a.status).toBe(201);
    expect(b.body.slug).toBe(a.body.slug);
    const other = await importFile({ text: '¿Dos?\n- a\n- b' }, key);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');
  });
});

describe('import shares the poll-creation bucket', () => {
  it('429 once POLL_CREATE_BURST is spent, by creating or importing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sondeo-files-rate-'));
    const store = await openStore({ database: { kind: 'sqlite', file: join(dir, 'x.db') } });
    const app = await buildApp({
      store,
      config: {
        port: 3000,
        webDir: null,
        rateLimits: {
          enabled: true,
          limits: { ...DEFAULT_LIMITS, POLL_CREATE_BURST: 2, POLL_CREATE_PER_MIN: 0.01 },
        },
      },
    });
    await app.ready();
    const client = new Client(app);
    try {
      await createPoll(client);
      const first = await client.post('/polls/import', { text: '¿A?\n- a\n- b' });
      expect(first.status).toBe(201);
      const refused = await client.post('/polls/import', { text: '¿A?\n- a\n- b' });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
      // Both calls are in the OpenAPI document, the import with its Idempotency-Key.
      const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
      const op = doc.paths['/api/v1/polls/import'].post;
      const names = op.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
      expect(names).toContain('header:idempotency-key');
      expect(doc.paths['/api/v1/polls/{slug}/file'].get.description).toContain('Sondeo JSON');
    } finally {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
