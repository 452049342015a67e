import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  needsSecret,
  type RouteName,
  scopeAllows,
  scopeOfSecret,
  scopeRuleOf,
} from '../../contract/index.ts';
import {
  cohostActivity,
  createCohost,
  listCohosts,
  revokeCohost,
} from '../domain/cohosts/cohosts.ts';
import { DomainError } from '../domain/errors.ts';
import type { PollEvents } from '../domain/events.ts';
import { type CohostGrant, hashHostSecret } from '../domain/host-auth.ts';
import type { PollStore } from '../store/store.ts';
import { cohostGrantOf, grantCohost } from './cohost-grants.ts';
import { addRoute, hostSecretOf, type RouteConfig, routeHook } from './route.ts';

/** lastUsedAt is written at most this often per link: a moderator's clicks are not writes. */
const TOUCH_EVERY_MS = 60_000;

function routeNameOf(request: FastifyRequest): RouteName | undefined {
  return (request.routeOptions.config as RouteConfig | undefined)?.routeName;
}

/**
 * Issue 28: a request whose X-Host-Secret is a co-host link's is checked here, against the one
 * scope table (contract/cohost-scopes.ts), before any handler runs:
 * - a link no longer stored (revoked, or its poll deleted) → 403 LINK_REVOKED;
 * - a call its scope may not make → 403 SCOPE_FORBIDDEN (a read with a host's view: the
 *   public view instead), also for a body with fields its scope may not send;
 * - otherwise the request runs as that link (addRoute → actAsCohost), and a change it makes is
 *   logged with the link's label for the host's view of who did what.
 */
export function registerCohostAccess(
  app: FastifyInstance,
  store: PollStore,
  options: { actionsKept: number },
): void {
  const touched = new Map<number, number>();
  const touch = (link: CohostGrant) => {
    const now = Date.now();
    if (now - (touched.get(link.id) ?? 0) < TOUCH_EVERY_MS) return;
    touched.set(link.id, now);
    store
      .touchCohost(link.id, new Date(now))
      .catch((error: unknown) => warn(app, error, 'co-host last use not written'));
  };

  // Only on the routes the scope table names (routeHook): a ballot, a join, a page never pay
  // for three hooks that would only find no rule (issue 29).
  const scoped = (config: RouteConfig) =>
    config.routeName !== undefined && !!scopeRuleOf(config.routeName);
  routeHook(app, 'onRequest', scoped, async (request: FastifyRequest) => {
    const name = routeNameOf(request);
    const rule = name && scopeRuleOf(name);
    const secret = rule ? hostSecretOf(request) : undefined;
    if (!name || !rule || !secret || scopeOfSecret(secret) === null) return;
    const link = await store.cohostBySecretHash(hashHostSecret(secret));
    if (!link) throw new DomainError('LINK_REVOKED');
    if (!rule.scopes.includes(link.scope)) {
      if (needsSecret(name)) throw new DomainError('SCOPE_FORBIDDEN');
      return;
    }
    const grant = {
      id: link.id,
      pollId: link.pollId,
      scope: link.scope,
      label: link.label,
      secretHash: link.secretHash,
    };
    grantCohost(request, grant);
    touch(grant);
  });

  // After validation: the body is known (the presenter's PATCH may only move the question).
  routeHook(app, 'preHandler', scoped, async (request: FastifyRequest) => {
    const grant = cohostGrantOf(request);
    const name = routeNameOf(request);
    const rule = name && scopeRuleOf(name);
    if (grant && rule && !scopeAllows(rule, grant.scope, request.body)) {
      throw new DomainError('SCOPE_FORBIDDEN');
    }
  });

  routeHook(app, 'onResponse', scoped, async (request: FastifyRequest, reply: FastifyReply) => {
    const grant = cohostGrantOf(request);
    const name = routeNameOf(request);
    if (!grant || !name || request.method === 'GET' || reply.statusCode >= 300) return;
    try {
      await store.addCohostAction(
        {
          pollId: grant.pollId,
          cohostId: grant.id,
          label: grant.label,
          scope: grant.scope,
          action: name,
          target: targetOf(request),
          at: new Date(),
        },
        options.actionsKept,
      );
    } catch (error) {
      warn(app, error, 'co-host action not logged');
    }
  });
}

function warn(app: FastifyInstance, error: unknown, message: string) {
  app.log.warn({ err: error }, message);
}

/** What a call acted on, for the log: the path's ids and the (small) body the scope allows. */
function targetOf(request: FastifyRequest): string {
  const params = Object.entries((request.params ?? {}) as Record<string, unknown>)
    .filter(([key]) => key !== 'slug')
    .map(([key, value]) => `${key} ${String(value)}`);
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  return [...params, body].filter(Boolean).join(' · ').slice(0, 120);
}

export function registerCohostRoutes(
  app: FastifyInstance,
  store: PollStore,
  events: PollEvents,
  options: { publicUrl?: string; max: number; actionsKept: number },
): void {
  addRoute(app, 'createCohost', ({ params, body, hostSecret, request }) =>
    createCohost(store, params.slug, hostSecret, {
      ...body,
      origin: options.publicUrl ?? `${request.protocol}://${request.host}`,
      max: options.max,
    }),
  );
  addRoute(app, 'listCohosts', ({ params, hostSecret }) =>
    listCohosts(store, params.slug, hostSecret),
  );
  addRoute(app, 'deleteCohost', async ({ params, hostSecret }) => {
    await revokeCohost(store, params.slug, hostSecret, params.id, events);
    return undefined;
  });
  addRoute(app, 'cohostActivity', ({ params, hostSecret }) =>
    cohostActivity(store, params.slug, hostSecret, options.actionsKept),
  );
}
