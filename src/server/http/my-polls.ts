import type { FastifyInstance } from 'fastify';
import { lookupPolls } from '../domain/my-polls.ts';
import type { RateLimitSettings } from '../limits.ts';
import type { PollStore } from '../store/store.ts';
import { rateGuard } from './room.ts';
import { addRoute } from './route.ts';

/**
 * 'Mis encuestas' (issue 17): POST /polls/lookup. A budget of its own per address
 * (POLL_LOOKUPS_PER_MIN): each request may try many codes, so it is counted like the join
 * lookups are, apart from them (a room joining does not starve the teacher's home page).
 */
export function registerMyPollsRoutes(
  app: FastifyInstance,
  store: PollStore,
  settings: RateLimitSettings,
): void {
  const guard = rateGuard(app, settings, settings.limits.POLL_LOOKUPS_PER_MIN);
  addRoute(
    app,
    'lookupPolls',
    ({ body, reply }) => {
      // Per host: no shared cache may keep it.
      reply.header('cache-control', 'private, no-store');
      return lookupPolls(store, body, settings.limits.MY_POLLS_LOOKUP_MAX);
    },
    { guard },
  );
}
