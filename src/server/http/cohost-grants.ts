import type { FastifyRequest } from 'fastify';
import type { CohostGrant } from '../domain/host-auth.ts';

/** The co-host link each request acts with, once http/cohosts.ts checked it against the scope
 *  table; addRoute runs the handler as that link. */
const grants = new WeakMap<FastifyRequest, CohostGrant>();

export function cohostGrantOf(request: FastifyRequest): CohostGrant | undefined {
  return grants.get(request);
}

export function grantCohost(request: FastifyRequest, grant: CohostGrant): void {
  grants.set(request, grant);
}
