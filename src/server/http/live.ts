import type { FastifyInstance } from 'fastify';
import { DomainError } from '../domain/errors.ts';
import { isHostSecret } from '../domain/host-auth.ts';
import { resultsOpenToAll } from '../domain/tally.ts';
import type { Live } from '../live/live.ts';
import { parseLastEventId, responseSink } from '../live/sse.ts';
import { addRoute } from './route.ts';

/**
 * GET /polls/{slug}/events: the poll's live stream (text/event-stream). Refusals (unknown poll)
 * are ordinary JSON errors; once accepted, the response belongs to the hub until either side
 * closes it. The host is recognised by X-Host-Secret only; a wrong secret is simply not the host.
 */
export function registerLiveRoutes(app: FastifyInstance, live: Live): void {
  addRoute(app, 'pollEvents', async ({ params, hostSecret, request, reply }) => {
    const poll = await live.cache.poll(params.slug);
    if (!poll) throw new DomainError('POLL_NOT_FOUND');
    const isHost = isHostSecret(poll.poll, hostSecret);
    const summary =
      isHost || resultsOpenToAll(poll.poll) ? await live.cache.summary(params.slug) : undefined;

    reply.hijack();
    const res = reply.raw;
    // The client may have gone while we read; then there is nothing to open.
    if (request.raw.destroyed || res.destroyed) return reply;
    // Headers hooks set (the participant cookie) still go out.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) res.setHeader(name, value);
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      // nginx buffers responses by default, which would hold events back.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    // Out now, so frames written to the socket follow them.
    res.flushHeaders();
    const client = live.hub.join(responseSink(res), {
      slug: params.slug,
      isHost,
      lastEventId: parseLastEventId(request.headers['last-event-id']),
      poll,
      summary,
    });
    if (client) res.on('close', () => live.hub.leave(client));
    return reply;
  });
}
