import { API_BASE, endpoints, routePath } from '../../contract/endpoints.ts';
import type { RouteName } from '../../contract/routes.ts';
import { esCore as es } from '../i18n/es-core.ts';
import { ApiError, type CallOptions, codeOf, messageOf, readBody } from './api-client.ts';

/**
 * A route that answers with a file (the results export): the body as a Blob with the name the
 * server gave it (Content-Disposition), the secret in the
 * X-Host-Secret header like every other call, never in the URL. Throws the ApiError. Apart
 * from api-client.ts, which every phone downloads: only the host's export uses it.
 */
export async function apiDownload<N extends RouteName>(
  name: N,
  options: Omit<CallOptions<N>, 'body'>,
): Promise<{ blob: Blob; fileName: string | null }> {
  const route = endpoints[name];
  if (route.secret && !options.hostSecret) {
    throw new ApiError(es.api.noSecret, 'NO_SECRET', 401);
  }
  const query = options.query
    ? `?${new URLSearchParams(options.query as Record<string, string>)}`
    : '';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${routePath(name, options.params)}${query}`, {
      method: route.method,
      headers: {
        ...options.headers,
        ...(options.hostSecret && { 'X-Host-Secret': options.hostSecret }),
      },
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (failure) {
    if (failure instanceof DOMException && failure.name === 'AbortError') throw failure;
    throw new ApiError(es.api.network, 'NETWORK_ERROR', 0);
  }
  if (!response.ok) {
    const body = await readBody(response).catch(() => undefined);
    const message = messageOf(body) ?? es.api.httpError(response.status);
    const code = response.statusText || codeOf(body) || String(response.status);
    throw new ApiError(message, code, response.status, body);
  }
  return {
    blob: await response.blob(),
    fileName: attachmentName(response.headers.get('content-disposition')),
  };
}

/** The name a response's Content-Disposition gives its file: `filename*` (UTF-8) first, else
 *  `filename`; null without one. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // A malformed encoding: the plain name below.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}
