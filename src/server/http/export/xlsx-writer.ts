import type { TimeSlices } from '../../domain/time-slices.ts';
import { zipStream } from './zip-stream.ts';

/**
 * An Excel workbook (Office Open XML) written as a stream (issue 25): each sheet's rows become
 * XML as they come, in time slices, and go through the streaming ZIP (zip-stream.ts). Text is in
 * inline string cells (never run as a formula, no shared-strings table to hold in memory),
 * numbers in number cells, dates as Excel serial numbers with a date format.
 */

export type XlsxCell =
  | string
  | number
  | null
  | { value: string; style: 'bold' }
  | { value: number; style: 'percent' }
  | { value: Date; style: 'date' };

export interface XlsxSheet {
  name: string;
  /** Widths in characters, from the first column. */
  widths: number[];
  /** Keep the first row in view while scrolling. */
  stickyHeader?: boolean;
  rows: Iterable<XlsxCell[]> | AsyncIterable<XlsxCell[]>;
}

/** Styles by index of cellXfs in styles.xml. */
const STYLE = { bold: 1, date: 2, percent: 3 } as const;
/** Characters of sheet XML per chunk handed to the deflater. */
const CHUNK_CHARS = 64 * 1024;
/** Excel's day 0 is 1899-12-30 (its 1900 leap-year bug included): serial = days since then. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

export function xlsxStream(sheets: XlsxSheet[], slices: TimeSlices): AsyncGenerator<Buffer> {
  const sheetParts = sheets.map((_, i) => `xl/worksheets/sheet${i + 1}.xml`);
  const contentTypes =
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/xl/workbook.xml" ContentType="${CT}.sheet.main+xml"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="${CT}.styles+xml"/>` +
    sheetParts
      .map((p) => `<Override PartName="/${p}" ContentType="${CT}.worksheet+xml"/>`)
      .join('') +
    '</Types>';
  const rootRels =
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
    `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
    '</Relationships>';
  const workbook =
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
    sheets
      .map((s, i) => `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join('') +
    '</sheets></workbook>';
  const workbookRels =
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
    sheets
      .map(
        (_, i) =>
          `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
      )
      .join('') +
    `<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>` +
    '</Relationships>';
  return zipStream([
    { name: '[Content_Types].xml', content: [contentTypes] },
    { name: '_rels/.rels', content: [rootRels] },
    { name: 'xl/workbook.xml', content: [workbook] },
    { name: 'xl/_rels/workbook.xml.rels', content: [workbookRels] },
    { name: 'xl/styles.xml', content: [STYLES] },
    ...sheets.map((sheet, i) => ({ name: sheetParts[i]!, content: sheetXml(sheet, slices) })),
  ]);
}

async function* sheetXml(sheet: XlsxSheet, slices: TimeSlices): AsyncGenerator<string> {
  let xml = `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">`;
  if (sheet.stickyHeader) {
    xml +=
      '<sheetViews><sheetView workbookViewId="0">' +
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
      '</sheetView></sheetViews>';
  }
  if (sheet.widths.length > 0) {
    xml += `<cols>${sheet.widths
      .map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`)
      .join('')}</cols>`;
  }
  xml += '<sheetData>';
  let r = 0;
  for await (const row of sheet.rows) {
    r += 1;
    xml += `<row r="${r}">`;
    for (const [i, cell] of row.entries()) xml += cellXml(cell, `${columnName(i)}${r}`);
    xml += '</row>';
    if (xml.length >= CHUNK_CHARS) {
      yield xml;
      xml = '';
    }
    if (slices.due()) await slices.pause();
  }
  yield `${xml}</sheetData></worksheet>`;
}

function cellXml(cell: XlsxCell, ref: string): string {
  if (cell === null || cell === '') return '';
  if (typeof cell === 'string') return inline(ref, cell, '');
  if (typeof cell === 'number') return number(ref, cell, '');
  const s = ` s="${STYLE[cell.style]}"`;
  if (cell.style === 'bold') return inline(ref, cell.value, s);
  if (cell.style === 'percent') return number(ref, cell.value, s);
  return number(ref, (cell.value.getTime() - EXCEL_EPOCH_MS) / 86_400_000, s);
}

const inline = (ref: string, text: string, style: string) =>
  `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`;

const number = (ref: string, value: number, style: string) =>
  Number.isFinite(value) ? `<c r="${ref}"${style}><v>${value}</v></c>` : '';

/** 0 → A, 25 → Z, 26 → AA… */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** XML text: markup escaped, and the characters XML 1.0 cannot hold (controls, lone
 *  surrogates) dropped, as a stored text may hold them from before input hygiene. */
export function escapeXml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids them
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\p{Cs}/gu, '')
      .replace(/[&<>"]/g, (c) => ESCAPES[c]!)
  );
}
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
  '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/>' +
  '<numFmt numFmtId="165" formatCode="0.0%"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill>' +
  '<fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';
