import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PARTICIPANT_COOKIE } from '../../contract/index.ts';

const ONE_YEAR_S = 365 * 24 * 60 * 60;
/** What we issue is 22 base64url characters; anything else is not ours and is replaced. */
const VALID_ID = /^[A-Za-z0-9_-]{16,64}$/;

// Kept beside the request rather than declared on FastifyRequest, so where it comes from stays
// visible at each use.
const ids = new WeakMap<FastifyRequest, string>();

export function participantIdOf(request: FastifyRequest): string {
  const id = ids.get(request);
  if (!id) throw new Error('participant hook did not run for this request');
  return id;
}

/**
 * Gives every /api client an anonymous participant id in an HttpOnly cookie, set on the first
 * response to a client without one (the participant page's GET of the poll gets it before any
 * vote), so one vote per question can be enforced without sign-up.
 */
export function registerParticipantCookie(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const existing = request.cookies[PARTICIPANT_COOKIE];
    if (existing && VALID_ID.test(existing)) {
      ids.set(request, existing);
      return;
    }
    const id = randomBytes(16).toString('base64url');
    ids.set(request, id);
    reply.setCookie(PARTICIPANT_COOKIE, id, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: ONE_YEAR_S,
    });
  });
}
