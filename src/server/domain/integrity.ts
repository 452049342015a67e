import type { DiscardResponse, Integrity, IntegritySource } from '../../contract/index.ts';
import type { RefusalLog } from '../rate/refusals.ts';
import type { BallotSource, PollStore } from '../store/store.ts';
import type { PollEvents } from './events.ts';
import { findPollAsHost } from './poll-view.ts';

/** Sources listed to the host; the rest are counted in sourceCount. */
const SOURCES_SHOWN = 50;
/** Below this many ballots a source is never unusual: a family on one Wi-Fi is not an attack. */
const UNUSUAL_MIN_BALLOTS = 20;
/** A source holding this share of the poll's ballots while others voted too… */
const UNUSUAL_SHARE = 0.5;
/** …or whose ballots nearly all came from ids issued seconds before them (a script dropping its
 *  cookie makes every one such; people mostly read before they vote). */
const UNUSUAL_NEW_ID_SHARE = 0.8;

/**
 * Whether the host should look at this source. A classroom behind one NAT address is one source
 * with every ballot, which is why the host gets the reason in words and decides: the server
 * only points.
 */
export function isUnusual(source: BallotSource, totalBallots: number, sources: number): boolean {
  if (source.source === '' || source.ballots < UNUSUAL_MIN_BALLOTS) return false;
  const share = source.ballots / totalBallots;
  const newIds = source.freshParticipants / source.ballots;
  return (sources > 1 && share >= UNUSUAL_SHARE) || newIds >= UNUSUAL_NEW_ID_SHARE;
}

export async function getIntegrity(
  store: PollStore,
  refusals: RefusalLog,
  refusedScope: Integrity['refusedScope'],
  slug: string,
  secret: string | undefined,
): Promise<Integrity> {
  const poll = await findPollAsHost(store, slug, secret);
  const [sources, refusedBallots] = await Promise.all([
    store.ballotSources(poll.id),
    refusals.count(poll.slug),
  ]);
  const totalBallots = sources.reduce((n, s) => n + s.ballots, 0);
  return {
    totalBallots,
    sourceCount: sources.length,
    sources: sources.slice(0, SOURCES_SHOWN).map(
      (s): IntegritySource => ({
        source: s.source,
        ballots: s.ballots,
        firstAt: s.firstAt.toISOString(),
        lastAt: s.lastAt.toISOString(),
        newParticipantBallots: s.freshParticipants,
        unusual: isUnusual(s, totalBallots, sources.length),
      }),
    ),
    refusedBallots,
    refusedScope,
  };
}

/** Removes one source's ballots, also while the poll is open: stuffing happens while it is. */
export async function discardSource(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
  source: string,
): Promise<DiscardResponse> {
  const poll = await findPollAsHost(store, slug, secret);
  const discardedBallots = await store.discardSource(poll.id, source);
  if (discardedBallots > 0) {
    events.pollChanged(poll.slug);
    events.votesChanged(poll.slug);
  }
  return { discardedBallots };
}
