import type { PollStore } from '../store/store.ts';
import { DomainError } from './errors.ts';
import type { PollEvents } from './events.ts';
import { findPollAsHost } from './poll-view.ts';

/**
 * 'Eliminar encuesta' (issue 24): the host erases the poll and everything of it. Told as a
 * change of the poll: caches re-read it, find it gone and drop it; streams end with `deleted`.
 */
export async function deletePoll(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
): Promise<void> {
  const poll = await findPollAsHost(store, slug, secret);
  // Two tabs deleting at once: the second finds nothing, as if it had come later.
  if (!(await store.deletePoll(poll.id))) throw new DomainError('POLL_NOT_FOUND');
  events.pollChanged(slug);
}
