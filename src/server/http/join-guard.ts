import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.ts';
import type { RateLimitSettings } from '../limits.ts';
import { MissBudget } from '../rate/miss-budget.ts';

/**
 * The budget of join-code guesses, shared by GET /join/{code} and GET /{code}: only a code that
 * leads nowhere spends it (issue 24: 300 phones behind one school address typing the right code
 * got 270 refusals when every look-up counted). Right codes take the address's read bucket
 * instead (the route's `bucket: 'read'`). Per instance, in memory.
 */
export interface JoinGuard {
  /** Refuses with 429 while the address has no failed look-up left. */
  check(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** The look-up found no poll. */
  missed(request: FastifyRequest): void;
}

export function createJoinGuard(settings: RateLimitSettings): JoinGuard {
  if (!settings.enabled) return { check: async () => {}, missed: () => {} };
  const perMinute = settings.limits.JOIN_FAILED_LOOKUPS_PER_MIN;
  const budget = new MissBudget(
    { burst: perMinute, perSecond: perMinute / 60 },
    settings.limits.RATE_BUCKET_KEYS_MAX,
  );
  return {
    async check(request, reply) {
      const wait = budget.wait(request.ip);
      if (wait === 0) return;
      reply.header('retry-after', String(Math.max(1, Math.ceil(wait))));
      throw new DomainError('RATE_LIMITED');
    },
    missed: (request) => budget.miss(request.ip),
  };
}
