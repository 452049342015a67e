import type { Row } from './read-rows.ts';
import { ZipReader } from './zip-reader.ts';

/**
 * The first worksheet of an XLSX workbook as rows of text cells (shared strings, inline
 * strings, numbers and booleans as written). Styles, formulas and other sheets are not read.
 */
export function readXlsxRows(data: Buffer, maxUnzipped: number): Row[] {
  const zip = new ZipReader(data, maxUnzipped);
  const shared = sharedStrings(zip.text('xl/sharedStrings.xml') ?? '');
  const sheet = zip.text(firstSheetPath(zip)) ?? '';
  const rows: Row[] = [];
  let nextRow = 1;
  for (const row of sheet.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const line = Number(attribute(row[1] as string, 'r') ?? nextRow);
    nextRow = line + 1;
    const cells: string[] = [];
    let nextColumn = 0;
    for (const cell of (row[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cell[1] as string;
      const ref = attribute(attrs, 'r');
      const column = ref ? columnIndex(ref) : nextColumn;
      nextColumn = column + 1;
      cells[column] = cellText(attrs, cell[2] ?? '', shared);
    }
    rows.push({ line, cells: Array.from(cells, (c) => c ?? '') });
  }
  return rows;
}

function firstSheetPath(zip: ZipReader): string {
  const fallback = 'xl/worksheets/sheet1.xml';
  const workbook = zip.text('xl/workbook.xml');
  const rels = zip.text('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) return fallback;
  const sheet = /<sheet\b([^>]*)\/?>/.exec(workbook);
  const id = sheet && /\br:id="([^"]+)"/.exec(sheet[1] as string)?.[1];
  if (!id) return fallback;
  for (const rel of rels.matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    if (attribute(rel[1] as string, 'Id') !== id) continue;
    const target = attribute(rel[1] as string, 'Target') ?? '';
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    return zip.has(path) ? path : fallback;
  }
  return fallback;
}

function sharedStrings(xml: string): string[] {
  return [...xml.matchAll(/<si>([\s\S]*?)<\/si>/g)].map((si) => textRuns(si[1] as string));
}

/** A string item's text: its `<t>` runs together (rich text has several); phonetic runs
 *  (`<rPh>`) are readings, not text. */
function textRuns(xml: string): string {
  const plain = xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '');
  return [...plain.matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>/g)]
    .map((t) => unescapeXml(t[1] as string))
    .join('');
}

function cellText(attrs: string, inner: string, shared: string[]): string {
  const cellType = attribute(attrs, 't');
  if (cellType === 'inlineStr') return textRuns(inner);
  const value = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
  if (value === undefined) return '';
  if (cellType === 's') return shared[Number(value)] ?? '';
  if (cellType === 'b') return value === '1' ? 'TRUE' : 'FALSE';
  return unescapeXml(value);
}

function attribute(attrs: string, name: string): string | undefined {
  return new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs)?.[1];
}

/** 'B9' → 1 (A is 0). */
function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? 'A';
  let n = 0;
  for (const c of letters) n = n * 26 + (c.charCodeAt(0) - 64);
  return n - 1;
}

function unescapeXml(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
