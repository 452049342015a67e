import type { FastifyInstance } from 'fastify';
import type { PollEvents } from '../domain/events.ts';
import { createOption, deleteOption, updateOption } from '../domain/options.ts';
import type { PollStore } from '../store/store.ts';
import { addRoute } from './route.ts';

export function registerOptionRoutes(app: FastifyInstance, store: PollStore, events: PollEvents) {
  addRoute(
    app,
    'createOption',
    ({ params, body, hostSecret }) => createOption(store, events, params.id, hostSecret, body),
    { growsStorage: true, bucket: 'pollEdit' },
  );

  addRoute(app, 'updateOption', ({ params, body, hostSecret }) =>
    updateOption(store, events, params.id, hostSecret, body),
  );

  addRoute(app, 'deleteOption', async ({ params, hostSecret }) => {
    await deleteOption(store, events, params.id, hostSecret);
    return undefined;
  });
}
