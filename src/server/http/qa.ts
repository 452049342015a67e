import type { FastifyInstance } from 'fastify';
import type { PollEvents } from '../domain/events.ts';
import {
  askQuestion,
  clearQuestions,
  deleteQuestion,
  listQuestions,
  moderateQuestion,
  voteQuestion,
} from '../domain/qa/qa.ts';
import type { Limiter } from '../rate/limiter.ts';
import type { PollStore } from '../store/store.ts';
import { participantIfAny, participantOf } from './participant.ts';
import { rateLimited } from './rate-limits.ts';
import { addRoute } from './route.ts';

/** Issue 20: audience Q&A ('Preguntas del público'). */
export function registerQaRoutes(
  app: FastifyInstance,
  deps: { store: PollStore; events: PollEvents; limiter: Limiter; maxPerPoll: number },
) {
  const { store, limiter } = deps;

  addRoute(
    app,
    'askQa',
    async ({ params, body, request, reply }) => {
      const participant = participantOf(request);
      // Per person, once the cookie is known (the address bucket ran before anything else).
      const wait = await limiter.take('qaAsk', `${participant.id} ${params.slug}`);
      if (wait > 0) throw rateLimited(reply, wait);
      const question = await askQuestion(deps, params.slug, participant.id, body);
      reply.code(201);
      return question;
    },
    { bucket: 'qaAskAddress', participant: 'required', growsStorage: true },
  );

  // The cookie names the caller's votes and own held questions (issued if the page has none).
  addRoute(
    app,
    'listQa',
    ({ params, query, hostSecret, request, reply }) => {
      // Held and flagged ones for the host, one's own held one for its author: never shared.
      reply.header('cache-control', 'private, no-store');
      return listQuestions(store, params.slug, hostSecret, participantIfAny(request)?.id, query);
    },
    // An anonymous read like the poll's: the address's read bucket (limits.ts READ_*).
    { participant: 'optional', bucket: 'read' },
  );

  addRoute(
    app,
    'voteQa',
    ({ params, body, request }) =>
      voteQuestion(deps, params.slug, params.id, participantOf(request).id, body.up),
    { bucket: 'qaVote', participant: 'required' },
  );

  addRoute(app, 'moderateQa', ({ params, body, hostSecret }) =>
    moderateQuestion(deps, params.slug, hostSecret, params.id, body),
  );

  // No send here: addRoute answers the contract's 204.
  addRoute(app, 'deleteQa', async ({ params, hostSecret }) => {
    await deleteQuestion(deps, params.slug, hostSecret, params.id);
    return undefined;
  });

  addRoute(app, 'clearQa', ({ params, hostSecret }) =>
    clearQuestions(deps, params.slug, hostSecret),
  );
}
