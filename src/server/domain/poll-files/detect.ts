import type { ImportFormat } from '../../../contract/index.ts';

type Format = Exclude<ImportFormat, 'auto'>;

const BY_EXTENSION: Record<string, Format> = {
  xlsx: 'kahoot',
  json: 'sondeo',
  gift: 'gift',
  csv: 'csv',
  tsv: 'csv',
  aiken: 'aiken',
};

/**
 * Which reader a file goes to when the caller did not say: by its name's extension, else by
 * its first bytes (a ZIP is a spreadsheet, '{' a Sondeo file), else by what its lines look
 * like (GIFT answer blocks or titles, Aiken's ANSWER lines); anything else is the plain
 * format, which reads the most.
 */
export function detectFormat(bytes: Buffer, fileName: string | undefined): Format {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName ?? '')?.[1]?.toLowerCase();
  const known = extension && BY_EXTENSION[extension];
  if (known) return known;
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'kahoot';
  const head = bytes
    .subarray(0, 64 * 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^\s*\{\s*"sondeo"/.test(head)) return 'sondeo';
  if (
    /^\s*(::[^\n]*::|\$CATEGORY:)/m.test(head) ||
    /\{\s*(=|~|T\s*\}|F\s*\}|TRUE|FALSE)/.test(head)
  ) {
    return 'gift';
  }
  if (/^ANSWER\s*:\s*[A-Z]\s*$/m.test(head) && /^[A-Z][).]\s/m.test(head)) return 'aiken';
  return 'text';
}

/** A text file's characters: UTF-8 (its BOM dropped), else Windows-1252, what Excel in Spanish
 *  saves a CSV as. */
export function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
