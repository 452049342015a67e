import type { FastifyInstance } from 'fastify';
import { castVote } from '../domain/cast-vote.ts';
import type { PollEvents } from '../domain/events.ts';
import { getSummary } from '../domain/tally.ts';
import type { PollStore } from '../store/store.ts';
import { addRoute } from './route.ts';

export function registerVoteRoutes(app: FastifyInstance, store: PollStore, events: PollEvents) {
  addRoute(
    app,
    'castVote',
    async ({ params, body, headers, participantId, reply }) => {
      const { saved, replayed } = await castVote(
        store,
        events,
        params.slug,
        participantId,
        body.answers,
        headers['idempotency-key'],
      );
      // Same status and body as the first time; the header only helps someone debugging.
      if (replayed) reply.header('idempotent-replayed', 'true');
      return { saved };
    },
    // A malformed ballot (no answers, empty option list…) is a ballot error to the client.
    { validationCode: 'INVALID_BALLOT' },
  );

  addRoute(app, 'getSummary', ({ params, hostSecret }) =>
    getSummary(store, params.slug, hostSecret),
  );
}
