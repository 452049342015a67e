import type { FastifyInstance } from 'fastify';
import type { Summary, VoteResponse } from '../../contract/index.ts';
import { castVote } from '../domain/cast-vote.ts';
import { DomainError } from '../domain/errors.ts';
import type { PollEvents } from '../domain/events.ts';
import { isHostSecret } from '../domain/host-auth.ts';
import type { QuizCloser, Standings } from '../domain/quiz/game.ts';
import { readableQuestions, summaryAfterVote } from '../domain/results-after-vote.ts';
import { type LiveCache, summaryViewFor } from '../live/cache.ts';
import type { PollStore, QuizRunningClock } from '../store/store.ts';
import { participantIfAny, participantOf } from './participant.ts';
import { type ReadCost, readRefused } from './read-cost.ts';
import type { RoomSeats } from './room-seats.ts';
import { answerRoundQuery } from './rounds.ts';
import { addRoute } from './route.ts';
import type { SourceHasher } from './source.ts';

export function registerVoteRoutes(
  app: FastifyInstance,
  {
    store,
    events,
    cache,
    sources,
    maxSelections,
    closer,
    readCost,
    room,
    standings,
  }: {
    store: PollStore;
    events: PollEvents;
    cache: LiveCache;
    sources: SourceHasher;
    maxSelections: number;
    closer: QuizCloser;
    readCost: ReadCost;
    room: RoomSeats;
    /** The quiz's standings: a comparison of rounds reads the current round's % correct. */
    standings: Standings;
  },
) {
  const deps = {
    store,
    events,
    readPoll: (slug: string) => cache.poll(slug),
    maxSelections,
    closeQuestion: (slug: string, clock: QuizRunningClock) =>
      closer.close(slug, clock.questionId, clock.startedAt),
    answeredQuestion: (slug: string, questionId: number) => closer.answered(slug, questionId),
    onCloseError: (error: unknown) => app.log.warn(error),
  };

  addRoute(
    app,
    'castVote',
    async ({ params, body, headers, request, reply }) => {
      const participant = participantOf(request);
      // A seated person's answer: the seat's allowance per question of this run (room-seats.ts).
      const giveBack = await room.spend(
        request,
        reply,
        async () => (await cache.poll(params.slug))?.poll.resetCount ?? 0,
        body.answers.map((a) => a.questionId),
      );
      let outcome: Awaited<ReturnType<typeof castVote>>;
      try {
        outcome = await castVote(
          deps,
          params.slug,
          {
            participantId: participant.id,
            freshParticipant: participant.fresh,
            participantIssuedAt: participant.issuedAt,
            seated: room.seated(params.slug, participant.id),
            source: sources.of(request.ip, params.slug),
          },
          body.answers,
          headers['idempotency-key'],
        );
      } catch (error) {
        giveBack();
        throw error;
      }
      const { saved, replayed } = outcome;
      // Same status and body as the first time; the header only helps someone debugging.
      if (replayed) reply.header('idempotent-replayed', 'true');
      // Serialised here: the hot path skips checking a number against the response schema.
      return reply
        .code(201)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ saved } satisfies VoteResponse));
    },
    // A malformed ballot (no answers, empty option list…) is a ballot error to the client.
    { validationCode: 'INVALID_BALLOT', bucket: 'ballot', participant: 'required' },
  );

  // From the cache, serialised once per change, with an ETag: a results page polling every
  // 2.5 s (the stream's fallback) costs a hash comparison and usually a bodiless 304.
  addRoute(
    app,
    'getSummary',
    async ({ params, query, hostSecret, request, reply }) => {
      // Issue 27: another round, or two compared, come from the archive (http/rounds.ts).
      const round = await answerRoundQuery({ store, standings, readCost }, query, {
        slug: params.slug,
        hostSecret,
        request,
        reply,
      });
      if (round) return round;
      // Permission first, on the poll row alone: a refused read caches nothing (before, each 403
      // cached the whole poll, and anonymous reads of private polls could fill memory).
      const poll = await cache.pollRow(params.slug);
      if (!poll) throw new DomainError('POLL_NOT_FOUND');
      // Issue 27: with 'Resultados tras votar', a participant reads the questions it answered.
      const answered = await readableQuestions(
        store,
        poll,
        hostSecret,
        participantIfAny(request)?.id,
      );
      const isHost = isHostSecret(poll, hostSecret);
      // An anonymous read that makes the cache rebuild pays for it (http/read-cost.ts); those
      // that wait on the same rebuild do not.
      if (!isHost && !cache.summaryFresh(params.slug)) {
        const refusal = readCost.refusal(request.ip);
        if (refusal) throw readRefused(reply, refusal);
      }
      const { snapshot, builtMs } = await cache.summaryPaid(params.slug);
      if (!isHost) readCost.charge(request.ip, builtMs);
      if (!snapshot) throw new DomainError('POLL_NOT_FOUND');
      // Counts of questions the host hid go to the host only.
      const audience = summaryViewFor(snapshot, isHost);
      const summary = answered ? afterVoteView(audience, answered) : audience;
      // Revalidate every time; private, since what may be seen depends on X-Host-Secret.
      reply.header('etag', summary.etag).header('cache-control', 'private, no-cache');
      if (matchesEtag(request.headers['if-none-match'], summary.etag)) {
        return reply.code(304).send();
      }
      // One buffer per summary version, shared by every response: a reader that never reads
      // pins no copy of its own (issue 25).
      return reply.code(200).type('application/json; charset=utf-8').send(summaryBytes(summary));
    },
    // The cookie is read, never issued: a results page is no participant.
    { bucket: 'read', participant: 'existing' },
  );
}

/** A participant's view of the results after voting: the tag names the questions answered,
 *  so a new answer is never answered 304. */
function afterVoteView(
  view: { summary: Summary; etag: string },
  answered: ReadonlySet<number>,
): { json: string; etag: string } {
  const ids = [...answered].sort((a, b) => a - b).join('.');
  return {
    json: JSON.stringify(summaryAfterVote(view.summary, answered)),
    etag: `${view.etag.slice(0, -1)}-a${ids}"`,
  };
}

/** If-None-Match holds the tag, or `*` (weak comparison, as RFC 9110 asks for this header). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

const bytesOfSummary = new WeakMap<object, Buffer>();

/** A summary view's JSON as bytes, made once per view (views are never changed once built). */
function summaryBytes(summary: { json: string }): Buffer {
  let bytes = bytesOfSummary.get(summary);
  if (!bytes) {
    bytes = Buffer.from(summary.json);
    bytesOfSummary.set(summary, bytes);
  }
  return bytes;
}
