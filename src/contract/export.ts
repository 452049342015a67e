/** Results export formats and file names; no zod here, so the web app can import it cheaply. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Between a CSV's fields (issue 24): ';' with decimal commas, what a Spanish Excel splits, by
 *  default; ',' with decimal points, the RFC 4180 file of before. */
export const CSV_SEPARATORS = ['semicolon', 'comma'] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];

/** Longest file name kept from a title, in characters (a path has room for the folder too). */
const TITLE_NAME_MAX = 80;

/**
 * The name the browser saves an export under (issue 24): the poll's title, without what a file
 * system refuses (/ \ : * ? " < > |, control characters, leading and trailing dots and spaces);
 * `resultados-{slug}` when nothing of the title is left. The server sends it in
 * Content-Disposition (with an ASCII fallback); the web app saves under the name it is sent.
 */
export function exportFileName(title: string, slug: string, format: ExportFormat): string {
  const base = Array.from(
    title
      .normalize('NFC')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed
      .replace(/[\u0000-\u001f\u007f-\u009f/\\:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  )
    .slice(0, TITLE_NAME_MAX)
    .join('')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return `${base === '' ? `resultados-${slug}` : base}.${format}`;
}
