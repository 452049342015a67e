import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { participantIdOf } from './participant.ts';

type Part<N extends RouteName, K extends string> =
  Routes[N] extends Record<K, infer S extends z.ZodType> ? z.output<S> : undefined;

type Result<N extends RouteName> = Routes[N] extends { response: infer R extends z.ZodType }
  ? z.output<R>
  : undefined;

/** What a handler gets: validated input, the caller's credentials, and the raw pair if needed. */
export interface RouteContext<N extends RouteName> {
  params: Part<N, 'params'>;
  body: Part<N, 'body'>;
  headers: Part<N, 'headers'>;
  /** X-Host-Secret, if sent. */
  hostSecret: string | undefined;
  /** The anonymous participant id of the cookie (set on this response if new). */
  participantId: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteOptions = {
  /** Code for a body the schema refuses (default VALIDATION_ERROR); ballots say INVALID_BALLOT. */
  validationCode?: ErrorCode;
};

/** Route config read by the error handler. */
export type RouteConfig = RouteOptions;

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
    headers?: z.ZodType;
    body?: z.ZodType;
    response?: z.ZodType;
  } = routes[name];
  app.route({
    method: def.method as 'GET',
    url: `${API_BASE}${def.path}`,
    config: options satisfies RouteConfig,
    schema: {
      operationId: name,
      ...(def.description && { description: def.description }),
      ...(def.params && { params: def.params }),
      ...(def.headers && { headers: def.headers }),
      ...(def.body && { body: def.body }),
      ...(def.response && { response: { [def.status]: def.response } }),
    },
    onRequest: def.secret
      ? async (request) => {
          if (!hostSecretOf(request)) throw new DomainError('NO_SECRET');
        }
      : undefined,
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params as Part<N, 'params'>,
        body: request.body as Part<N, 'body'>,
        headers: request.headers as Part<N, 'headers'>,
        hostSecret: hostSecretOf(request),
        participantId: participantIdOf(request),
        request,
        reply,
      });
      if (result === reply) return reply;
      reply.code(def.status);
      return def.status === 204 ? reply.send() : result;
    },
  });
}
