import type { z } from 'zod';
import { API_BASE, type RouteName, type Routes, routePath, routes } from '../../contract/routes.ts';
import { es } from '../i18n/es.ts';

/** The error every failed call yields (spec §8). `status` 0 means the network failed. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: unknown;

  constructor(message: string, code: string, status: number, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
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
  body?: RouteBody<N>;
  /** Sent as X-Host-Secret; required by routes marked `secret` (no request is made without it). */
  hostSecret?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return response.json();
  return response.text();
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return undefined;
}

function codeOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string') {
    return body.code;
  }
  return undefined;
}

/** Calls one route of the contract; yields either data or an ApiError, never throws. */
export async function apiRequest<N extends RouteName>(
  name: N,
  options: CallOptions<N> = {},
): Promise<ApiResult<RouteResponse<N>>> {
  const route = routes[name];
  if (route.secret && !options.hostSecret) {
    return { data: null, error: new ApiError(es.api.noSecret, 'NO_SECRET', 401) };
  }
  try {
    const headers: Record<string, string> = { ...options.headers };
    if (options.hostSecret) headers['X-Host-Secret'] = options.hostSecret;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${API_BASE}${routePath(name, options.params)}`, {
      method: route.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
    const body = await readBody(response);
    if (!response.ok) {
      const message = messageOf(body) ?? es.api.httpError(response.status);
      // Spec §8: the code is the status text; the server's own code stays readable in details.
      // HTTP/2 has no status text, so then the body's code (or the number) stands in.
      const code = response.statusText || codeOf(body) || String(response.status);
      return { data: null, error: new ApiError(message, code, response.status, body) };
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
