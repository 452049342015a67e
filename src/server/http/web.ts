import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './error-handler.ts';

/** Vite's hashed file names change with their content, so they can be cached for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current assets: always revalidate it. */
const REVALIDATE = 'no-cache';

export function hasWebBuild(webDir: string | null | undefined): webDir is string {
  return !!webDir && existsSync(join(webDir, 'index.html'));
}

/** Serves the built web app, if there is one. */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDir,
    // scripts/web-build.mjs writes .br/.gz beside each asset; sent when the browser accepts them.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      const relative = path.slice(webDir.length).replaceAll('\\', '/');
      reply.header('cache-control', relative.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    },
  });
}

function wantsHtml(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/**
 * Unknown /api paths get a JSON 404. Other browser navigations get index.html (history
 * fallback: /host/abc, /p/abc … are client routes), so a reload on any screen works.
 */
export function registerNotFound(app: FastifyInstance, webDir: string | null): void {
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && webDir && wantsHtml(request)) {
      return reply.header('cache-control', REVALIDATE).sendFile('index.html');
    }
    return sendError(reply, 'NOT_FOUND');
  });
}
