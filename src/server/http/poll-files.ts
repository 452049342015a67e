import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pollFileName } from '../../contract/index.ts';
import { DomainError } from '../domain/errors.ts';
import type { PollEvents } from '../domain/events.ts';
import { type ImportLimits, importPoll } from '../domain/poll-files/import-poll.ts';
import { writePollFile } from '../domain/poll-files/write-file.ts';
import type { PollStore } from '../store/store.ts';
import type { CreationKeys } from './creation-keys.ts';
import { attachment } from './exports.ts';
import { addRoute } from './route.ts';

/** Room for a file of `fileMaxBytes` sent in base64 (4 bytes for 3) inside its JSON body. */
export function importBodyLimit(fileMaxBytes: number): number {
  return Math.ceil(fileMaxBytes / 3) * 4 + 64 * 1024;
}

/** Issue 28: 'Exportar encuesta' and 'Importar encuesta'. */
export function registerPollFileRoutes(
  app: FastifyInstance,
  deps: { store: PollStore; events: PollEvents; creationKeys: CreationKeys; limits: ImportLimits },
) {
  const { store, events, creationKeys, limits } = deps;
  addRoute(
    app,
    'exportPollFile',
    async ({ params, hostSecret, reply }) => {
      const { file, json } = await writePollFile(store, params.slug, hostSecret);
      // Sent as written (not re-serialised), so the same poll is the same bytes every time.
      return reply
        .header('content-disposition', attachment(pollFileName(file.title, params.slug)))
        .header('cache-control', 'private, no-store')
        .type('application/json; charset=utf-8')
        .send(json);
    },
    { bucket: 'export' },
  );

  const bodyLimit = importBodyLimit(limits.fileMaxBytes);
  addRoute(
    app,
    'importPoll',
    ({ body, headers, request, reply }) =>
      // A new poll, as POST /polls: its bucket, and its double-click key by address.
      creationKeys.run(reply, headers['idempotency-key'], `import ${request.ip}`, body, () =>
        importPoll(store, events, body, limits),
      ),
    {
      growsStorage: true,
      bucket: 'pollCreate',
      bodyLimit,
      // A body announced past the limit is refused before it is read, with the file's limit
      // in the message rather than the 64 KB of other calls.
      guard: async (request: FastifyRequest) => {
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > bodyLimit) {
          throw new DomainError(
            'PAYLOAD_TOO_LARGE',
            `El archivo es demasiado grande; se admiten como máximo ${Math.round(limits.fileMaxBytes / 1024)} KB`,
          );
        }
      },
    },
  );
}
