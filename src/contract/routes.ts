import { z } from 'zod';
import {
  CreateOptionBody,
  CreatePollBody,
  CreatePollResponse,
  CreateQuestionBody,
  DuplicateResponse,
  IdParams,
  Option,
  Poll,
  Question,
  ReorderBody,
  ResetResponse,
  SlugParams,
  UpdateOptionBody,
  UpdatePollBody,
  UpdateQuestionBody,
} from './poll.ts';
import { Summary } from './summary.ts';
import { Ballot, VoteHeaders, VoteResponse } from './vote.ts';

export const API_BASE = '/api/v1';

/** Where the server can be reached from other devices (QR dialog). */
export const ServerInfo = z.object({
  /** PUBLIC_URL when configured, else null. */
  publicUrl: z.string().nullable(),
  /** http://{lan-ip}:{port} for each non-internal IPv4 address of the machine. */
  lanUrls: z.array(z.string()),
});
export type ServerInfo = z.infer<typeof ServerInfo>;

/** Liveness: the process answers HTTP (used by tests and process managers). */
export const Health = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof Health>;

type RouteDef = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify-style path under API_BASE; `:slug` and `:id` are filled by the client. */
  path: string;
  /** Whether X-Host-Secret is required. */
  secret: boolean;
  status: 200 | 201 | 204;
  /** For the OpenAPI document, where the schemas do not say it all. */
  description?: string;
  params?: z.ZodType;
  /** Request headers the call reads besides X-Host-Secret (other headers pass through). */
  headers?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
};

/**
 * The calls of spec §7, one table for the server (validation, serialisation, OpenAPI) and the
 * web client (paths and types). Departure from the spec: updateQuestion needs the secret too.
 */
export const routes = {
  createPoll: {
    method: 'POST',
    path: '/polls',
    secret: false,
    status: 201,
    body: CreatePollBody,
    response: CreatePollResponse,
  },
  getPoll: {
    method: 'GET',
    path: '/polls/:slug',
    secret: false,
    status: 200,
    params: SlugParams,
    response: Poll,
  },
  updatePoll: {
    method: 'PATCH',
    path: '/polls/:slug',
    secret: true,
    status: 200,
    params: SlugParams,
    body: UpdatePollBody,
    response: Poll,
  },
  createQuestion: {
    method: 'POST',
    path: '/polls/:slug/questions',
    secret: true,
    status: 201,
    params: SlugParams,
    body: CreateQuestionBody,
    response: Question,
  },
  updateQuestion: {
    method: 'PUT',
    path: '/questions/:id',
    secret: true,
    status: 200,
    params: IdParams,
    body: UpdateQuestionBody,
    response: Question,
  },
  deleteQuestion: {
    method: 'DELETE',
    path: '/questions/:id',
    secret: true,
    status: 204,
    params: IdParams,
  },
  createOption: {
    method: 'POST',
    path: '/questions/:id/options',
    secret: true,
    status: 201,
    params: IdParams,
    body: CreateOptionBody,
    response: Option,
  },
  updateOption: {
    method: 'PUT',
    path: '/options/:id',
    secret: true,
    status: 200,
    params: IdParams,
    body: UpdateOptionBody,
    response: Option,
  },
  deleteOption: {
    method: 'DELETE',
    path: '/options/:id',
    secret: true,
    status: 204,
    params: IdParams,
  },
  reorderQuestions: {
    method: 'PATCH',
    path: '/polls/:slug/questions/reorder',
    secret: true,
    status: 200,
    params: SlugParams,
    body: ReorderBody,
    response: z.array(Question),
  },
  duplicatePoll: {
    method: 'POST',
    path: '/polls/:slug/duplicate',
    secret: true,
    status: 201,
    params: SlugParams,
    response: DuplicateResponse,
  },
  castVote: {
    method: 'POST',
    path: '/polls/:slug/votes',
    secret: false,
    status: 201,
    params: SlugParams,
    headers: VoteHeaders,
    body: Ballot,
    response: VoteResponse,
  },
  getSummary: {
    method: 'GET',
    path: '/polls/:slug/summary',
    secret: false,
    status: 200,
    params: SlugParams,
    response: Summary,
  },
  /** Server-sent events; see live-events.ts for the protocol. */
  pollEvents: {
    method: 'GET',
    path: '/polls/:slug/events',
    secret: false,
    status: 200,
    description:
      'Live stream (text/event-stream) of the poll. On connect: `retry: 2000`, then `poll` (as ' +
      'GET /polls/{slug}) and, if the caller may see results, `summary` (as GET …/summary). ' +
      'Then `poll` on every change of the poll and `summary` after vote changes, coalesced ' +
      'per 200 ms; a `: ping` comment every 15 s. Every event has an increasing `id`; a ' +
      'reconnect with Last-Event-ID gets the current state at once. The host sends ' +
      'X-Host-Secret (never in the URL).',
    params: SlugParams,
  },
  resetVotes: {
    method: 'POST',
    path: '/polls/:slug/reset',
    secret: true,
    status: 200,
    params: SlugParams,
    response: ResetResponse,
  },
  serverInfo: { method: 'GET', path: '/info', secret: false, status: 200, response: ServerInfo },
  health: { method: 'GET', path: '/health', secret: false, status: 200, response: Health },
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

/** Fills `:slug` / `:id` in a route path. */
export function routePath(name: RouteName, params: Record<string, string | number> = {}): string {
  return routes[name].path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${name}`);
    return encodeURIComponent(String(value));
  });
}
