import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { exportFileName } from '../../contract/index.ts';
import { exportResults } from '../domain/export-results.ts';
import type { PollStore } from '../store/store.ts';
import { resultsCsv } from './export/csv.ts';
import { resultsXlsx } from './export/xlsx.ts';
import { addRoute } from './route.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * `attachment` with the name twice (RFC 6266): `filename` in ASCII for old clients (accents
 * taken off, 'Encuesta de Física' → 'Encuesta de Fisica'; what is left outside ASCII becomes '_'),
 * `filename*` in percent-encoded UTF-8 for the rest, so no name can break the header.
 */
export function attachment(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function registerExportRoutes(app: FastifyInstance, store: PollStore) {
  addRoute(
    app,
    'exportResults',
    async ({ params, query, hostSecret, reply }) => {
      const data = await exportResults(store, params.slug, hostSecret, { timeZone: query.tz });
      const name = exportFileName(data.poll.title, data.poll.slug, query.format);
      reply
        .header('content-disposition', attachment(name))
        // The host's results: never kept by a shared cache.
        .header('cache-control', 'private, no-store');
      // Both formats are streamed as they are built, a slice at a time (issue 25): a large poll
      // never holds the event loop nor sits in memory as a whole file.
      if (query.format === 'xlsx')
        return reply.type(XLSX_TYPE).send(Readable.from(resultsXlsx(data)));
      return reply
        .type('text/csv; charset=utf-8; header=present')
        .send(Readable.from(resultsCsv(data, query.separator)));
    },
    { bucket: 'export' },
  );
}
