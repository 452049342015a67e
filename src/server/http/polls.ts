import type { FastifyInstance } from 'fastify';
import { createPoll, duplicatePoll } from '../domain/create-poll.ts';
import type { PollEvents } from '../domain/events.ts';
import { getPoll } from '../domain/poll-view.ts';
import { resetVotes } from '../domain/reset.ts';
import { updatePoll } from '../domain/update-poll.ts';
import type { PollStore } from '../store/store.ts';
import { addRoute } from './route.ts';

export function registerPollRoutes(app: FastifyInstance, store: PollStore, events: PollEvents) {
  addRoute(app, 'createPoll', ({ body }) => createPoll(store, events, body));

  addRoute(app, 'getPoll', ({ params }) => getPoll(store, params.slug));

  addRoute(app, 'updatePoll', ({ params, body, hostSecret }) =>
    updatePoll(store, events, params.slug, hostSecret, body),
  );

  addRoute(app, 'duplicatePoll', ({ params, hostSecret }) =>
    duplicatePoll(store, events, params.slug, hostSecret),
  );

  addRoute(app, 'resetVotes', ({ params, hostSecret }) =>
    resetVotes(store, events, params.slug, hostSecret),
  );
}
