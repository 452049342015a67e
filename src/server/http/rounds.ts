import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SummaryQuery } from '../../contract/index.ts';
import type { PollEvents } from '../domain/events.ts';
import { isHostSecret } from '../domain/host-auth.ts';
import type { Standings } from '../domain/quiz/game.ts';
import {
  archivedSummary,
  compareRounds,
  deleteRounds,
  listRoundsOf,
  restoreRounds,
} from '../domain/rounds/round-views.ts';
import { startRound } from '../domain/rounds/start-round.ts';
import { rebuildClock } from '../shared-clock.ts';
import type { PollStore } from '../store/store.ts';
import { type ReadCost, readRefused } from './read-cost.ts';
import { addRoute } from './route.ts';

/** Issue 27: 'Nueva ronda', the archive's list, 'Borrar rondas' and its undo. */
export function registerRoundRoutes(
  app: FastifyInstance,
  { store, events, standings }: { store: PollStore; events: PollEvents; standings: Standings },
) {
  addRoute(app, 'startRound', ({ params, hostSecret }) =>
    startRound(store, events, standings, params.slug, hostSecret),
  );
  addRoute(
    app,
    'listRounds',
    async ({ params, hostSecret, reply }) => {
      reply.header('cache-control', 'private, no-cache');
      return listRoundsOf(store, params.slug, hostSecret);
    },
    { bucket: 'read' },
  );
  addRoute(app, 'deleteRounds', ({ params, hostSecret }) =>
    deleteRounds(store, events, params.slug, hostSecret),
  );
  addRoute(app, 'restoreRounds', ({ params, hostSecret }) =>
    restoreRounds(store, events, params.slug, hostSecret),
  );
}

/**
 * GET …/summary with `round` or `compare`: answered here from the archive (and, for the current
 * round in a comparison, a fresh read), or undefined when the live summary answers (no query, or
 * `round` naming the current round). An archived round never changes, so no ETag is needed; an
 * anonymous comparison that reads the current round pays for the read as a rebuild does.
 */
export async function answerRoundQuery(
  deps: { store: PollStore; standings: Standings; readCost: ReadCost },
  query: SummaryQuery,
  ctx: {
    slug: string;
    hostSecret: string | undefined;
    request: FastifyRequest;
    reply: FastifyReply;
  },
): Promise<FastifyReply | undefined> {
  if (query.round === undefined && query.compare === undefined) return undefined;
  // Whoever is not the poll's host (or its link) pays, a made-up secret included.
  const poll = await deps.store.getPollBySlug(ctx.slug);
  const anonymous = !poll || !isHostSecret(poll, ctx.hostSecret);
  if (anonymous) {
    const refusal = deps.readCost.refusal(ctx.request.ip);
    if (refusal) throw readRefused(ctx.reply, refusal);
  }
  const began = rebuildClock.start();
  let body: Awaited<ReturnType<typeof archivedSummary>> | Awaited<ReturnType<typeof compareRounds>>;
  try {
    body = query.compare
      ? await compareRounds(deps.store, deps.standings, ctx.slug, ctx.hostSecret, query.compare)
      : await archivedSummary(deps.store, ctx.slug, ctx.hostSecret, query.round!);
  } finally {
    const share = rebuildClock.end(began);
    if (anonymous) deps.readCost.charge(ctx.request.ip, share);
  }
  if (body === undefined) return undefined;
  return ctx.reply
    .code(200)
    .header('cache-control', 'private, no-cache')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body));
}
