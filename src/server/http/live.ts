import type { FastifyInstance } from 'fastify';
import type { ConnectionGate } from '../connection-gate.ts';
import { DomainError } from '../domain/errors.ts';
import { isHostSecret } from '../domain/host-auth.ts';
import { resultsOpenToAll } from '../domain/tally.ts';
import { STREAMS_RETRY_AFTER_S } from '../limits.ts';
import type { KnownRooms } from '../live/known-rooms.ts';
import type { Live } from '../live/live.ts';
import { parseLastEventId, responseSink } from '../live/sse.ts';
import { StreamGate } from '../live/stream-gate.ts';
import type { Seats } from '../rate/seats.ts';
import { cohostGrantOf } from './cohost-grants.ts';
import { sendError } from './error-handler.ts';
import { participantIfAny } from './participant.ts';
import type { ReadCost } from './read-cost.ts';
import { addRoute } from './route.ts';

const TOO_MANY_FROM_ADDRESS =
  'Demasiadas conexiones en vivo desde esta dirección; los resultados se actualizarán en unos segundos';
const TOO_MANY_IN_ALL =
  'El servidor tiene demasiadas conexiones en vivo; los resultados se actualizarán en unos segundos';

/**
 * GET /polls/{slug}/events: the poll's live stream (text/event-stream). Refusals (unknown poll,
 * too many streams) are ordinary JSON errors; once accepted, the response belongs to the hub
 * until either side closes it. The host is recognised by X-Host-Secret only; a wrong secret is
 * simply not the host. A refused client falls back to polling the summary (web live-stream.ts).
 */
export function registerLiveRoutes(
  app: FastifyInstance,
  live: Live,
  {
    caps,
    rooms,
    gate: connections,
    seats,
    readCost,
  }: {
    caps: { perAddress: number; max: number };
    /** Streams follow the people behind an address (issue 25). */
    rooms?: KnownRooms;
    /** Told which streams may be shed when connections run out. */
    gate?: ConnectionGate;
    /** Seats the participant ids that hold the stream (a room behind one address). */
    seats?: Seats;
    /** Pays for the rebuild an anonymous stream's first summary causes. */
    readCost?: ReadCost;
  },
): void {
  const gate = new StreamGate(caps);

  /**
   * The first summary is the current count, not one that misses ballots another instance
   * acknowledged to this phone before it connected here (issue 29's failover): a rebuild,
   * shared by the streams of one window. An anonymous stream pays for the rebuild it causes
   * from its address's and the server's read budgets, as GET summary does; past them it gets
   * the cached summary, at most one notice behind, and the next frame brings the rest. Else
   * opening and closing streams of public polls in a loop would rebuild them all at will.
   */
  const firstSummary = async (slug: string, isHost: boolean, address: string) => {
    if (!isHost && readCost?.refusal(address)) return live.cache.summary(slug);
    const { snapshot, builtMs } = await live.cache.currentSummaryPaid(slug);
    if (!isHost) readCost?.charge(address, builtMs);
    return snapshot;
  };
  addRoute(
    app,
    'pollEvents',
    async ({ params, query, hostSecret, request, reply }) => {
      // Before anything is read: a refused stream costs no database work. An address gets the
      // streams its people earned; a host (checked below) never needs many.
      // A participation page's stream with its own id is a seat in the room (known-rooms.ts).
      const seatId = query.as === 'participant' ? participantIfAny(request)?.id : undefined;
      if (rooms && seatId !== undefined) rooms.noteSeat(request.ip, params.slug, seatId);
      let ticket = gate.admit(request.ip, rooms?.streamAllowance(request.ip));
      if (!ticket.admitted && ticket.reason === 'address' && hostSecret) {
        // The host's projector or panel behind the room's address: up to the full cap.
        const row = await live.cache.pollRow(params.slug);
        if (row && isHostSecret(row, hostSecret)) ticket = gate.admit(request.ip);
      }
      if (!ticket.admitted) {
        reply.header('retry-after', String(STREAMS_RETRY_AFTER_S));
        return ticket.reason === 'address'
          ? sendError(reply, 'RATE_LIMITED', TOO_MANY_FROM_ADDRESS)
          : sendError(reply, 'SERVICE_UNAVAILABLE', TOO_MANY_IN_ALL);
      }
      let opened = false;
      try {
        const poll = await live.cache.poll(params.slug);
        if (!poll) throw new DomainError('POLL_NOT_FOUND');
        const isHost = isHostSecret(poll.poll, hostSecret);
        // The participation page shows no results: its stream carries poll frames only.
        const participationPage = query.as === 'participant';
        const summary =
          !participationPage && (isHost || resultsOpenToAll(poll.poll))
            ? await firstSummary(params.slug, isHost, request.ip)
            : undefined;

        reply.hijack();
        const res = reply.raw;
        // The client may have gone while we read; then there is nothing to open.
        if (request.raw.destroyed || res.destroyed) return reply;
        // The headers and the first frames (retry, poll, summary) leave in one write, not four:
        // a room joining opens thousands of streams within seconds.
        res.socket?.cork();
        process.nextTick(() => res.socket?.uncork());
        // Headers hooks set (the participant cookie, security headers) still go out.
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
        // The place is held as long as the socket is open, whoever ends it.
        res.on('close', ticket.release);
        // A stream whose id never behaves as a person through this poll is the first to go
        // when connections run out; the host's never.
        const socket = request.raw.socket;
        if (rooms && connections && !isHost && socket) {
          const id = participantIfAny(request)?.id;
          const { ip } = request;
          connections.markSheddable(socket, () => !rooms.isPerson(ip, params.slug, id));
        }
        opened = true;
        const client = live.hub.join(responseSink(res), {
          slug: params.slug,
          isHost,
          lastEventId: parseLastEventId(request.headers['last-event-id']),
          poll,
          summary,
          presentAs: participationPage ? participantIfAny(request)?.id : undefined,
          cohostId: cohostGrantOf(request)?.id,
          summaries: !participationPage,
        });
        if (client) res.on('close', () => live.hub.leave(client));
        // The page's stream seats its participant in the room (rate/seats.ts).
        const seated = participationPage ? participantIfAny(request)?.id : undefined;
        if (seated !== undefined && seats) res.on('close', seats.sit(params.slug, seated));
        return reply;
      } finally {
        if (!opened) ticket.release();
      }
    },
    // The participant page's stream counts it as present under its id (issued if it has none).
    { participant: 'optional' },
  );
}
