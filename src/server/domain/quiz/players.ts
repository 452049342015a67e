import { quizMessages } from '../../../contract/index.ts';
import type { PollStore } from '../../store/store.ts';
import { DomainError } from '../errors.ts';
import type { PollEvents } from '../events.ts';
import { findPollAsHost } from '../poll-view.ts';
import { checkNickname, NICKNAME_KEY_VERSION } from './nickname.ts';

/**
 * The host's hand on the players of a quiz (issue 25): a nickname that got past the filter, or
 * a look-alike of another player's, is renamed or removed from the projector's standings. A
 * player is named by its nickname, as the leaderboard shows it (unique in the poll).
 */

/** Renames a player; the new nickname passes the very rule of a player's own (nickname.ts). */
export async function renamePlayerAsHost(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
  nickname: string,
  to: string,
): Promise<{ nickname: string }> {
  const poll = await findPollAsHost(store, slug, secret);
  const key = await checkNickname(store, poll, to);
  const outcome = await store.renamePlayer({
    pollId: poll.id,
    nickname,
    to,
    key,
    keyVersion: NICKNAME_KEY_VERSION,
  });
  if (outcome === 'missing') throw new DomainError('PLAYER_NOT_FOUND');
  if (outcome === 'taken') throw new DomainError('NICKNAME_TAKEN', quizMessages.nicknameTaken);
  // The presenter's leaderboard and podium read the standings again on this frame.
  events.pollChanged(slug);
  return { nickname: to };
}

/** Removes a player and its points; its phone asks for a nickname again. */
export async function removePlayerAsHost(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
  nickname: string,
): Promise<void> {
  const poll = await findPollAsHost(store, slug, secret);
  if (!(await store.removePlayer({ pollId: poll.id, nickname }))) {
    throw new DomainError('PLAYER_NOT_FOUND');
  }
  events.pollChanged(slug);
}
