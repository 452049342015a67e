import type { FastifyInstance } from 'fastify';
import { createPoll, duplicatePoll } from '../domain/create-poll.ts';
import type { PollEvents } from '../domain/events.ts';
import { findPollAsHost, getPoll } from '../domain/poll-view.ts';
import { resetVotes } from '../domain/reset.ts';
import { updatePoll } from '../domain/update-poll.ts';
import type { PollStore } from '../store/store.ts';
import { addRoute } from './route.ts';

export function registerPollRoutes(app: FastifyInstance, store: PollStore, events: PollEvents) {
  const grows = { growsStorage: true };
  addRoute(app, 'createPoll', ({ body }) => createPoll(store, events, body), {
    ...grows,
    bucket: 'pollCreate',
  });

  // The participant page loads the poll before any vote: the id comes with it.
  addRoute(app, 'getPoll', ({ params }) => getPoll(store, params.slug), {
    participant: 'optional',
  });

  addRoute(app, 'checkHost', async ({ params, hostSecret }) => {
    await findPollAsHost(store, params.slug, hostSecret);
    return undefined;
  });

  addRoute(app, 'updatePoll', ({ params, body, hostSecret }) =>
    updatePoll(store, events, params.slug, hostSecret, body),
  );

  addRoute(
    app,
    'duplicatePoll',
    ({ params, hostSecret }) => duplicatePoll(store, events, params.slug, hostSecret),
    { ...grows, bucket: 'pollCreate' },
  );

  addRoute(app, 'resetVotes', ({ params, hostSecret }) =>
    resetVotes(store, events, params.slug, hostSecret),
  );
}
