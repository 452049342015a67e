import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { DEFAULT_LIMITS } from '../../src/server/limits.ts';
import { openStore } from '../../src/server/store/open-store.ts';
import type { PollStore } from '../../src/server/store/store.ts';
import {
  pgAvailable,
  redactUrl,
  requireService,
  TEST_DATABASE_URL,
  throwawaySchemas,
} from '../helpers/services.ts';
import { xlsxOf } from '../helpers/xlsx-fixture.ts';
import { addQuestion, Client, createPoll, type Json } from './api-client.ts';

/** Issue 28: poll files, on both engines (the import writes a whole poll in one transaction). */
const pgOk = await requireService('PostgreSQL', redactUrl(TEST_DATABASE_URL), () => pgAvailable());
const schemas = throwawaySchemas();
afterAll(() => schemas.dropAll());

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../fixtures/poll-files', name));
const asFile = (name: string) => ({ file: fixture(name).toString('base64'), fileName: name });

const engines: [string, boolean, () => Promise<{ store: PollStore; cleanup: () => void }>][] = [
  [
    'SQLite',
    true,
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'sondeo-files-'));
      const store = await openStore({ database: { kind: 'sqlite', file: join(dir, 'x.db') } });
      return { store, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'PostgreSQL',
    pgOk,
    async () => {
      const url = `${TEST_DATABASE_URL}?schema=${schemas.next()}`;
      const store = await openStore({ database: { kind: 'postgres', url } });
      return { store, cleanup: () => {} };
    },
  ],
];

describe.each(engines)('poll files (%s)', (_engine, available, open) => {
  let app: FastifyInstance;
  let store: PollStore;
  let cleanup: () => void;
  let client: Client;

  beforeAll(async () => {
    if (!available) return;
    ({ store, cleanup } = await open());
    store = counted(store);
    app = await buildApp({
      store,
      config: {
        port: 3000,
        webDir: null,
        rateLimits: {
          enabled: true,
          limits: {
            ...DEFAULT_LIMITS,
            POLL_CREATE_BURST: 1000,
            IMPORT_FILE_MAX_BYTES: 64 * 1024,
            IMPORT_UNZIPPED_MAX_BYTES: 1024 * 1024,
            IMPORT_QUESTIONS_MAX: 30,
          },
        },
      },
    });
    await app.ready();
    client = new Client(app);
  });
  afterAll(async () => {
    if (!available) return;
    await app.close();
    await store.close();
    cleanup();
  });

  const importFile = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    client.post('/polls/import', body, { headers });
  const hostView = async (res: Json) =>
    (await client.get(`/polls/${res.body.slug}`, { secret: res.body.host_secret })).body;
  const brief = (poll: Json) =>
    poll.questions.map((q: Json) => ({
      type: q.type,
      text: q.text,
      options:
        q.type === 'scale'
          ? q.scale.max
          : q.options.map((o: Json) => `${o.correct ? '*' : ''}${o.text}`),
      time: q.timeLimitSeconds,
    }));

  it.runIf(available)('Sondeo JSON: export → import → export writes the same file', async () => {
    const poll = await createPoll(client, {
      title: 'Repaso de ciencias',
      settings: { quiz: true, resultsPublic: true, strictFilter: false },
    });
    await addQuestion(client, poll, {
      text: '¿Cuál es el planeta más grande?',
      type: 'single',
      options: [{ text: 'Marte' }, { text: 'Júpiter', correct: true }],
      timeLimitSeconds: 30,
    });
    await addQuestion(client, poll, {
      text: '¿Qué planetas tienen anillos?',
      type: 'multiple',
      options: [
        { text: 'Saturno', correct: true },
        { text: 'Urano', correct: true },
        { text: 'Marte' },
      ],
      timeLimitSeconds: null,
    });
    await addQuestion(client, poll, {
      text: '¿El Sol es una estrella?',
      type: 'yesno',
      options: [{ text: '', correct: true }, { text: '' }],
    });
    await addQuestion(client, poll, { text: '¿Qué cambiarías?', type: 'text' });
    await addQuestion(client, poll, {
      text: '¿Cuánto te gustó?',
      type: 'scale',
      scale: { max: 10, minLabel: 'Nada', maxLabel: 'Mucho' },
    });
    await client.put(
      `/polls/${poll.slug}/blocked-words`,
      { words: ['caca', 'tonto'] },
      { secret: poll.secret },
    );
    const first = await app.inject({
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
    });
    expect(file.questions[4].scale).toEqual({ max: 10, minLabel: 'Nada', maxLabel: 'Mucho' });
    expect(first.body).not.toContain(poll.secret);
    const imported = await importFile({ text: first.body, format: 'sondeo' });
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ title: 'Repaso de ciencias', imported: 5, skipped: [] });
    expect(imported.body.slug).not.toBe(poll.slug);
    const again = await app.inject({
      method: 'GET',
      url: `/api/v1/polls/${imported.body.slug}/file`,
      headers: { 'x-host-secret': imported.body.host_secret },
    });
    expect(again.body).toBe(first.body);
    const view = await hostView(imported);
    expect(view.status).toBe('draft');
  });

  it.runIf(available)('the file needs the host secret: 401 without, 403 with another', async () => {
    const poll = await createPoll(client);
    const other = await createPoll(client);
    const none = await client.get(`/polls/${poll.slug}/file`);
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('NO_SECRET');
    const wrong = await client.get(`/polls/${poll.slug}/file`, { secret: other.secret });
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

  it.runIf(available)('Moodle GIFT: types mapped or skipped with their reason', async () => {
    const res = await importFile(asFile('moodle-quiz.gift'));
    expect(res.status).toBe(201);
    expect(res.body.title).toBe('moodle-quiz');
    expect(res.body.skipped).toEqual([
      { line: 28, message: 'pregunta de respuesta corta: Sondeo no corrige respuestas escritas' },
      { line: 30, message: 'pregunta numérica: Sondeo no tiene preguntas de número' },
      { line: 32, message: 'pregunta de emparejar: Sondeo no la tiene' },
      { line: 40, message: 'sin bloque de respuestas { … }: es una descripción, no una pregunta' },
    ]);
    const poll = await hostView(res);
    expect(poll.settings.quiz).toBe(true);
    expect(brief(poll)).toEqual([
      {
        type: 'single',
        text: '¿Cuál es el planeta más grande del sistema solar?',
        options: ['*Júpiter', 'Saturno', 'Tierra', 'Marte'],
        time: 20,
      },
      { type: 'yesno', text: 'El Sol es una estrella.', options: ['*Sí', 'No'], time: 20 },
      { type: 'yesno', text: 'La Luna tiene luz propia.', options: ['Sí', '*No'], time: 20 },
      {
        type: 'single',
        text: '¿Qué símbolo cierra un bloque en GIFT: { o }?',
        options: ['*}', '{', '=', '#'],
        time: 20,
      },
      {
        type: 'multiple',
        text: '¿Qué planetas tienen anillos?',
        options: ['*Saturno', '*Urano', 'Mercurio', 'Venus'],
        time: 20,
      },
      { type: 'text', text: 'Explica con tus palabras qué es una órbita.', options: [], time: 20 },
      {
        type: 'single',
        text: '¿Qué gas abunda más en la atmósfera & la respiramos?',
        options: ['*Nitrógeno', 'Oxígeno', 'Dióxido de carbono'],
        time: 20,
      },
      {
        type: 'single',
        text: 'El agua hierve a _____ grados a nivel del mar.',
        options: ['50', '*100', '150'],
        time: 20,
      },
    ]);
    expect(res.body.imported).toBe(8);
  });

  it.runIf(available)(
    'Aiken: A) and A. options, ANSWER lines, missing or wrong answers reported',
    async () => {
      const res = await importFile(asFile('aiken-quiz.txt'));
      expect(res.status).toBe(201);
      expect(res.body.skipped).toEqual([
        { line: 15, message: 'falta la respuesta correcta' },
        { line: 24, message: 'la respuesta correcta E no es ninguna de las opciones' },
      ]);
      const poll = await hostView(res);
      expect(brief(poll)).toEqual([
        {
          type: 'single',
          text: '¿Cuál es la capital de Portugal?',
          options: ['Oporto', '*Lisboa', 'Coímbra', 'Faro'],
          time: 20,
        },
        {
          type: 'single',
          text: '¿Qué número es primo?',
          options: ['21', '27', '*29', '33'],
          time: 20,
        },
        {
          type: 'single',
          text: '¿Qué elemento químico tiene el símbolo O?',
          options: ['Oro', '*Oxígeno', 'Osmio'],
          time: 20,
        },
      ]);
    },
  );

  it.runIf(available)('CSV with ";", a header, quotes and every skipped-line case', async () => {
    const res = await importFile(asFile('preguntas-punto-y-coma.csv'));
    expect(res.status).toBe(201);
    expect(res.body.skipped).toEqual([
      { line: 8, message: 'la respuesta correcta «5» no es el número de ninguna respuesta' },
      { line: 9, message: 'falta el texto de la pregunta' },
      { line: 10, message: 'tipo de pregunta desconocido: «ordenar»' },
      { line: 11, message: 'el tiempo va de 5 a 300 segundos, o sin límite' },
    ]);
    const poll = await hostView(res);
    expect(brief(poll)).toEqual([
      {
        type: 'single',
        text: '¿Cuál es el océano más grande?',
        options: ['Atlántico', '*Pacífico', 'Índico', 'Ártico'],
        time: 30,
      },
      {
        type: 'multiple',
        text: '¿Qué son mamíferos? (elige "todas" las que lo sean)',
        options: ['*Delfín', 'Tiburón', '*Murciélago'],
        time: 20,
      },
      { type: 'scale', text: '¿Te gustó la actividad?', options: 10, time: 20 },
      { type: 'text', text: '¿Qué cambiarías de la clase?', options: [], time: 20 },
      { type: 'yesno', text: '¿Es el agua un compuesto?', options: ['*Sí', 'No'], time: 20 },
    ]);
  });

  it.runIf(available)(
    'CSV with "," and no header: question then options, * marks correct',
    async () => {
      const res = await importFile(asFile('preguntas-coma.csv'));
      expect(res.status).toBe(201);
      expect(res.body.skipped).toEqual([{ line: 3, message: 'faltan las opciones' }]);
      const poll = await hostView(res);
      expect(brief(poll).map((q: Json) => [q.type, q.options])).toEqual([
        ['single', ['Primavera', 'Verano', 'Otoño', 'Invierno']],
        ['multiple', ['*Python', '*JavaScript', 'Cobol']],
        ['single', ['Sí', 'No, nunca']],
      ]);
      expect(poll.questions[2].text).toBe('Una opción con "comillas"');
    },
  );

  it.runIf(available)('a CSV saved by Excel in Windows-1252 reads its accents', async () => {
    const latin1 = Buffer.from('¿Qué estación prefieres?;Otoño;Invierno\n', 'latin1');
    const res = await importFile({ file: latin1.toString('base64'), fileName: 'clase.csv' });
    expect(res.status).toBe(201);
    const poll = await hostView(res);
    expect(poll.questions[0].text).toBe('¿Qué estación prefieres?');
    expect(poll.questions[0].options.map((o: Json) => o.text)).toEqual(['Otoño', 'Invierno']);
  });

  it.runIf(available)(
    "Kahoot's template: header rows, times, indices; bad rows reported",
    async () => {
      const res = await importFile({ ...asFile('kahoot-quiz.xlsx'), format: 'auto' });
      expect(res.status).toBe(201);
      expect(res.body.skipped).toEqual([
        { line: 12, message: 'falta la respuesta correcta' },
        { line: 13, message: 'falta el texto de la pregunta' },
        { line: 14, message: 'la respuesta correcta 3 está vacía' },
        { line: 15, message: 'la opción no puede exceder 120 caracteres' },
      ]);
      const poll = await hostView(res);
      expect(poll.settings.quiz).toBe(true);
      expect(brief(poll)).toEqual([
        {
          type: 'single',
          text: '¿Quién pintó la Mona Lisa?',
          options: ['*Leonardo da Vinci', 'Miguel Ángel', 'Rafael', 'Donatello'],
          time: 20,
        },
        {
          type: 'multiple',
          text: '¿Cuáles son números primos?',
          options: ['*2', '4', '*7', '9'],
          time: 30,
        },
        {
          type: 'single',
          text: '¿Cuál es el símbolo químico del hierro?',
          options: ['*Fe', 'Hi'],
          time: 5,
        },
        {
          type: 'single',
          text: '¿Cuál es el océano más profundo? <el de la fosa de las Marianas>',
          options: ['*Pacífico', 'Atlántico', 'Índico', 'Ártico'],
          time: 120,
        },
      ]);
    },
  );

  it.runIf(available)("'Pegar preguntas': the plain format with its prefixes", async () => {
    const res = await importFile({
      text: fixture('pegar-preguntas.txt').toString('utf8'),
      title: 'Clase del lunes',
    });
    expect(res.status).toBe(201);
    expect(res.body.title).toBe('Clase del lunes');
    expect(res.body.skipped).toEqual([
      {
        line: 17,
        message:
          'faltan las opciones (escribe «Abierta:» delante de una pregunta de respuesta libre)',
      },
      { line: 25, message: 'la respuesta correcta D no es ninguna de las opciones' },
    ]);
    const poll = await hostView(res);
    expect(brief(poll)).toEqual([
      {
        type: 'single',
        text: '¿Cuál es el planeta más grande?',
        options: ['Marte', '*Júpiter', 'Venus'],
        time: 20,
      },
      {
        type: 'multiple',
        text: '¿Qué lenguajes se ejecutan en el navegador?',
        options: ['*JavaScript', '*WebAssembly', 'COBOL'],
        time: 20,
      },
      { type: 'yesno', text: '¿Has usado Sondeo antes?', options: ['Sí', 'No'], time: 20 },
      { type: 'scale', text: '¿Cuánto te ha gustado la clase?', options: 5, time: 20 },
      { type: 'text', text: '¿Qué cambiarías de la clase?', options: [], time: 20 },
      {
        type: 'single',
        text: '¿Cuál es la capital de Francia?',
        options: ['Lyon', '*París', 'Marsella'],
        time: 30,
      },
    ]);
  });

  it.runIf(available)('a poll without right answers nor times is no quiz', async () => {
    const res = await importFile({ text: '¿Café o té?\n- Café\n- Té\n\nAbierta: ¿Por qué?' });
    expect(res.status).toBe(201);
    const poll = await hostView(res);
    expect(poll.settings.quiz).toBe(false);
    expect(poll.questions.map((q: Json) => q.timeLimitSeconds)).toEqual([null, null]);
  });

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
    const before = (store as ReturnType<typeof counted>).created;
    const res = await importFile({ text: '¿Sin opciones?\n\n¿Tampoco?' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'No se pudo leer ninguna pregunta del archivo',
    });
    expect(res.body.details).toHaveLength(2);
    expect((store as ReturnType<typeof counted>).created).toBe(before);
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
      const huge = await app.inject({
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

/** The store with its createPoll calls counted: a refused file must never reach it. */
function counted(store: PollStore): PollStore & { created: number } {
  const target = store as PollStore & { created: number };
  target.created = 0;
  const create = store.createPoll.bind(store);
  target.createPoll = (input) => {
    target.created++;
    return create(input);
  };
  return target;
}

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
