import type { FastifyInstance } from 'fastify';
import { QUIZ_GRACE_MS } from '../../contract/index.ts';
import type { PollEvents } from '../domain/events.ts';
import {
  closeQuestionAsHost,
  leaderboard,
  QuizCloser,
  type Standings,
  setNickname,
} from '../domain/quiz/game.ts';
import { removePlayerAsHost, renamePlayerAsHost } from '../domain/quiz/players.ts';
import { roundLeaderboard } from '../domain/rounds/round-views.ts';
import type { Limiter } from '../rate/limiter.ts';
import type { PollStore } from '../store/store.ts';
import { participantOf } from './participant.ts';
import { rateLimited } from './rate-limits.ts';
import { addRoute } from './route.ts';

/** The quiz's own state, shared by its routes and the poll, vote and room routes. */
export interface Quiz {
  standings: Standings;
  closer: QuizCloser;
  events: PollEvents;
}

/** Timers of running clocks are armed when the server is ready and cleared when it closes. */
export function createQuiz(
  app: FastifyInstance,
  store: PollStore,
  events: PollEvents,
  standings: Standings,
): Quiz {
  const log = (message: string, error: unknown) => app.log.warn({ err: error }, message);
  const quiz = {
    standings,
    closer: new QuizCloser(store, events, QUIZ_GRACE_MS, log),
    events,
  };
  app.addHook('onReady', async () => {
    await quiz.closer.armOpenClocks().catch((error) => log('quiz: could not arm clocks', error));
  });
  app.addHook('onClose', async () => quiz.closer.stop());
  return quiz;
}

export function registerQuizRoutes(
  app: FastifyInstance,
  store: PollStore,
  quiz: Quiz,
  limiter: Limiter,
) {
  addRoute(
    app,
    'setNickname',
    async ({ params, body, request, reply }) => {
      reply.header('cache-control', 'private, no-store');
      const participant = participantOf(request);
      // Its own bucket per id, not the address's ballots: a room behind one address names 300
      // players and still answers every question (limits.ts NICKNAME_*). New ids cost the
      // address's participant bucket, so a cookie-dropper gets no more names than ids.
      const wait = await limiter.take('nickname', `${participant.id} ${params.slug}`);
      if (wait > 0) throw rateLimited(reply, wait);
      return setNickname(store, params.slug, participant.id, body.nickname);
    },
    // A nickname the schema refuses (length, hygiene) is NICKNAME_INVALID to the phone.
    { validationCode: 'NICKNAME_INVALID', participant: 'required' },
  );

  addRoute(
    app,
    'getLeaderboard',
    async ({ params, query, hostSecret, reply }) => {
      reply.header('cache-control', 'private, no-store');
      // Issue 27: an archived round keeps its own standings (domain/rounds/).
      const archived =
        query.round === undefined
          ? undefined
          : await roundLeaderboard(store, params.slug, hostSecret, query.round, query.limit);
      return archived ?? leaderboard(store, quiz.standings, params.slug, hostSecret, query.limit);
    },
    // An anonymous read like the poll's: the address's read bucket (limits.ts READ_*).
    { bucket: 'read' },
  );

  addRoute(
    app,
    'renamePlayer',
    ({ params, body, hostSecret }) =>
      renamePlayerAsHost(
        store,
        quiz.events,
        params.slug,
        hostSecret,
        params.nickname,
        body.nickname,
      ),
    // A new nickname the schema refuses is NICKNAME_INVALID, as to the player itself.
    { validationCode: 'NICKNAME_INVALID' },
  );

  addRoute(app, 'removePlayer', async ({ params, hostSecret }) => {
    await removePlayerAsHost(store, quiz.events, params.slug, hostSecret, params.nickname);
    return undefined;
  });

  addRoute(app, 'closeQuestion', ({ params, hostSecret }) =>
    closeQuestionAsHost(store, quiz.closer, params.slug, hostSecret, params.questionId),
  );
}
