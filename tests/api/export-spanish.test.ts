import { parse } from 'csv-parse/sync';
import readExcelFile from 'read-excel-file/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { attachment } from '../../src/server/http/exports.ts';
import { Client, type HostedPoll, type Json, setUpTestApp } from './api-client.ts';
import { textScalePoll } from './open-text-fixtures.ts';

/**
 * Issue 24, 'Exports for a Spanish spreadsheet': ';' and decimal commas by default, numbers as
 * numbers in the XLSX (a scale's values too), times in the host's zone (`tz`), the file named
 * after the poll's title, and each header counting what its section lists.
 */

const api = setUpTestApp();

const exportOf = (poll: HostedPoll, query: string) =>
  api.app.inject({
    method: 'GET',
    url: `/api/v1/polls/${poll.slug}/export?${query}`,
    headers: { 'x-host-secret': poll.secret },
  });

const trim = <T>(row: T[], empty: T) => {
  const cells = [...row];
  while (cells.length && cells.at(-1) === empty) cells.pop();
  return cells;
};

/**
 * 'Física 2º: repaso', a text, a scale and a single question; three participants send one
 * ballot per question (as the presenter pace does), so 9 ballots make 3 rows.
 */
async function seed() {
  const seeded = await textScalePoll(api.host);
  await api.host.patch(
    `/polls/${seeded.poll.slug}`,
    { title: 'Física 2º: repaso' },
    { secret: seeded.poll.secret },
  );
  const { poll, text, scale, single } = seeded;
  const people = [
    { text: 'Mucho', value: 4, option: 0 },
    { text: 'Poco', value: 5, option: 1 },
    { text: 'Algo', value: 4, option: 1 },
  ];
  for (const p of people) {
    const phone = new Client(api.app);
    for (const answer of [
      { questionId: text.id, text: p.text },
      { questionId: scale.id, value: p.value },
      { questionId: single.id, optionIds: [single.options[p.option].id] },
    ]) {
      const res = await phone.post(`/polls/${poll.slug}/votes`, { answers: [answer] });
      expect(res.status).toBe(201);
    }
  }
  return seeded;
}

describe('an export for a Spanish spreadsheet', () => {
  let seeded: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    seeded = await seed();
  });

  it("writes ';' between fields and decimal commas by default", async () => {
    const res = await exportOf(seeded.poll, 'format=csv');
    expect(res.statusCode).toBe(200);
    const body = res.rawPayload.toString('utf8');
    expect(body.split('\r\n')[0]).toBe('\uFEFFEncuesta;Física 2º: repaso;;;;');
    const rows: string[][] = parse(res.rawPayload, { bom: true, delimiter: ';' });
    const width = rows[0]!.length;
    expect(rows.every((r) => r.length === width)).toBe(true);
    const summary = rows.map((r) => trim(r, ''));
    // Scale 4, 4, 5: the mean 4,333… and shares with a decimal comma.
    expect(summary).toContainEqual(['¿Cuánto te gustó?', 'Escala', '4', '2', '66,7', '3']);
    expect(summary).toContainEqual([
      '¿Cuánto te gustó?',
      'Escala',
      'Promedio',
      String(13 / 3).replace('.', ','),
      '',
      '3',
    ]);
    expect(summary).toContainEqual(['¿Color?', 'Opción única', 'Azul', '2', '66,7', '3']);
    // Nothing a ';' reader would read as a decimal point.
    expect(body).not.toMatch(/;\d+\.\d+;/);
  });

  it('keeps the comma file with separator=comma', async () => {
    const res = await exportOf(seeded.poll, 'format=csv&separator=comma');
    const rows: string[][] = parse(res.rawPayload, { bom: true });
    expect(rows.map((r) => trim(r, ''))).toContainEqual([
      '¿Cuánto te gustó?',
      'Escala',
      '4',
      '2',
      '66.7',
      '3',
    ]);
  });

  it('counts in each header what its section lists: 3 rows, not 9 ballots', async () => {
    const csv: string[][] = parse((await exportOf(seeded.poll, 'format=csv')).rawPayload, {
      bom: true,
      delimiter: ';',
    });
    expect(trim(csv[4]!, '')).toEqual(['Papeletas', '3']);
    const header = csv.findIndex((r) => r[0] === 'Papeleta');
    const listed = csv.slice(header + 1).filter((r) => /^\d+$/.test(r[0]!));
    expect(listed).toHaveLength(3);

    const [summary, ballots] = await readExcelFile(
      (await exportOf(seeded.poll, 'format=xlsx')).rawPayload,
    );
    expect(trim(summary!.data[4]!, null)).toEqual(['Papeletas', ballots!.data.length - 1]);
  });

  it('writes numbers as numbers in the XLSX, a scale value included', async () => {
    const res = await exportOf(seeded.poll, 'format=xlsx');
    expect(res.statusCode).toBe(200);
    const [summary, ballots] = await readExcelFile(res.rawPayload);
    const rows = summary!.data.map((r) => trim(r, null));
    expect(rows).toContainEqual(['¿Cuánto te gustó?', 'Escala', 4, 2, 2 / 3, 3]);
    expect(rows).toContainEqual(['¿Cuánto te gustó?', 'Escala', 'Promedio', 13 / 3, null, 3]);
    const head = ballots!.data[0]!;
    const scaleColumn = head.findIndex((h) => String(h).includes('¿Cuánto te gustó?'));
    const values = ballots!.data.slice(1).map((r) => r[scaleColumn]);
    expect(values).toEqual([4, 5, 4]);
  });

  it('writes times in the zone asked for, and refuses an unknown zone with a clear 400', async () => {
    const timeOf = async (tz: string) => {
      const rows: string[][] = parse(
        (await exportOf(seeded.poll, `format=csv&tz=${encodeURIComponent(tz)}`)).rawPayload,
        { bom: true, delimiter: ';' },
      );
      expect(rows[3]!.slice(0, 2)).toEqual(['Zona horaria', tz]);
      const header = rows.findIndex((r) => r[0] === 'Papeleta');
      return rows[header + 1]![1]!;
    };
    const utc = await timeOf('UTC');
    const tokyo = await timeOf('Asia/Tokyo');
    const kathmandu = await timeOf('Asia/Kathmandu');
    const asUtc = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);
    // Tokyo is UTC+9 all year, Kathmandu UTC+5:45: a whole and a quarter-hour offset.
    expect(asUtc(tokyo) - asUtc(utc)).toBe(9 * 3_600_000);
    expect(asUtc(kathmandu) - asUtc(utc)).toBe((5 * 60 + 45) * 60_000);

    const [, ballots] = await readExcelFile(
      (await exportOf(seeded.poll, 'format=xlsx&tz=Asia/Tokyo')).rawPayload,
    );
    const cell = ballots!.data[1]![1] as unknown as Date;
    expect(cell).toBeInstanceOf(Date);
    // To the second: the CSV writes whole seconds.
    expect(Math.floor(cell.getTime() / 1000) * 1000).toBe(asUtc(tokyo));

    for (const bad of ['Marte/Olimpo', 'Europe/Madrid; DROP', '', 'x'.repeat(100)]) {
      const res = await exportOf(seeded.poll, `format=csv&tz=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      const body: Json = res.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.message).toMatch(/zona horaria|tz/i);
    }
  });

  it("names the file after the poll's title, with an ASCII fallback", async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await exportOf(seeded.poll, `format=${format}`);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Fisica 2_ repaso.${format}"; ` +
          `filename*=UTF-8''F%C3%ADsica%202%C2%BA%20repaso.${format}`,
      );
      expect(res.headers['content-disposition']).toBe(attachment(`Física 2º repaso.${format}`));
    }
  });
});
