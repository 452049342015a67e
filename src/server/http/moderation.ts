import type { FastifyInstance } from 'fastify';
import type { PollEvents } from '../domain/events.ts';
import {
  type BlockedWordsLimits,
  getBlockedWords,
  setBlockedWords,
} from '../domain/moderation/blocked-words.ts';
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
  blockedLimits: BlockedWordsLimits,
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

  // Issue 17: 'Palabras bloqueadas'. The list is capped (BLOCKED_WORDS_MAX) and each write
  // replaces it; the edit bucket keeps a script with the secret from rewriting it in a loop.
  addRoute(app, 'getBlockedWords', ({ params, hostSecret }) =>
    getBlockedWords(store, params.slug, hostSecret),
  );
  addRoute(
    app,
    'setBlockedWords',
    ({ params, body, hostSecret }) =>
      setBlockedWords(store, events, params.slug, hostSecret, body, blockedLimits),
    { bucket: 'pollEdit' },
  );
}
