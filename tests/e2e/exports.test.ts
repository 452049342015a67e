import { writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import readExcelFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { exportFileName } from '../../src/contract/export.ts';
import { downloadedBytes, PHONE, PROJECTOR } from '../helpers/browser.ts';
import { HostPage } from './pages/host-page.ts';
import { type Seeded, setUpAppUnderTest } from './support/fixture.ts';

const LAPTOP = { width: 1280, height: 800 };
const TITLE = '=HYPERLINK("http://x.example") Clase, "ñandú"';

const app = setUpAppUnderTest();

/**
 * Clicks 'Guardar imagen' for question n on the page and decodes the PNG downloaded, checking its
 * name and its 1920×1080 size; `pixel` reads one as 'rrggbb'.
 */
async function saveResultImage(page: Page, slug: string, n: number) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Guardar imagen de la pregunta ${n} (PNG)` }).click(),
  ]);
  expect(file.suggestedFilename()).toBe(`resultado-${slug}-${n}.png`);
  const bytes = await downloadedBytes(file);
  const png = PNG.sync.read(bytes);
  expect([png.width, png.height]).toEqual([1920, 1080]);
  const pixel = (x: number, y: number) => {
    const i = (y * png.width + x) * 4;
    return [...png.data.subarray(i, i + 3)].map((c) => c.toString(16).padStart(2, '0')).join('');
  };
  // The projector's dark background.
  expect(pixel(5, 5)).toBe('0b1120');
  return { bytes, pixel };
}

/** A poll with answers: a single and a multiple question, three ballots. */
async function seedWithVotes(title = TITLE): Promise<Seeded> {
  const seeded = await app.seedPoll({
    title,
    status: 'open',
    questions: [
      { text: '¿Qué día?', options: ['Lunes', 'Martes'] },
      { text: '¿Qué temas?', type: 'multiple', options: ['Álgebra', 'Geometría', 'Datos'] },
    ],
  });
  const [day, topics] = seeded.poll.questions as [
    Seeded['poll']['questions'][number],
    Seeded['poll']['questions'][number],
  ];
  const ballots = [
    [[0], [0, 2]],
    [[1], [2]],
    [[0], [1]],
  ];
  for (const [d, t] of ballots) {
    await app.api(`/polls/${seeded.slug}/votes`, {
      method: 'POST',
      body: {
        answers: [
          { questionId: day.id, optionIds: d!.map((i) => day.options[i]!.id) },
          { questionId: topics.id, optionIds: t!.map((i) => topics.options[i]!.id) },
        ],
      },
    });
  }
  return seeded;
}

async function download(page: Page, button: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  return { name: file.suggestedFilename(), bytes: await downloadedBytes(file) };
}

describe('results export from the host panel', () => {
  it('downloads the CSV and the XLSX with the secret in a header, never in the URL', async () => {
    const seeded = await seedWithVotes();
    const page = await app.newPage(LAPTOP, seeded);
    // The browser's zone, which the panel sends as `tz` (issue 24): not the server's.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'America/Bogota' });
    const exports: { url: string; secret: string | undefined }[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/export')) {
        exports.push({ url: request.url(), secret: request.headers()['x-host-secret'] });
      }
    });
    const host = new HostPage(page, app.server.url);
    await host.goto(seeded.slug);
    await host.waitForPanel();
    await page.getByRole('heading', { name: 'Exportar resultados' }).waitFor();
    await page.screenshot({ path: '/tmp/sondeo-export-1280.png', fullPage: true });

    const csv = await download(page, 'CSV');
    // Named after the poll's title (issue 24), as the server's Content-Disposition says.
    expect(csv.name).toBe(exportFileName(TITLE, seeded.slug, 'csv'));
    // ';' between fields and decimal commas: what Excel in Spanish splits and reads as numbers.
    const rows: string[][] = parse(csv.bytes, { bom: true, delimiter: ';' });
    const cells = rows.map((r) => r.filter((c) => c !== ''));
    expect(cells[0]).toEqual(['Encuesta', `'${TITLE}`]);
    expect(cells[3]).toEqual(['Zona horaria', 'America/Bogota']);
    expect(cells).toContainEqual(['¿Qué temas?', 'Opción múltiple', 'Datos', '2', '66,7', '3']);
    const ballots = cells.slice(cells.findIndex((r) => r[0] === 'Papeleta') + 1);
    expect(ballots.map((b) => [b[0], ...b.slice(2)])).toEqual([
      ['1', 'Lunes', 'Álgebra; Datos'],
      ['2', 'Martes', 'Datos'],
      ['3', 'Lunes', 'Geometría'],
    ]);

    const xlsx = await download(page, 'Excel (XLSX)');
    expect(xlsx.name).toBe(exportFileName(TITLE, seeded.slug, 'xlsx'));
    const sheets = await readExcelFile(xlsx.bytes);
    expect(sheets.map((s) => s.sheet)).toEqual(['Resumen', 'Papeletas']);
    expect(sheets[0]!.data[0]!.slice(0, 2)).toEqual(['Encuesta', TITLE]);
    expect(sheets[1]!.data).toHaveLength(4);

    expect(exports.map((e) => Object.fromEntries(new URL(e.url).searchParams))).toEqual([
      { format: 'csv', tz: 'America/Bogota' },
      { format: 'xlsx', tz: 'America/Bogota' },
    ]);
    for (const e of exports) {
      expect(e.secret).toBe(seeded.secret);
      expect(e.url).not.toContain(seeded.secret);
    }
  });

  it('says why when the stored code is wrong, and downloads nothing', async () => {
    const seeded = await seedWithVotes();
    const page = await app.newPage(PHONE, { slug: seeded.slug, secret: 'codigo-equivocado' });
    let downloads = 0;
    page.on('download', () => {
      downloads += 1;
    });
    const host = new HostPage(page, app.server.url);
    await host.goto(seeded.slug);
    // The panel may refuse a wrong code up front (GET …/host); if it opens, the export says so.
    const exportButton = page.getByRole('button', { name: 'CSV', exact: true });
    const refused = page.getByText('Código de presentador incorrecto').first();
    await Promise.race([exportButton.waitFor(), refused.waitFor()]);
    if (await exportButton.isVisible()) {
      await exportButton.click();
      await host.toast('Código de presentador incorrecto');
    }
    expect(downloads).toBe(0);
  });

  it('fits the card on a phone and a projector-sized screen', async () => {
    // A title that wraps: a long unbroken one widens the panel's header on a phone (not this card).
    const seeded = await seedWithVotes('Clase de matemáticas');
    for (const viewport of [PHONE, PROJECTOR]) {
      const page = await app.newPage(viewport, seeded);
      const host = new HostPage(page, app.server.url);
      await host.goto(seeded.slug);
      await host.waitForPanel();
      const card = page.getByRole('heading', { name: 'Exportar resultados' });
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/sondeo-export-${viewport.width}.png`, fullPage: true });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(overflow).toBe(false);
    }
  });
});

describe('a result as an image', () => {
  it('saves a question as a 1920×1080 PNG in the projector look', async () => {
    const seeded = await seedWithVotes('Clase de matemáticas');
    await app.setStatus(seeded, 'closed');
    const page = await app.newPage(LAPTOP);
    await page.goto(`${app.server.url}/r/${seeded.slug}`);
    await page.getByTestId('result-option').first().waitFor();
    await page.screenshot({ path: '/tmp/sondeo-results-1280.png', fullPage: true });
    const { bytes, pixel } = await saveResultImage(page, seeded.slug, 2);
    // The leading option's bar in the accent colour (question 2: 'Datos' chosen by 2 of 3 people
    // leads).
    const colours = new Set<string>();
    for (let y = 300; y < 1000; y += 2) colours.add(pixel(200, y));
    expect(colours).toContain('fbbf24');
    expect(colours).toContain('a5b4fc');
    writeFileSync('/tmp/sondeo-result-image.png', bytes);

    for (const viewport of [PHONE, PROJECTOR]) {
      const other = await app.newPage(viewport);
      await other.goto(`${app.server.url}/r/${seeded.slug}`);
      await other
        .getByRole('button', { name: /Guardar imagen/ })
        .first()
        .waitFor();
      const overflow = await other.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(overflow).toBe(false);
      await other.screenshot({ path: `/tmp/sondeo-results-${viewport.width}.png`, fullPage: true });
    }
  });

  it('saves a scale question as a PNG: the distribution as columns and the average', async () => {
    const seeded = await app.seedPoll({
      title: 'Clase de hoy',
      status: 'open',
      questions: [
        {
          text: '¿Cuánto te gustó?',
          type: 'scale',
          scale: { max: 5, minLabel: 'Nada', maxLabel: 'Mucho' },
        },
      ],
    });
    const questionId = seeded.poll.questions[0]?.id;
    for (const value of [5, 4, 4, 3, 3]) {
      await app.api(`/polls/${seeded.slug}/votes`, {
        method: 'POST',
        body: { answers: [{ questionId, value }] },
      });
    }
    await app.setStatus(seeded, 'closed');
    const page = await app.newPage(LAPTOP);
    await page.goto(`${app.server.url}/r/${seeded.slug}`);
    await page.getByTestId('scale-average').getByText('3,8').waitFor();
    const { bytes, pixel } = await saveResultImage(page, seeded.slug, 1);
    // Across the chart's middle: the columns' bar colour; the average's accent on its left.
    const colours = new Set<string>();
    for (let x = 96; x < 1824; x += 2) colours.add(pixel(x, 760));
    for (let y = 400; y < 900; y += 2) colours.add(pixel(200, y));
    expect(colours).toContain('a5b4fc');
    expect(colours).toContain('fbbf24');
    writeFileSync('/tmp/sondeo-result-image-scale.png', bytes);
  });

  it('saves an open-text question as a PNG: its top words ranked with their counts', async () => {
    const seeded = await app.seedPoll({
      title: 'Clase de hoy',
      status: 'open',
      questions: [{ text: '¿Qué mejorarías?', type: 'text' }],
    });
    const questionId = seeded.poll.questions[0]?.id;
    const answers = ['Ejemplos', 'ejemplos', 'Ejemplos', 'Tiempo', 'Tiempo', 'Pausas', 'Café'];
    for (const text of [...answers, 'Más ejercicios', 'Proyector', 'Música', 'Sillas', 'Luz']) {
      await app.api(`/polls/${seeded.slug}/votes`, {
        method: 'POST',
        body: { answers: [{ questionId, text }] },
      });
    }
    await app.setStatus(seeded, 'closed');
    const page = await app.newPage(LAPTOP);
    await page.goto(`${app.server.url}/r/${seeded.slug}`);
    const { bytes, pixel } = await saveResultImage(page, seeded.slug, 1);
    // The first word's bar in the accent colour, the others' in the bar colour.
    const colours = new Set<string>();
    for (let y = 300; y < 1000; y += 2) colours.add(pixel(300, y));
    expect(colours).toContain('fbbf24');
    expect(colours).toContain('a5b4fc');
    writeFileSync('/tmp/sondeo-result-image-text.png', bytes);
  });
});
