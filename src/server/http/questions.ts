import type { FastifyInstance } from 'fastify';
import type { PollEvents } from '../domain/events.ts';
import { createQuestion, deleteQuestion, updateQuestion } from '../domain/questions.ts';
import { reorderQuestions } from '../domain/reorder.ts';
import type { PollStore } from '../store/store.ts';
import type { CreationKeys } from './creation-keys.ts';
import { addRoute } from './route.ts';

export function registerQuestionRoutes(
  app: FastifyInstance,
  store: PollStore,
  events: PollEvents,
  creationKeys: CreationKeys,
) {
  addRoute(
    app,
    'createQuestion',
    ({ params, body, headers, hostSecret, reply }) =>
      creationKeys.run(
        reply,
        headers['idempotency-key'],
        `question ${params.slug} ${hostSecret}`,
        body,
        () => createQuestion(store, events, params.slug, hostSecret, body),
      ),
    { growsStorage: true, bucket: 'pollEdit' },
  );

  addRoute(app, 'updateQuestion', ({ params, body, hostSecret }) =>
    updateQuestion(store, events, params.id, hostSecret, body),
  );

  addRoute(app, 'deleteQuestion', async ({ params, hostSecret }) => {
    await deleteQuestion(store, events, params.id, hostSecret);
    return undefined;
  });

  addRoute(app, 'reorderQuestions', ({ params, body, hostSecret }) =>
    reorderQuestions(store, events, params.slug, hostSecret, body.order),
  );
}
