import { parse } from 'csv-parse/sync';
import readExcelFile from 'read-excel-file/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportFileName } from '../../src/contract/index.ts';
import { csvField } from '../../src/server/http/export/csv.ts';
import { attachment } from '../../src/server/http/exports.ts';
import {
  addQuestion,
  Client,
  createPoll,
  type HostedPoll,
  type Json,
  setUpTestApp,
} from './api-client.ts';

const api = setUpTestApp();

/** Everything a spreadsheet or a parser could trip on, in the title, a question and options. */
const TITLE = '=HYPERLINK("http://evil.example","Clic"), ñandú "ácido"\nsegunda línea';
const QUESTION = '+¿Cuál, "de verdad", prefieres?';
// (The contract trims texts, so a leading tab or CR only reaches the CSV writer in its own test.)
const OPTIONS = ['-1 o @menos', 'Café, con leche', 'Línea\r\nnueva', '=1+1'];

/** The API refuses line breaks (control characters) since issue 8; texts stored before that
 *  may hold them, so they go in through the store, as such old rows would be. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

async function seed(): Promise<{ poll: HostedPoll; single: Json; multi: Json; yesno: Json }> {
  const poll = await createPoll(api.host, { title: oneLine(TITLE) });
  const single = await addQuestion(api.host, poll, {
    text: QUESTION,
    type: 'single',
    options: OPTIONS.map((text) => ({ text: oneLine(text) })),
  });
  const stored = await api.store.getPollBySlug(poll.slug);
  await api.store.updatePoll(stored!.id, { title: TITLE });
  for (const [i, text] of OPTIONS.entries()) {
    await api.store.updateOption(single.options[i].id, { text });
  }
  const multi = await addQuestion(api.host, poll, {
    text: 'Varias',
    type: 'multiple',
    options: [{ text: 'A' }, { text: 'B' }, { text: 'C' }],
  });
  const yesno = await addQuestion(api.host, poll, { text: '¿Sí?', type: 'yesno' });
  await api.host.patch(`/polls/${poll.slug}`, { status: 'open' }, { secret: poll.secret });
  const ballots = [
    [
      [single, 1],
      [multi, 0, 2],
      [yesno, 0],
    ],
    [
      [single, 1],
      [multi, 2],
    ],
    [
      [single, 0],
      [multi, 0, 1, 2],
      [yesno, 1],
    ],
    [[yesno, 0]],
  ] as const;
  for (const ballot of ballots) {
    const voter = new Client(api.app);
    const answers = ballot.map(([q, ...indexes]) => ({
      questionId: q.id,
      optionIds: indexes.map((i) => q.options[i].id),
    }));
    const res = await voter.post(`/polls/${poll.slug}/votes`, { answers });
    expect(res.status).toBe(201);
  }
  return { poll, single, multi, yesno };
}

/** `format` may carry more of the query: 'csv&separator=comma'. */
const exportOf = (slug: string, format: string, secret?: string) =>
  api.app.inject({
    method: 'GET',
    url: `/api/v1/polls/${slug}/export?format=${format}`,
    headers: secret === undefined ? {} : { 'x-host-secret': secret },
  });

/** The header the file is sent with, named after the poll's title (issue 24). */
const dispositionOf = (title: string, slug: string, format: 'csv' | 'xlsx') =>
  attachment(exportFileName(title, slug, format));

describe('GET /polls/{slug}/export', () => {
  let seeded: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    seeded = await seed();
  });

  it('is for the host only: 401 without the secret, 403 with another, 404 for no poll', async () => {
    const { poll } = seeded;
    const other = await createPoll(api.host);
    const none = await exportOf(poll.slug, 'csv');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'NO_SECRET' });
    const wrong = await exportOf(poll.slug, 'xlsx', other.secret);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await exportOf('nopollhere', 'csv', poll.secret)).statusCode).toBe(404);
    const bad = await exportOf(poll.slug, 'pdf', poll.secret);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('writes with separator=comma the RFC 4180 CSV of before, read back exactly, formulas neutralised', async () => {
    const { poll } = seeded;
    const res = await exportOf(poll.slug, 'csv&separator=comma', poll.secret);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe(dispositionOf(TITLE, poll.slug, 'csv'));
    expect(res.headers['cache-control']).toBe('private, no-store');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // RFC 4180 line ends; strict: same field count on every row, quotes as the RFC says.
    expect(res.body.slice(1, 200)).toContain('\r\n');
    const rows: string[][] = parse(bytes, { bom: true, relax_column_count: false });
    const width = rows[0]!.length;
    expect(rows.every((r) => r.length === width)).toBe(true);
    const trimmed = rows.map((r) => {
      const cells = [...r];
      while (cells.length && cells.at(-1) === '') cells.pop();
      return cells;
    });

    expect(trimmed[0]).toEqual(['Encuesta', `'${TITLE}`]);
    expect(trimmed[1]).toEqual(['Estado', 'Abierta']);
    expect(trimmed[2]![0]).toBe('Exportado');
    expect(trimmed[2]![1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(trimmed[3]).toEqual(['Zona horaria', Intl.DateTimeFormat().resolvedOptions().timeZone]);
    expect(trimmed[4]).toEqual(['Papeletas', '4']);
    expect(trimmed[5]).toEqual([]);
    expect(trimmed[6]).toEqual(['Resumen']);
    expect(trimmed[7]).toEqual([
      'Pregunta',
      'Tipo',
      'Opción',
      'Votos',
      'Porcentaje',
      'Respondieron',
    ]);
    const q = `'${QUESTION}`;
    expect(trimmed.slice(8, 17)).toEqual([
      // single: shares of its 3 answers
      [q, 'Opción única', `'${OPTIONS[0]}`, '1', '33.3', '3'],
      [q, 'Opción única', OPTIONS[1], '2', '66.7', '3'],
      [q, 'Opción única', OPTIONS[2], '0', '0', '3'],
      [q, 'Opción única', `'${OPTIONS[3]}`, '0', '0', '3'],
      // multiple: shares of the 3 people who answered it (they add up to more than 100)
      ['Varias', 'Opción múltiple', 'A', '2', '66.7', '3'],
      ['Varias', 'Opción múltiple', 'B', '1', '33.3', '3'],
      ['Varias', 'Opción múltiple', 'C', '3', '100', '3'],
      ['¿Sí?', 'Sí / No', 'Sí', '2', '66.7', '3'],
      ['¿Sí?', 'Sí / No', 'No', '1', '33.3', '3'],
    ]);
    expect(trimmed[17]).toEqual([]);
    expect(trimmed[18]).toEqual(['Papeletas']);
    expect(trimmed[19]).toEqual(['Papeleta', 'Hora', `1. ${QUESTION}`, '2. Varias', '3. ¿Sí?']);
    const ballots = trimmed.slice(20);
    expect(ballots.map((b) => [b[0], ...b.slice(2)])).toEqual([
      ['1', OPTIONS[1], 'A; C', 'Sí'],
      ['2', OPTIONS[1], 'C'],
      ['3', `'${OPTIONS[0]}`, 'A; B; C', 'No'],
      ['4', '', '', 'Sí'],
    ]);
    for (const b of ballots) expect(b[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Nothing in the file starts a cell with a formula character.
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('writes an XLSX with a summary and a ballots sheet, text exactly as typed', async () => {
    const { poll } = seeded;
    const res = await exportOf(poll.slug, 'xlsx', poll.secret);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(dispositionOf(TITLE, poll.slug, 'xlsx'));
    const sheets = await readExcelFile(res.rawPayload);
    expect(sheets.map((s) => s.sheet)).toEqual(['Resumen', 'Papeletas']);
    // Rows come back as wide as the widest row: trailing empty cells are dropped here.
    const [summary, ballots] = sheets.map((s) =>
      s.data.map((row) => {
        const cells = [...row];
        while (cells.length && cells.at(-1) === null) cells.pop();
        return cells;
      }),
    ) as [unknown[][], unknown[][]];
    // String cells are never formulas: the text comes back as typed, no apostrophe.
    expect(summary[0]).toEqual(['Encuesta', TITLE]);
    expect(summary[4]).toEqual(['Papeletas', 4]);
    const header = summary.findIndex((r) => r[0] === 'Pregunta');
    expect(summary[header + 1]).toEqual([QUESTION, 'Opción única', OPTIONS[0], 1, 1 / 3, 3]);
    expect(summary[header + 3]?.slice(2)).toEqual([OPTIONS[2], 0, 0, 3]);
    expect(summary[header + 7]).toEqual(['Varias', 'Opción múltiple', 'C', 3, 1, 3]);
    expect(ballots[0]).toEqual(['Papeleta', 'Hora', `1. ${QUESTION}`, '2. Varias', '3. ¿Sí?']);
    expect(ballots.slice(1).map((b) => [b[0], ...b.slice(2)])).toEqual([
      [1, OPTIONS[1], 'A; C', 'Sí'],
      [2, OPTIONS[1], 'C'],
      [3, OPTIONS[0], 'A; B; C', 'No'],
      [4, null, null, 'Sí'],
    ]);
    // A date cell holding the local wall-clock time of the ballot, to the second.
    const time = ballots[1]![1] as Date;
    expect(time).toBeInstanceOf(Date);
    const now = new Date();
    const wall = now.getTime() - now.getTimezoneOffset() * 60_000;
    expect(Math.abs(time.getTime() - wall)).toBeLessThan(10 * 60_000);
  });

  it('exports a poll without questions or ballots', async () => {
    const empty = await createPoll(api.host, { title: 'Vacía' });
    const csv = await exportOf(empty.slug, 'csv', empty.secret);
    const rows: string[][] = parse(csv.rawPayload, { bom: true, delimiter: ';' });
    expect(rows.map((r) => r.filter(Boolean))).toContainEqual(['Papeletas', '0']);
    const xlsx = await readExcelFile((await exportOf(empty.slug, 'xlsx', empty.secret)).rawPayload);
    expect(xlsx[1]!.data).toEqual([['Papeleta', 'Hora']]);
  });

  it('is in the OpenAPI document with its format parameter and the secret', async () => {
    const doc = (await api.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const op = doc.paths['/api/v1/polls/{slug}/export'].get;
    expect(op.operationId).toBe('exportResults');
    for (const name of ['format', 'separator', 'tz']) {
      expect(op.parameters).toContainEqual(expect.objectContaining({ name, in: 'query' }));
    }
  });
});

/**
 * A file read as Excel in Spanish reads a CSV: ';' separates cells and a quote is special only
 * at a cell's start (a quote inside an unquoted cell is a character like any other).
 */
function readWithSemicolons(text: string): string[] {
  const cells: string[] = [];
  let i = 0;
  const plain = () => {
    let run = '';
    while (i < text.length && !/[;\r\n]/.test(text[i]!)) run += text[i++];
    return run;
  };
  while (i < text.length) {
    let cell = '';
    if (text[i] === '"') {
      i++;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else cell += text[i++];
      }
    }
    // Unquoted, or what follows a closing quote up to the separator (as Excel keeps it).
    cell += plain();
    cells.push(cell);
    i++;
  }
  return cells;
}

describe('CSV read with another separator (Excel in Spanish)', () => {
  it("starts no cell with a formula character when ';' separates cells", async () => {
    const poll = await createPoll(api.host, { title: 'x;=2+5;' });
    const choice = await addQuestion(api.host, poll, {
      text: 'Elige;@SUM(A1)',
      type: 'multiple',
      options: [{ text: 'a;-1' }, { text: 'b; "=1+1"' }, { text: '+34;+1' }],
    });
    const open = await addQuestion(api.host, poll, { text: 'Abierta; =x', type: 'text' });
    await api.host.patch(`/polls/${poll.slug}`, { status: 'open' }, { secret: poll.secret });
    for (const text of ['me gusta;=HYPERLINK("http://evil.example")', 'hola;+34 600;@x']) {
      const res = await new Client(api.app).post(`/polls/${poll.slug}/votes`, {
        answers: [
          { questionId: choice.id, optionIds: choice.options.map((o: Json) => o.id) },
          { questionId: open.id, text },
        ],
      });
      expect(res.status).toBe(201);
    }
    const csv = await exportOf(poll.slug, 'csv&separator=comma', poll.secret);
    const cells = readWithSemicolons(csv.rawPayload.toString('utf8').slice(1));
    // The attack texts are there, each behind an apostrophe.
    expect(cells).toContain("'=2+5");
    expect(cells.some((c) => c.startsWith("'=HYPERLINK"))).toBe(true);
    for (const cell of cells) expect(cell.trimStart()).not.toMatch(/^[=+\-@\t\r]/);
    // The comma reader still gets every text back whole, only the apostrophes added.
    const rows: string[][] = parse(csv.rawPayload, { bom: true });
    expect(rows[0]![1]).toBe("x;'=2+5;");
    expect(rows.flat()).toContain('me gusta;\'=HYPERLINK("http://evil.example")');
  });
});

describe('CSV fields and file names', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+34 600', "'+34 600"],
    ['-x', "'-x"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', `"'\tx"`],
    ['x;=2+5;', `"x;'=2+5;"`],
    ['a; "@b"', `"a; ""'@b"""`],
    ['a;-1', `"a;'-1"`],
    ['a;b', '"a;b"'],
    ['\rx', `"'\rx"`],
    ['a,b', '"a,b"'],
    ['di "hola"', '"di ""hola"""'],
    ['dos\nlíneas', '"dos\nlíneas"'],
    ['ñandú', 'ñandú'],
    [12, '12'],
    [33.3, '33.3'],
    [null, ''],
  ])('%j → %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('writes decimal commas, unquoted, for the semicolon file', () => {
    expect(csvField(33.3, true)).toBe('33,3');
    expect(csvField(-0.5, true)).toBe('-0,5');
    expect(csvField(12, true)).toBe('12');
    expect(csvField('1,5', true)).toBe('"1,5"');
  });

  it('names a file safely in Content-Disposition, whatever its characters', () => {
    expect(attachment('resultados-ñandú "x".csv')).toBe(
      `attachment; filename="resultados-nandu _x_.csv"; filename*=UTF-8''resultados-%C3%B1and%C3%BA%20%22x%22.csv`,
    );
    expect(attachment('Física 3º; 50%.xlsx')).toBe(
      `attachment; filename="Fisica 3__ 50_.xlsx"; filename*=UTF-8''F%C3%ADsica%203%C2%BA%3B%2050%25.xlsx`,
    );
  });

  it("names the file after the poll's title, without what a file system refuses", () => {
    expect(exportFileName('Física 2º B: repaso', 'abc', 'csv')).toBe('Física 2º B repaso.csv');
    expect(exportFileName('  ¿Qué/tal?  ', 'abc', 'xlsx')).toBe('¿Qué tal.xlsx');
    expect(exportFileName('a\nb\t"c" <d>|*', 'abc', 'csv')).toBe('a b c d.csv');
    expect(exportFileName('...', 'abc', 'csv')).toBe('resultados-abc.csv');
    expect(exportFileName('//::', 'abc', 'xlsx')).toBe('resultados-abc.xlsx');
    expect(exportFileName('x'.repeat(200), 'abc', 'csv')).toBe(`${'x'.repeat(80)}.csv`);
  });
});
