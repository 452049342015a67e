import type { PollStore } from '../../src/server/store/store.ts';
import { testJoinCode } from './test-join-codes.ts';

/** Adds the two questions the ballot suites vote on: 'Uno' (single) and 'Varias' (multiple), A B C. */
export async function addSingleAndMultiple(store: PollStore, pollId: number) {
  const options = [{ text: 'A' }, { text: 'B' }, { text: 'C' }];
  const single = await store.addQuestion(pollId, { text: 'Uno', type: 'single', options });
  const multi = await store.addQuestion(pollId, { text: 'Varias', type: 'multiple', options });
  return { single, multi };
}

/** An open one-vote poll of the two questions above: what the PostgreSQL batch tests vote on. */
export async function openVotingPoll(store: PollStore, slug: string) {
  const poll = await store.createPoll({
    slug,
    title: slug,
    hostSecretHash: 'h'.repeat(64),
    joinCode: testJoinCode(),
    oneVotePerQuestion: true,
    resultsPublic: false,
    status: 'open',
  });
  return { poll, ...(await addSingleAndMultiple(store, poll.id)) };
}
