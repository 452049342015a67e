import type { ResetResponse } from '../../contract/index.ts';
import type { PollStore } from '../store/store.ts';
import { DomainError } from './errors.ts';
import type { PollEvents } from './events.ts';
import { findPollAsHost } from './poll-view.ts';

/** Deletes every vote of the poll; refused while it is open, where votes are still arriving. */
export async function resetVotes(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
): Promise<ResetResponse> {
  const poll = await findPollAsHost(store, slug, secret);
  if (poll.status === 'open') throw new DomainError('POLL_OPEN');
  const deletedVotes = await store.resetVotes(poll.id);
  events.pollChanged(poll.slug);
  events.votesChanged(poll.slug);
  return { deletedVotes };
}
