import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { createPoll, duplicatePoll } from '../domain/create-poll.ts';
import { deletePoll } from '../domain/delete-poll.ts';
import type { PollEvents } from '../domain/events.ts';
import { isHostSecret } from '../domain/host-auth.ts';
import { findPollAsHost, getPollBody } from '../domain/poll-view.ts';
import type { QuizCloser } from '../domain/quiz/game.ts';
import { resetVotes } from '../domain/reset.ts';
import { updatePoll } from '../domain/update-poll.ts';
import type { LiveCache } from '../live/cache.ts';
import type { PollSnapshot } from '../live/snapshots.ts';
import type { PollStore } from '../store/store.ts';

import type { CreationKeys } from './creation-keys.ts';
import { type ReadCost, readRefused } from './read-cost.ts';

import { addRoute } from './route.ts';

export function registerPollRoutes(
  app: FastifyInstance,
  store: PollStore,
  events: PollEvents,
  cache: Pick<LiveCache, 'pollPaid' | 'pollFresh'>,
  closer: QuizCloser,
  readCost: ReadCost,
  creationKeys: CreationKeys,
) {
  const grows = { growsStorage: true };
  addRoute(
    app,
    'createPoll',
    ({ body, headers, request, reply }) =>
      // A double click comes from one address: the key is shared by nobody else.
      creationKeys.run(reply, headers['idempotency-key'], `poll ${request.ip}`, body, () =>
        createPoll(store, events, body),
      ),
    {
      ...grows,
      bucket: 'pollCreate',
    },
  );

  // The participant page loads the poll before any vote: the id comes with it. A room of
  // phones asks for it at once, so the questions come from the live cache (kept current by the
  // change bus, as the stream, the page and the vote path read them) and only the row from the
  // store, whose updatedAt moves with every vote. Serialised here like the cache's JSON: the
  // response schema's extra pass cost as much as the query.
  addRoute(
    app,
    'getPoll',
    async ({ params, request, reply, hostSecret }) => {
      const body = await getPollBody(
        store,
        params.slug,
        async (poll, audience) => {
          // An anonymous read that makes the cache load a poll pays for it; those that wait on
          // the same load do not (http/read-cost.ts).
          if (audience !== 'host' && !cache.pollFresh(params.slug)) {
            const refusal = readCost.refusal(request.ip);
            if (refusal) throw readRefused(reply, refusal);
          }
          const { snapshot: cached, builtMs } = await cache.pollPaid(params.slug);
          if (audience !== 'host') readCost.charge(request.ip, builtMs);
          if (cached?.poll.id !== poll.id) return undefined;
          const host = audience === 'host';
          const questionsJson = host ? cached.hostQuestionsJson : cached.questionsJson;
          return { questions: cached.questions, questionsJson, bytes: sharedBytes(cached, host) };
        },
        // The host's own page gets the correct answers of a quiz; nobody else before the close.
        (poll) => (isHostSecret(poll, hostSecret) ? 'host' : 'public'),
      );
      // Quiz: a clock past its end that no timer closed (its instance is gone) closes now.
      closer.closeIfOverdue(params.slug, body.clock);
      reply
        .code(200)
        .type('application/json; charset=utf-8')
        // The view depends on the secret (a quiz's correct answers): no shared cache keeps it.
        .header('cache-control', 'private, no-cache');
      if ('json' in body) return reply.send(body.json);
      // The questions from the snapshot's one buffer, shared by every response (issue 25).
      const before = Buffer.from(body.before);
      const after = Buffer.from(body.after);
      const middle = body.kept.bytes;
      reply.header('content-length', before.length + middle.length + after.length);
      return reply.send(Readable.from([before, middle, after]));
    },
    { participant: 'optional', bucket: 'read' },
  );

  addRoute(app, 'checkHost', async ({ params, hostSecret }) => {
    await findPollAsHost(store, params.slug, hostSecret);
    return undefined;
  });

  addRoute(app, 'updatePoll', async ({ params, body, hostSecret }) => {
    const view = await updatePoll(store, events, params.slug, hostSecret, body);
    // Quiz: the clock this change started closes itself at its end.
    closer.watch(params.slug, view.clock);
    return view;
  });

  addRoute(
    app,
    'duplicatePoll',
    ({ params, hostSecret }) => duplicatePoll(store, events, params.slug, hostSecret),
    { ...grows, bucket: 'pollCreate' },
  );

  addRoute(app, 'deletePoll', async ({ params, hostSecret }) => {
    await deletePoll(store, events, params.slug, hostSecret);
    return undefined;
  });

  addRoute(app, 'resetVotes', ({ params, hostSecret }) =>
    resetVotes(store, events, params.slug, hostSecret),
  );
}

/** The questions' JSON of a cached snapshot as bytes, made once per snapshot and audience and
 *  shared by every response (held while a response or the snapshot holds it). */
const bytesOf = new WeakMap<PollSnapshot, { public?: Buffer; host?: Buffer }>();

function sharedBytes(snapshot: PollSnapshot, host: boolean): Buffer {
  let entry = bytesOf.get(snapshot);
  if (!entry) {
    entry = {};
    bytesOf.set(snapshot, entry);
  }
  if (host) {
    entry.host ??= Buffer.from(snapshot.hostQuestionsJson);
    return entry.host;
  }
  entry.public ??= Buffer.from(snapshot.questionsJson);
  return entry.public;
}
