import type { PollStore } from '../../src/server/store/store.ts';

/** Adds the two questions the ballot suites vote on: 'Uno' (single) and 'Varias' (multiple), A B C. */
export async function addSingleAndMultiple(store: PollStore, pollId: number) {
  const options = [{ text: 'A' }, { text: 'B' }, { text: 'C' }];
  const single = await store.addQuestion(pollId, { text: 'Uno', type: 'single', options });
  const multi = await store.addQuestion(pollId, { text: 'Varias', type: 'multiple', options });
  return { single, multi };
}
