import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.ts';
import type { Standings } from '../domain/quiz/game.ts';
import { joinByCode, participantState } from '../domain/room.ts';
import type { RateLimitSettings } from '../limits.ts';
import type { PollStore } from '../store/store.ts';
import type { JoinGuard } from './join-guard.ts';
import { participantIfAny } from './participant.ts';
import { addRoute } from './route.ts';

export type RateGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * One bucket of @fastify/rate-limit as an onRequest hook: every route given the same guard
 * shares its counts (the plugin's per-route `config.rateLimit` keeps one store per route, so a
 * `groupId` would not join GET /join/{code} and GET /{code} into one budget). Counts are per
 * instance, in memory: behind N instances a guesser gets at most N times the budget.
 */
export function rateGuard(
  app: FastifyInstance,
  settings: RateLimitSettings,
  perMinute: number,
): RateGuard {
  if (!settings.enabled) return async () => {};
  return app.rateLimit({
    max: perMinute,
    timeWindow: 60_000,
  }) as RateGuard;
}

/**
 * @fastify/rate-limit with no global limit: only the routes given a guard count. A refusal is
 * our 429 RATE_LIMITED body, with Retry-After.
 */
export async function registerRateLimiting(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new DomainError('RATE_LIMITED'),
  });
}

/** The join guard is shared with GET /{code} (web.ts): one budget of guesses per address. */
export function registerRoomRoutes(
  app: FastifyInstance,
  store: PollStore,
  joinGuard: JoinGuard,
  standings: Standings,
) {
  addRoute(
    app,
    'joinPoll',
    async ({ params, request }) => {
      try {
        return await joinByCode(store, params.code);
      } catch (error) {
        if (error instanceof DomainError && error.code === 'JOIN_CODE_NOT_FOUND') {
          joinGuard.missed(request);
        }
        throw error;
      }
    },
    // A right code costs a read; a wrong one also spends the guess budget.
    { guard: joinGuard.check, bucket: 'read' },
  );

  addRoute(
    app,
    'participantState',
    async ({ params, request, reply }) => {
      // Per participant: no shared cache may keep it.
      reply.header('cache-control', 'private, no-store');
      // Without an id (the address may have no new one just now) nothing was answered yet.
      return participantState(store, standings, params.slug, participantIfAny(request)?.id ?? '');
    },
    // A quiz's phones ask after every close: the address's read bucket, like the poll's.
    { participant: 'optional', bucket: 'read' },
  );
}
