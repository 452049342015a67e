import type { FastifyInstance } from 'fastify';
import type { ServerInfo } from '../../contract/index.ts';
import { isPrivateAddress, lanAddressesFor } from '../net.ts';
import { addRoute } from './route.ts';

export function registerMetaRoutes(
  app: FastifyInstance,
  config: { port: number; host?: string; publicUrl?: string },
): void {
  addRoute(app, 'health', async () => ({ status: 'ok' as const }));

  // The machine's LAN addresses only to callers on that side of the router (or this machine):
  // a host on the internet learns nothing of the internal network. None when listening on
  // loopback: nobody on the LAN could use them.
  addRoute(
    app,
    'serverInfo',
    async ({ request }): Promise<ServerInfo> => ({
      publicUrl: config.publicUrl ?? null,
      lanUrls: isPrivateAddress(request.ip)
        ? lanAddressesFor(config.host ?? '0.0.0.0').map((ip) => `http://${ip}:${config.port}`)
        : [],
    }),
  );

  // The OpenAPI document, generated from the same zod schemas that validate requests.
  for (const url of ['/openapi.json', '/api/v1/openapi.json']) {
    app.get(url, { schema: { hide: true } }, async () => app.swagger());
  }
}
