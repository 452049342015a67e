import type { FastifyInstance } from 'fastify';
import type { PollEvents } from '../domain/events.ts';
import { createOption, deleteOption, updateOption } from '../domain/options.ts';
import type { PollStore } from '../store/store.ts';
import type { CreationKeys } from './creation-keys.ts';
import { addRoute } from './route.ts';

export function registerOptionRoutes(
  app: FastifyInstance,
  store: PollStore,
  events: PollEvents,
  creationKeys: CreationKeys,
) {
  addRoute(
    app,
    'createOption',
    ({ params, body, headers, hostSecret, reply }) =>
      creationKeys.run(
        reply,
        headers['idempotency-key'],
        `option ${params.id} ${hostSecret}`,
        body,
        () => createOption(store, events, params.id, hostSecret, body),
      ),
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
