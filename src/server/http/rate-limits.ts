import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.ts';
import type { BucketName, Limiter } from '../rate/limiter.ts';
import { hostSecretOf, type RouteConfig } from './route.ts';

/** 429 with Retry-After in whole seconds (at least 1: clients must not retry at once). */
export function rateLimited(reply: FastifyReply, waitS: number): DomainError {
  const seconds = Math.max(1, Math.ceil(waitS));
  reply.header('retry-after', String(seconds));
  return new DomainError(
    'RATE_LIMITED',
    `Demasiadas peticiones seguidas desde esta conexión; inténtalo de nuevo en ${seconds} s`,
  );
}

const slugOf = (request: FastifyRequest) => (request.params as { slug?: string }).slug ?? '';

/** Per poll: every host request carries the poll's host secret, which names one poll, so no
 *  lookup is needed. Hashed, so the secret itself is never a key in memory or in Redis. */
const secretKey = (request: FastifyRequest) =>
  createHash('sha256')
    .update(hostSecretOf(request) ?? '')
    .digest('base64url')
    .slice(0, 22);
/** The (address, poll) key of the ballot bucket. */
export const ballotBucketKey = (request: FastifyRequest) => `${request.ip} ${slugOf(request)}`;

/** Whose bucket a request takes from. */
const keyOf: Record<
  Exclude<BucketName, 'participant' | 'qaAsk' | 'nickname'>,
  (request: FastifyRequest) => string
> = {
  // Per (address, poll): one address cannot stuff a poll, and a room voting in several polls at
  // once is not slowed by the others.
  ballot: ballotBucketKey,
  pollCreate: (request) => request.ip,
  // Per address, over every poll: a reader rotating over many polls pays for each read.
  read: (request) => request.ip,
  // Per poll (secretKey).
  pollEdit: (request) => secretKey(request),
  // Issue 25: the host's heavy reads, per poll like edits (a caller without the poll's secret
  // spends a bucket of its own, never the host's).
  export: (request) => secretKey(request),
  integrity: (request) => secretKey(request),
  // Issue 20: per (address, poll) like ballots. Asking also takes a token per participant id
  // (qaAsk), once the cookie is read (http/qa.ts).
  qaAskAddress: (request) => `${request.ip} ${slugOf(request)}`,
  qaVote: (request) => `${request.ip} ${slugOf(request)}`,
};

/**
 * Takes a token of the route's bucket (`bucket` in its config) before anything else runs;
 * an empty bucket is 429. Refused ballots are counted for the poll's integrity view.
 */
export function registerRateLimits(
  app: FastifyInstance,
  limiter: Limiter,
  room?: { seatedAtTheDoor(request: FastifyRequest): Promise<boolean> },
): void {
  app.addHook('onRequest', async (request, reply) => {
    const name = (request.routeOptions.config as RouteConfig | undefined)?.bucket;
    // Per participant id, taken once the cookie is read (participant.ts, qa.ts, quiz.ts).
    if (!name || name === 'participant' || name === 'qaAsk' || name === 'nickname') return;
    // A seated person's answer spends its own allowance, decided once the body is read
    // (http/room-seats.ts); everything else pays the address here, as before.
    if (name === 'ballot' && (await room?.seatedAtTheDoor(request))) return;
    const wait = await limiter.take(name, keyOf[name](request));
    if (wait === 0) return;
    if (name === 'ballot') limiter.refusals.add(slugOf(request));
    throw rateLimited(reply, wait);
  });
}

/** A ballot refused because its participant id could not be issued counts as refused too. */
export function countRefusedBallot(limiter: Limiter, request: FastifyRequest): void {
  limiter.refusals.add(slugOf(request));
}
