import type { z } from 'zod';
import { API_BASE, endpoints, routePath } from '../../contract/endpoints.ts';
// Types only: the schemas (and zod) stay out of the browser bundle.
import type { RouteName, Routes } from '../../contract/routes.ts';
import { esCore as es } from '../i18n/es-core.ts';

/** The error every failed call yields (spec §8). `status` 0 means the network failed. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: unknown;
  /** Retry-After of the response in seconds (429, 503), when it gave one. */
  readonly retryAfterS: number | undefined;

  constructor(
    message: string,
    code: string,
    status: number,
    details?: unknown,
    retryAfterS?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
    this.retryAfterS = retryAfterS;
  }

  /** What the server-rendered page hands to the browser (Error's message is not enumerable). */
  toJSON() {
    return {
      name: this.name,
      message: this.message,
      code: this.code,
      status: this.status,
      details: this.details,
    };
  }
}

export type ApiResult<T> = { data: T; error: null } | { data: null; error: ApiError };

type RouteBody<N extends RouteName> = Routes[N] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : undefined;
export type RouteResponse<N extends RouteName> = Routes[N] extends {
  response: infer R extends z.ZodType;
}
  ? z.output<R>
  : undefined;

export type CallOptions<N extends RouteName> = {
  params?: Record<string, string | number>;
  /** The query string; undefined values are left out. */
  query?: Record<string, string | number | undefined>;
  body?: RouteBody<N>;
  /** Sent as X-Host-Secret; required by routes marked `secret` (no request is made without it). */
  hostSecret?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return response.json();
  return response.text();
}

export function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return undefined;
}

export function codeOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string') {
    return body.code;
  }
  return undefined;
}

/** Retry-After in seconds: the delay form only (what the server sends), else undefined. */
function retryAfterOf(header: string | null): number | undefined {
  if (!header || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/** Calls one route of the contract; yields either data or an ApiError, never throws. */
export async function apiRequest<N extends RouteName>(
  name: N,
  options: CallOptions<N> = {},
): Promise<ApiResult<RouteResponse<N>>> {
  const route = endpoints[name];
  if (route.secret && !options.hostSecret) {
    return { data: null, error: new ApiError(es.api.noSecret, 'NO_SECRET', 401) };
  }
  try {
    const headers: Record<string, string> = { ...options.headers };
    if (options.hostSecret) headers['X-Host-Secret'] = options.hostSecret;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    // Through JSON: undefined values drop out, numbers become strings.
    const search = `${new URLSearchParams(JSON.parse(JSON.stringify(options.query ?? {})))}`;
    const response = await fetch(
      `${API_BASE}${routePath(name, options.params)}${search && `?${search}`}`,
      {
        method: route.method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: 'same-origin',
        signal: options.signal,
      },
    );
    const body = await readBody(response);
    if (!response.ok) {
      const message = messageOf(body) ?? es.api.httpError(response.status);
      // Spec §8: the code is the status text; the server's own code stays readable in details.
      // HTTP/2 has no status text, so then the body's code (or the number) stands in.
      const code = response.statusText || codeOf(body) || String(response.status);
      const retryAfterS = retryAfterOf(response.headers.get('retry-after'));
      return {
        data: null,
        error: new ApiError(message, code, response.status, body, retryAfterS),
      };
    }
    return { data: body as RouteResponse<N>, error: null };
  } catch (failure) {
    if (failure instanceof DOMException && failure.name === 'AbortError') throw failure;
    // The browser's own message ("Failed to fetch") is English; people read this one.
    if (failure instanceof TypeError) {
      return { data: null, error: new ApiError(es.api.network, 'NETWORK_ERROR', 0) };
    }
    return { data: null, error: new ApiError(es.api.unknown, 'UNKNOWN_ERROR', 0) };
  }
}

/** Same as apiRequest but throws the ApiError: the shape TanStack Query wants. */
export async function apiCall<N extends RouteName>(
  name: N,
  options: CallOptions<N> = {},
): Promise<RouteResponse<N>> {
  const result = await apiRequest(name, options);
  if (result.error) throw result.error;
  return result.data as RouteResponse<N>;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
