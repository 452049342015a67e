import type { JoinResponse, ParticipantState } from '../../contract/index.ts';
import type { PollStore } from '../store/store.ts';
import { DomainError } from './errors.ts';
import { playerClock } from './homework/self-paced.ts';
import { findPoll } from './poll-view.ts';
import { participantQuizState, type Standings } from './quiz/game.ts';

/** The poll a join code leads to: one that is not closed (a closed poll's code is free). */
export async function joinByCode(store: PollStore, code: string): Promise<JoinResponse> {
  const poll = await store.getPollByJoinCode(code);
  if (!poll) throw new DomainError('JOIN_CODE_NOT_FOUND');
  return { slug: poll.slug };
}

/** What this participant already answered, so a reopened page asks only for the rest. */
export async function participantState(
  store: PollStore,
  standings: Standings,
  slug: string,
  participantId: string,
): Promise<ParticipantState> {
  const poll = await findPoll(store, slug);
  return {
    answeredQuestionIds: await store.answeredQuestionIds(poll.id, participantId),
    ...(await participantQuizState(standings, poll, participantId)),
    clock: await playerClock(store, poll, participantId, new Date()),
  };
}
