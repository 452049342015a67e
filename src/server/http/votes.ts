import type { FastifyInstance } from 'fastify';
import type { VoteResponse } from '../../contract/index.ts';
import { castVote } from '../domain/cast-vote.ts';
import { DomainError } from '../domain/errors.ts';
import type { PollEvents } from '../domain/events.ts';
import { canSeeResults } from '../domain/tally.ts';
import type { LiveCache } from '../live/cache.ts';
import type { PollStore } from '../store/store.ts';
import { addRoute } from './route.ts';

export function registerVoteRoutes(
  app: FastifyInstance,
  { store, events, cache }: { store: PollStore; events: PollEvents; cache: LiveCache },
) {
  const deps = { store, events, readPoll: (slug: string) => cache.poll(slug) };

  addRoute(
    app,
    'castVote',
    async ({ params, body, headers, participantId, reply }) => {
      const { saved, replayed } = await castVote(
        deps,
        params.slug,
        participantId,
        body.answers,
        headers['idempotency-key'],
      );
      // Same status and body as the first time; the header only helps someone debugging.
      if (replayed) reply.header('idempotent-replayed', 'true');
      // Serialised here: the hot path skips checking a number against the response schema.
      return reply
        .code(201)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ saved } satisfies VoteResponse));
    },
    // A malformed ballot (no answers, empty option list…) is a ballot error to the client.
    { validationCode: 'INVALID_BALLOT' },
  );

  // From the cache, serialised once per change, with an ETag: a results page polling every
  // 2.5 s (the stream's fallback) costs a hash comparison and usually a bodiless 304.
  addRoute(app, 'getSummary', async ({ params, hostSecret, request, reply }) => {
    const poll = await cache.poll(params.slug);
    if (!poll) throw new DomainError('POLL_NOT_FOUND');
    if (!canSeeResults(poll.poll, hostSecret)) throw new DomainError('RESULTS_PRIVATE');
    const summary = await cache.summary(params.slug);
    if (!summary) throw new DomainError('POLL_NOT_FOUND');
    // Revalidate every time; private, since what may be seen depends on X-Host-Secret.
    reply.header('etag', summary.etag).header('cache-control', 'private, no-cache');
    if (matchesEtag(request.headers['if-none-match'], summary.etag)) {
      return reply.code(304).send();
    }
    return reply.code(200).type('application/json; charset=utf-8').send(summary.json);
  });
}

/** If-None-Match holds the tag, or `*` (weak comparison, as RFC 9110 asks for this header). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}
