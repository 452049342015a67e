import type { FastifyInstance } from 'fastify';
import type { PollEvents } from '../domain/events.ts';
import {
  askQuestion,
  clearQuestions,
  deleteQuestion,
  listQuestions,
  moderateQuestion,
  type QaDeps,
  voteQuestion,
} from '../domain/qa/qa.ts';
import { discardQaVotes, getQaIntegrity, restoreQaVotes } from '../domain/qa/qa-integrity.ts';
import type { Limiter } from '../rate/limiter.ts';
import type { PollStore } from '../store/store.ts';
import { participantIfAny, participantOf } from './participant.ts';
import { rateLimited } from './rate-limits.ts';
import { addRoute } from './route.ts';
import type { SourceHasher } from './source.ts';

/** Issue 20: audience Q&A ('Preguntas del público'). */
export function registerQaRoutes(
  app: FastifyInstance,
  deps: {
    store: PollStore;
    events: PollEvents;
    limiter: Limiter;
    maxPerPoll: number;
    /** Where questions and upvotes come from (issue 25: fair shares, integrity signals). */
    sources?: SourceHasher;
    shares?: QaDeps['shares'];
  },
) {
  const { store, limiter, sources } = deps;

  addRoute(
    app,
    'askQa',
    async ({ params, body, request, reply }) => {
      const participant = participantOf(request);
      // Per person, once the cookie is known (the address bucket ran before anything else).
      const wait = await limiter.take('qaAsk', `${participant.id} ${params.slug}`);
      if (wait > 0) throw rateLimited(reply, wait);
      const source = sources?.of(request.ip, params.slug) ?? '';
      const question = await askQuestion(deps, params.slug, participant.id, body, source);
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
    ({ params, body, request }) => {
      const participant = participantOf(request);
      return voteQuestion(deps, params.slug, params.id, participant.id, body.up, {
        source: sources?.of(request.ip, params.slug) ?? '',
        freshParticipant: participant.fresh,
        participantIssuedAt: participant.issuedAt,
      });
    },
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

/** Issue 25: where the upvotes came from, and a source's set aside or counted again (host). */
export function registerQaIntegrityRoutes(
  app: FastifyInstance,
  deps: { store: PollStore; events: PollEvents },
) {
  const { store, events } = deps;
  addRoute(app, 'qaIntegrity', ({ params, hostSecret, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return getQaIntegrity(store, params.slug, hostSecret);
  });
  addRoute(app, 'discardQaVotes', ({ params, body, hostSecret }) =>
    discardQaVotes(store, events, params.slug, hostSecret, body),
  );
  addRoute(app, 'restoreQaVotes', ({ params, body, hostSecret }) =>
    restoreQaVotes(store, events, params.slug, hostSecret, body.source),
  );
}
