import type {
  QaDiscardBody,
  QaDiscardResponse,
  QaIntegrity,
  QaRestoreResponse,
} from '../../../contract/index.ts';
import type { PollStore, QaVoteSource } from '../../store/store.ts';
import type { PollEvents } from '../events.ts';
import { BULK_IDS_PER_SECOND } from '../integrity.ts';
import { findPollAsHost } from '../poll-view.ts';

/**
 * Issue 25: audience upvotes get the ballots' integrity signals and a host discard. One address
 * dropping its cookie gave 699 upvotes in 60 s, 600 ids banked 40 s earlier gave 600 upvotes in
 * 262 ms, and no host tool removed them. As with ballots (domain/integrity.ts), what flags a
 * source is how its participant ids were made, not how many votes it gave: a hall behind one
 * NAT address votes a lot, from ids its phones got as people opened the page.
 */

/** Below this many upvotes a source is never unusual: a row of friends is not an attack. */
const UNUSUAL_MIN_VOTES = 20;
/** Nearly all from ids issued seconds before (a script dropping its cookie)… */
const UNUSUAL_NEW_ID_SHARE = 0.8;
/** …or mostly from ids issued in a bulk (a bank of ids taken at once). */
const UNUSUAL_BULK_SHARE = 0.5;

export function isUnusualQaSource(s: QaVoteSource): boolean {
  const all = s.votes + s.discarded;
  if (s.source === '' || all < UNUSUAL_MIN_VOTES) return false;
  return (
    s.freshParticipants / all >= UNUSUAL_NEW_ID_SHARE || s.bulkIssued / all >= UNUSUAL_BULK_SHARE
  );
}

export async function getQaIntegrity(
  store: PollStore,
  slug: string,
  secret: string | undefined,
): Promise<QaIntegrity> {
  const poll = await findPollAsHost(store, slug, secret);
  const sources = await store.qaVoteSources(poll.id, BULK_IDS_PER_SECOND);
  const views = sources.map((s) => ({
    source: s.source,
    votes: s.votes,
    discardedVotes: s.discarded,
    newParticipantVotes: s.freshParticipants,
    bulkIssuedVotes: s.bulkIssued,
    unusual: isUnusualQaSource(s),
  }));
  return {
    totalVotes: views.reduce((n, s) => n + s.votes, 0),
    unusualSources: views.filter((s) => s.unusual).length,
    sources: views,
  };
}

/** Sets aside one source's upvotes, or every unusual source's (judged now, as the view would). */
export async function discardQaVotes(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
  body: QaDiscardBody,
): Promise<QaDiscardResponse> {
  const poll = await findPollAsHost(store, slug, secret);
  let response: QaDiscardResponse;
  if ('source' in body) {
    response = { discardedVotes: await store.discardQaVotes(poll.id, [body.source]) };
  } else {
    const sources = await store.qaVoteSources(poll.id, BULK_IDS_PER_SECOND);
    const unusual = sources.filter((s) => isUnusualQaSource(s) && s.votes > 0);
    const discardedVotes = await store.discardQaVotes(
      poll.id,
      unusual.map((s) => s.source),
    );
    response = { discardedVotes, discardedSources: unusual.length };
  }
  if (response.discardedVotes > 0) events.qaChanged(poll.slug);
  return response;
}

/** Counts again the set-aside upvotes of a source (every source without one). */
export async function restoreQaVotes(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
  source: string | undefined,
): Promise<QaRestoreResponse> {
  const poll = await findPollAsHost(store, slug, secret);
  const restoredVotes = await store.restoreQaVotes(poll.id, source);
  if (restoredVotes > 0) events.qaChanged(poll.slug);
  return { restoredVotes };
}
