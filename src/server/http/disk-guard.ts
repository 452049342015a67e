import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DiskSpace } from '../disk-space.ts';
import { sendError } from './error-handler.ts';
import { type RouteConfig, routeHook } from './route.ts';

const DISK_FULL =
  'El servidor se está quedando sin espacio en disco: por ahora no se pueden crear encuestas, ' +
  'preguntas ni opciones nuevas. Las votaciones en curso siguen funcionando.';
/** Space comes back when someone frees it: there is no point retrying within the minute. */
const RETRY_AFTER_S = 60;

/**
 * Below the free-space threshold, calls that make new polls, questions or options are refused
 * with 503, so what disk is left goes to ballots on the polls that already exist.
 */
export function registerDiskGuard(app: FastifyInstance, disk: DiskSpace): void {
  // Only on the calls that grow storage: a ballot never enters it (issue 29).
  const grows = (config: RouteConfig) => config.growsStorage === true;
  routeHook(app, 'onRequest', grows, async (_request: FastifyRequest, reply: FastifyReply) => {
    if (await disk.isLow()) {
      return sendError(
        reply.header('retry-after', String(RETRY_AFTER_S)),
        'SERVICE_UNAVAILABLE',
        DISK_FULL,
      );
    }
  });
}
