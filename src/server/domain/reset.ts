import type { ResetResponse } from '../../contract/index.ts';
import type { PollStore } from '../store/store.ts';
import type { PollEvents } from './events.ts';
import { findPollAsHost } from './poll-view.ts';

/**
 * Deletes every vote of the poll and starts a new run (its reset count goes up, and with the
 * ballots go the one-vote records, so every phone may vote again). Allowed in any status
 * (issue 17): a teacher resets an open poll between two groups; the panel confirms first.
 */
export async function resetVotes(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
): Promise<ResetResponse> {
  const poll = await findPollAsHost(store, slug, secret);
  const deletedVotes = await store.resetVotes(poll.id);
  events.pollChanged(poll.slug);
  events.votesChanged(poll.slug);
  return { deletedVotes };
}
