/** Results export formats and file names; no zod here, so the web app can import it cheaply. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The name the browser saves an export under; the slug is ASCII by construction. */
export function exportFileName(slug: string, format: ExportFormat): string {
  return `resultados-${slug}.${format}`;
}
