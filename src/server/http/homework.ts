import type { FastifyInstance } from 'fastify';
import type { PollEvents } from '../domain/events.ts';
import { setMoreTimeAsHost } from '../domain/homework/more-time.ts';
import { homeworkProgress, nextQuestion } from '../domain/homework/self-paced.ts';
import type { ReadPoll } from '../domain/poll-view.ts';
import type { PollStore } from '../store/store.ts';
import { participantOf } from './participant.ts';
import { addRoute } from './route.ts';

/** Issue 27: a self-paced quiz's next question, its progress, and 'Más tiempo'. */
export function registerHomeworkRoutes(
  app: FastifyInstance,
  store: PollStore,
  events: PollEvents,
  readPoll: ReadPoll,
) {
  addRoute(
    app,
    'nextQuestion',
    async ({ params, request, reply }) => {
      reply.header('cache-control', 'private, no-store');
      return nextQuestion(store, params.slug, participantOf(request).id, new Date(), readPoll);
    },
    // A phone asks once per question and once per reload: the address's read bucket.
    { participant: 'required', bucket: 'read' },
  );

  addRoute(app, 'homeworkProgress', async ({ params, hostSecret, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return homeworkProgress(store, params.slug, hostSecret, new Date());
  });

  addRoute(app, 'setMoreTime', ({ params, body, hostSecret }) =>
    setMoreTimeAsHost(
      store,
      events,
      params.slug,
      hostSecret,
      params.nickname,
      body.moreTime,
      new Date(),
    ),
  );
}
