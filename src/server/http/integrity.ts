import type { FastifyInstance } from 'fastify';
import type { Integrity } from '../../contract/index.ts';
import type { PollEvents } from '../domain/events.ts';
import {
  discardSource,
  emptyDiscarded,
  getIntegrity,
  restoreDiscarded,
} from '../domain/integrity.ts';
import type { Limiter } from '../rate/limiter.ts';
import type { PollStore } from '../store/store.ts';
import { addRoute } from './route.ts';

export function registerIntegrityRoutes(
  app: FastifyInstance,
  {
    store,
    events,
    limiter,
    refusedScope,
  }: {
    store: PollStore;
    events: PollEvents;
    limiter: Limiter;
    refusedScope: Integrity['refusedScope'];
  },
) {
  // Issue 25: it groups every ballot of the poll; its own bucket, per poll.
  addRoute(
    app,
    'getIntegrity',
    ({ params, query, hostSecret }) =>
      getIntegrity(store, limiter.refusals, refusedScope, params.slug, hostSecret, query),
    { bucket: 'integrity' },
  );
  addRoute(app, 'discardSource', ({ params, body, hostSecret }) =>
    discardSource(store, events, params.slug, hostSecret, body),
  );
  addRoute(app, 'restoreDiscarded', ({ params, body, hostSecret }) =>
    restoreDiscarded(store, events, params.slug, hostSecret, body),
  );
  addRoute(app, 'emptyDiscarded', ({ params, hostSecret }) =>
    emptyDiscarded(store, params.slug, hostSecret),
  );
}
