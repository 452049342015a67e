import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LiveCache } from '../live/cache.ts';
import type { PollStore } from '../store/store.ts';
import { sendError } from './error-handler.ts';
import type { JoinGuard } from './join-guard.ts';
import { loadParticipantPages, type ParticipantPages } from './pages.ts';
import type { ReadCost } from './read-cost.ts';
import type { RouteConfig } from './route.ts';
import { type Asset, loadAssets, REVALIDATE, sendAsset } from './web-assets.ts';

export function hasWebBuild(webDir: string | null | undefined): webDir is string {
  return !!webDir && existsSync(join(webDir, 'index.html'));
}

/** The built web app in memory, and the server-rendered participant pages when built. */
export interface WebApp {
  assets: Map<string, Asset>;
  index: Asset;
  pages: ParticipantPages | null;
}

/** Serves the built web app from memory: files at their paths, the participant pages rendered. */
export async function registerWebApp(
  app: FastifyInstance,
  webDir: string,
  cache: LiveCache,
  readCost: ReadCost,
  /** Bytes of server-rendered pages kept (LIVE_CACHE_MB). */
  pageCacheBytes?: number,
): Promise<WebApp> {
  const assets = loadAssets(webDir);
  const index = assets.get('/index.html');
  if (!index) throw new Error(`${webDir}/index.html is missing`);
  const pages = await loadParticipantPages(
    webDir,
    index,
    cache,
    readCost,
    (message, error) => app.log.warn({ err: error }, message),
    pageCacheBytes,
  );
  const web: WebApp = { assets, index, pages };
  if (pages) pages.register(app, index);
  app.get('/*', async (request, reply) => {
    const path = decodeURIComponentSafe(request.url.split('?')[0] ?? '/');
    const asset = path === '/' ? index : assets.get(path);
    if (asset) return sendAsset(request, reply, asset);
    return notFound(request, reply, web);
  });
  return web;
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * GET /{code}: six digits typed after the address (`192.168.1.20:3000/482913`) lead to the
 * participation page. An unknown or closed code goes to the home page with the code filled in,
 * where the join form says it leads nowhere. Same rate bucket as GET /api/v1/join/{code}.
 */
export function registerJoinRedirect(
  app: FastifyInstance,
  store: PollStore,
  joinGuard: JoinGuard,
): void {
  app.get<{ Params: { code: string } }>(
    '/:code(^\\d{6}$)',
    // The read bucket (http/rate-limits.ts) for every look-up, the guess budget for misses.
    {
      onRequest: joinGuard.check,
      config: { bucket: 'read' } as RouteConfig & FastifyContextConfig,
    },
    async (request, reply) => {
      const { code } = request.params;
      const poll = await store.getPollByJoinCode(code);
      if (!poll) joinGuard.missed(request);
      reply.header('cache-control', 'no-store');
      return reply.redirect(poll ? `/p/${encodeURIComponent(poll.slug)}` : `/?codigo=${code}`, 302);
    },
  );
}

function wantsHtml(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/**
 * Unknown /api paths get a JSON 404. Other browser navigations get index.html (history
 * fallback: /host/abc … are client routes), so a reload on any screen works.
 */
function notFound(request: FastifyRequest, reply: FastifyReply, web: WebApp | null) {
  const isApi = request.url === '/api' || request.url.startsWith('/api/');
  if (!isApi && web && wantsHtml(request)) {
    return sendAsset(request, reply, { ...web.index, cacheControl: REVALIDATE });
  }
  return sendError(reply, 'NOT_FOUND');
}

export function registerNotFound(app: FastifyInstance, web: WebApp | null): void {
  app.setNotFoundHandler((request, reply) => notFound(request, reply, web));
}
