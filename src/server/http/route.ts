import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  API_BASE,
  type ErrorCode,
  HOST_SECRET_HEADER,
  type RouteName,
  type Routes,
  routes,
} from '../../contract/index.ts';
import { DomainError } from '../domain/errors.ts';
import { actAsCohost } from '../domain/host-auth.ts';
import type { BucketName } from '../rate/limiter.ts';
import { cohostGrantOf } from './cohost-grants.ts';

type Part<N extends RouteName, K extends string> =
  Routes[N] extends Record<K, infer S extends z.ZodType> ? z.output<S> : undefined;

type Result<N extends RouteName> = Routes[N] extends { response: infer R extends z.ZodType }
  ? z.output<R>
  : undefined;

/** What a handler gets: validated input, the caller's credentials, and the raw pair if needed. */
export interface RouteContext<N extends RouteName> {
  params: Part<N, 'params'>;
  query: Part<N, 'query'>;
  body: Part<N, 'body'>;
  headers: Part<N, 'headers'>;
  /** X-Host-Secret, if sent. */
  hostSecret: string | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteOptions = {
  /** Code for a body the schema refuses (default VALIDATION_ERROR); ballots say INVALID_BALLOT. */
  validationCode?: ErrorCode;
  /** Runs first, before validation (a rate limit: http/room.ts). */
  guard?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Makes something new that takes disk (a poll, a question, an option): refused while the
   *  disk is nearly full (http/disk-guard.ts). */
  growsStorage?: boolean;
  /** The rate bucket a request takes a token from (limits.ts), before anything else runs. Not
   *  named rateLimit: @fastify/rate-limit reads that key of a route's config. */
  bucket?: BucketName;
  /** The anonymous participant id: 'required' issues one if the cookie holds none (ballots),
   *  'optional' issues one if the address may have a new one now (the poll the page loads);
   *  'existing' reads a valid cookie's id and never issues one (a results read, issue 27). */
  participant?: 'optional' | 'required' | 'existing';
  /** Bytes this call's body may hold, when not the app's MAX_BODY_BYTES (an imported file). */
  bodyLimit?: number;
};

/** Route config read by the error handler, the disk guard, the rate buckets and the
 *  participant cookie. */
export type RouteConfig = Pick<
  RouteOptions,
  'validationCode' | 'growsStorage' | 'bucket' | 'participant'
> & {
  /** The contract's name of the call: the co-host scope table is keyed by it (http/cohosts.ts). */
  routeName?: RouteName;
};

export function hostSecretOf(request: FastifyRequest): string | undefined {
  const value = request.headers[HOST_SECRET_HEADER];
  const secret = Array.isArray(value) ? value[0] : value;
  return secret?.trim() || undefined;
}

/**
 * Registers one call of the contract's route table: its path, status and schemas (validation,
 * serialisation and OpenAPI all come from there). A call that needs the host secret refuses a
 * request without one before reading the body, so 401 never depends on what the body holds.
 */
export function addRoute<N extends RouteName>(
  app: FastifyInstance,
  name: N,
  /** Returns the result to serialise, or `ctx.reply` once it has answered by itself (a stream,
   *  a body serialised in advance, a 304). */
  handler: (ctx: RouteContext<N>) => Promise<Result<N> | FastifyReply>,
  options: RouteOptions = {},
): void {
  const def: {
    method: string;
    path: string;
    secret: boolean;
    status: number;
    description?: string;
    params?: z.ZodType;
    query?: z.ZodType;
    headers?: z.ZodType;
    body?: z.ZodType;
    response?: z.ZodType;
  } = routes[name];
  const routeConfig: RouteConfig = {
    validationCode: options.validationCode,
    growsStorage: options.growsStorage,
    bucket: options.bucket,
    participant: options.participant,
    routeName: name,
  };
  app.route({
    method: def.method as 'GET',
    url: `${API_BASE}${def.path}`,
    // Ours beside the plugins' keys (@fastify/rate-limit declares `rateLimit` there).
    config: routeConfig as RouteConfig & FastifyContextConfig,
    ...(options.bodyLimit && { bodyLimit: options.bodyLimit }),
    schema: {
      operationId: name,
      ...(def.description && { description: def.description }),
      ...(def.params && { params: def.params }),
      ...(def.query && { querystring: def.query }),
      ...(def.headers && { headers: def.headers }),
      ...(def.body && { body: def.body }),
      ...(def.response && { response: { [def.status]: def.response } }),
    },
    onRequest: [
      ...(options.guard ? [options.guard] : []),
      ...(def.secret
        ? [
            async (request: FastifyRequest) => {
              if (!hostSecretOf(request)) throw new DomainError('NO_SECRET');
            },
          ]
        : []),
    ],
    handler: async (request, reply) => {
      const context = {
        params: request.params as Part<N, 'params'>,
        query: request.query as Part<N, 'query'>,
        body: request.body as Part<N, 'body'>,
        headers: request.headers as Part<N, 'headers'>,
        hostSecret: hostSecretOf(request),
        request,
        reply,
      };
      // A co-host link the scope table let in acts as the host of its poll, in this call only.
      const grant = cohostGrantOf(request);
      const result = await (grant ? actAsCohost(grant, () => handler(context)) : handler(context));
      // A reply is thenable: a handler's `return reply.send()` reaches here awaited, as undefined,
      // so `sent` is what tells that it has answered (answering twice logged a 500).
      if (result === reply || reply.sent) return reply;
      reply.code(def.status);
      return def.status === 204 ? reply.send() : result;
    },
  });
}

type RouteHookName = 'onRequest' | 'preHandler' | 'onResponse';

/** Hooks added by routeHook: they stay ahead of a route's own, in the order they were added. */
const scopedHooks = new WeakSet<object>();

/**
 * A hook on the routes registered from now on whose config `applies` to, and on no other: the
 * other routes do not even enter it. An app-wide hook that returns at once for most routes still
 * costs every request a turn of Fastify's hook chain and a promise (issue 29: a ballot went
 * through four that had nothing to do with it). Runs after the app-wide hooks and before the
 * route's own, as an app-wide hook added at that point did.
 */
export function routeHook(
  app: FastifyInstance,
  name: RouteHookName,
  applies: (config: RouteConfig) => boolean,
  // biome-ignore lint/suspicious/noExplicitAny: each hook kind has its own signature.
  hook: (...args: any[]) => Promise<unknown>,
): void {
  scopedHooks.add(hook);
  app.addHook('onRoute', (route) => {
    const config = route.config as RouteConfig | undefined;
    if (!config || !applies(config)) return;
    const own = route[name];
    const list: object[] = own === undefined ? [] : Array.isArray(own) ? [...own] : [own];
    list.splice(list.filter((h) => scopedHooks.has(h)).length, 0, hook);
    // biome-ignore lint/suspicious/noExplicitAny: the route's list holds hooks of this kind.
    route[name] = list as any;
  });
}
