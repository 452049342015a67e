import type { FastifyInstance } from 'fastify';
import type { PollEvents } from '../domain/events.ts';
import {
  approveAnswers,
  hideWord,
  listAnswers,
  moderateAnswer,
} from '../domain/moderation/moderation.ts';
import type { PollStore } from '../store/store.ts';
import { addRoute } from './route.ts';

/** Issue 13: the host's moderation of open answers, and their list page by page. */
export function registerModerationRoutes(
  app: FastifyInstance,
  store: PollStore,
  events: PollEvents,
) {
  addRoute(app, 'moderateAnswer', ({ params, body, hostSecret }) =>
    moderateAnswer(store, events, params.slug, hostSecret, params.answerId, body.state),
  );

  addRoute(app, 'approveAnswers', ({ params, hostSecret }) =>
    approveAnswers(store, events, params.slug, hostSecret, params.questionId),
  );

  // Each hidden word is a row: the edit bucket keeps a script with the secret from growing
  // the list without end, as it does for questions and options.
  addRoute(
    app,
    'hideWord',
    ({ params, body, hostSecret }) =>
      hideWord(store, events, params.slug, hostSecret, params.questionId, body),
    { bucket: 'pollEdit' },
  );

  addRoute(app, 'listAnswers', ({ params, query, hostSecret }) =>
    listAnswers(store, params.slug, hostSecret, params.questionId, query),
  );
}
