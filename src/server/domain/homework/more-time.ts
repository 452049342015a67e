import type { MoreTimeResponse } from '../../../contract/index.ts';
import type { PollStore } from '../../store/store.ts';
import { DomainError } from '../errors.ts';
import type { PollEvents } from '../events.ts';
import { findPollAsHost } from '../poll-view.ts';

/**
 * 'Más tiempo' (WCAG 2.2.1, issue 27): the host doubles a player's time limits. A self-paced
 * quiz starts the player's clocks twice as long (and stretches the one running); a live quiz
 * takes the player's answers until twice the limit and waits for them before closing.
 */
export async function setMoreTimeAsHost(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
  nickname: string,
  moreTime: boolean,
  now: Date,
): Promise<MoreTimeResponse> {
  const poll = await findPollAsHost(store, slug, secret);
  if (!(await store.setMoreTime({ pollId: poll.id, nickname, moreTime, now }))) {
    throw new DomainError('PLAYER_NOT_FOUND');
  }
  // The player's phone reads its clock again on this frame.
  events.pollChanged(slug);
  return { nickname, moreTime };
}
