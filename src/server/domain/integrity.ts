import type {
  DiscardBody,
  DiscardResponse,
  EmptyDiscardedResponse,
  Integrity,
  IntegrityQuery,
  IntegritySource,
  RestoreDiscardedBody,
  RestoreDiscardedResponse,
} from '../../contract/index.ts';
import type { RefusalLog } from '../rate/refusals.ts';
import type { BallotSource, PollRecord, PollStore } from '../store/store.ts';
import type { PollEvents } from './events.ts';
import { QUIZ_DELAY_BUCKET_MS, QUIZ_DELAY_BUCKETS, quizSignals } from './integrity-quiz.ts';
import { findPollAsHost } from './poll-view.ts';
import { rekeyOldNicknames } from './quiz/nickname.ts';
import { TimeSlices } from './time-slices.ts';

/** The integrity view's slices: a page of ballots per turn, well inside issue 25's 20 ms. */
const INTEGRITY_SLICE_MS = 6;

/**
 * What the view flags is how a source's participant ids were made, not how many ballots it
 * sent: a classroom behind one NAT address with a few phones on mobile data holds 98 % of the
 * ballots from one source, and a share rule flagged exactly that room (the host still sees the
 * share). Ids are signed with their issue time, so each ballot knows when its id was made,
 * whatever the script did with it since:
 * - a script dropping its cookie votes with ids made seconds before (new ids);
 * - a script banking ids takes hundreds in a second (the participant bucket gives 400 at once)
 *   and votes later, past the new-id window (20 × 300 banked ids waited 11 s and were 0 flags).
 * A room's phones get their ids as people scan the QR, a few a second, and keep them a year.
 */

/** Below this many ballots a source is never unusual: a family on one Wi-Fi is not an attack. */
const UNUSUAL_MIN_BALLOTS = 20;
/** A source whose ballots nearly all came from ids issued seconds before them (a script dropping
 *  its cookie makes every one such; people mostly read before they vote)… */
const UNUSUAL_NEW_ID_SHARE = 0.8;
/**
 * …or mostly from ids issued in bulk: at least this many of the ids it voted with issued within
 * one second. A room of 300 scanning a QR gets theirs over tens of seconds (ten a second at a
 * rush); past the participant burst an address gets 5 a second, so only a burst can be a bulk.
 */
export const BULK_IDS_PER_SECOND = 25;
const UNUSUAL_BULK_SHARE = 0.5;

/** Whether the host should look at this source; the host gets the reason in words and decides. */
export function isUnusual(source: BallotSource): boolean {
  if (source.source === '' || source.ballots < UNUSUAL_MIN_BALLOTS) return false;
  const newIds = source.freshParticipants / source.ballots;
  const bulk = source.bulkIssued / source.ballots;
  return newIds >= UNUSUAL_NEW_ID_SHARE || bulk >= UNUSUAL_BULK_SHARE;
}

/**
 * Every source of the poll, with whether it is unusual; a quiz's also by its own signal. Read a
 * page of ballots at a time, one page per turn of the event loop shared with exports (issue 25:
 * a 200,000-ballot poll's view was one query holding SQLite's loop for its whole length).
 */
async function assess(store: PollStore, poll: PollRecord) {
  const slices = new TimeSlices(INTEGRITY_SLICE_MS);
  const pause = () => slices.pause();
  const sources = await store.ballotSources(poll.id, BULK_IDS_PER_SECOND, pause);
  const quiz = poll.quiz
    ? quizSignals(
        await store.quizAnswerTimings(
          poll.id,
          { bucketMs: QUIZ_DELAY_BUCKET_MS, lastBucket: QUIZ_DELAY_BUCKETS },
          pause,
        ),
        await store.listQuestions(poll.id),
      )
    : undefined;
  const totalBallots = sources.reduce((n, s) => n + s.ballots, 0);
  return {
    totalBallots,
    sources: sources.map((s) => {
      const signal = quiz?.get(s.source) ?? { instantAnswers: 0, bots: false };
      return { ...s, quiz: signal, unusual: isUnusual(s) || signal.bots };
    }),
  };
}

export async function getIntegrity(
  store: PollStore,
  refusals: RefusalLog,
  refusedScope: Integrity['refusedScope'],
  slug: string,
  secret: string | undefined,
  page: IntegrityQuery = { offset: 0, limit: 50 },
): Promise<Integrity> {
  const poll = await findPollAsHost(store, slug, secret);
  const [{ totalBallots, sources }, refusedBallots, setAsideBallots] = await Promise.all([
    assess(store, poll),
    refusals.count(poll.slug),
    store.setAsideBallots(poll.id),
  ]);
  return {
    totalBallots,
    sourceCount: sources.length,
    unusualSources: sources.filter((s) => s.unusual).length,
    offset: page.offset,
    sources: sources.slice(page.offset, page.offset + page.limit).map(
      (s): IntegritySource => ({
        source: s.source,
        ballots: s.ballots,
        firstAt: s.firstAt.toISOString(),
        lastAt: s.lastAt.toISOString(),
        newParticipantBallots: s.freshParticipants,
        bulkIssuedBallots: s.bulkIssued,
        seatedBallots: s.seated,
        instantQuizAnswers: s.quiz.instantAnswers,
        quizBots: s.quiz.bots,
        unusual: s.unusual,
      }),
    ),
    setAsideBallots,
    refusedBallots,
    refusedScope,
  };
}

/**
 * Removes one source's ballots, or every unusual source's at once (a stuffing from 1,000
 * addresses was 21 rounds of a 50-source page), also while the poll is open: stuffing happens
 * while it is. The unusual ones are judged now, as the view the host saw would judge them.
 */
export async function discardSource(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
  body: DiscardBody,
): Promise<DiscardResponse> {
  const poll = await findPollAsHost(store, slug, secret);
  let response: DiscardResponse;
  if ('source' in body) {
    response = { discardedBallots: await store.discardSource(poll.id, body.source) };
  } else {
    const { sources } = await assess(store, poll);
    const unusual = sources.filter((s) => s.unusual).map((s) => s.source);
    const discardedBallots = await store.discardSources(poll.id, unusual);
    response = { discardedBallots, discardedSources: unusual.length };
  }
  if (response.discardedBallots > 0) {
    events.pollChanged(poll.slug);
    events.votesChanged(poll.slug);
  }
  return response;
}

/** Issue 24: brings back what discards set aside (one source, or all). */
export async function restoreDiscarded(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
  body: RestoreDiscardedBody,
): Promise<RestoreDiscardedResponse> {
  const poll = await findPollAsHost(store, slug, secret);
  const restoredBallots = await store.restoreDiscarded(poll.id, body.source);
  // Players set aside before migration 023 come back with their old key.
  await rekeyOldNicknames(store);
  // Quiz rows may come back without ballots: the standings follow the poll's change anyway.
  events.pollChanged(poll.slug);
  events.votesChanged(poll.slug);
  return { restoredBallots };
}

/** Issue 24: 'Vaciar', confirmed in the panel: what was set aside is gone for good. */
export async function emptyDiscarded(
  store: PollStore,
  slug: string,
  secret: string | undefined,
): Promise<EmptyDiscardedResponse> {
  const poll = await findPollAsHost(store, slug, secret);
  return { emptiedBallots: await store.emptyDiscarded(poll.id) };
}
