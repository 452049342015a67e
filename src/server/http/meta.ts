import type { FastifyInstance } from 'fastify';
import type { ServerInfo } from '../../contract/index.ts';
import { lanAddresses } from '../net.ts';
import { addRoute } from './route.ts';

export function registerMetaRoutes(
  app: FastifyInstance,
  config: { port: number; publicUrl?: string },
): void {
  addRoute(app, 'health', async () => ({ status: 'ok' as const }));

  addRoute(
    app,
    'serverInfo',
    async (): Promise<ServerInfo> => ({
      publicUrl: config.publicUrl ?? null,
      lanUrls: lanAddresses().map((ip) => `http://${ip}:${config.port}`),
    }),
  );

  // The OpenAPI document, generated from the same zod schemas that validate requests.
  for (const url of ['/openapi.json', '/api/v1/openapi.json']) {
    app.get(url, { schema: { hide: true } }, async () => app.swagger());
  }
}
