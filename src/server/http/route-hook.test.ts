import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type RouteConfig, routeHook } from './route.ts';

describe('routeHook', () => {
  it('runs only on the routes it applies to, after app-wide hooks and before the route own, in the order added', async () => {
    const app = Fastify();
    const ran: string[] = [];
    app.addHook('onRequest', async () => void ran.push('app'));
    const grows = (config: RouteConfig) => config.growsStorage === true;
    routeHook(app, 'onRequest', grows, async () => void ran.push('first'));
    routeHook(app, 'onRequest', grows, async () => void ran.push('second'));
    const config = { growsStorage: true } as RouteConfig;
    app.post('/grows', { config, onRequest: [async () => void ran.push('own')] }, async () => 'ok');
    app.post('/other', async () => 'ok');

    await app.inject({ method: 'POST', url: '/grows' });
    expect(ran).toEqual(['app', 'first', 'second', 'own']);
    ran.length = 0;
    await app.inject({ method: 'POST', url: '/other' });
    expect(ran).toEqual(['app']);
    await app.close();
  });
});
