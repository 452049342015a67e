import type { PollStore, StoreOptions } from '../../src/server/store/store.ts';
import { storeContract } from './store-contract.ts';
import { afterVoteContract } from './store-contract-after-vote.ts';
import { ballotPagesContract } from './store-contract-ballots.ts';
import { blockedWordsContract } from './store-contract-blocked-words.ts';
import { cohostsContract } from './store-contract-cohosts.ts';
import { deletePollContract } from './store-contract-delete.ts';
import { homeworkContract } from './store-contract-homework.ts';
import { myPollsContract } from './store-contract-my-polls.ts';
import { qaContract } from './store-contract-qa.ts';
import { questionTypesContract } from './store-contract-question-types.ts';
import { roundsContract } from './store-contract-rounds.ts';
import { pollRunsContract } from './store-contract-runs.ts';
import { tallyReadContract } from './store-contract-tally.ts';
import { textAnswersContract } from './store-contract-text.ts';

/**
 * Every PollStore contract suite but the quiz's, in one call, so each engine's test file runs the
 * same list. `factory` must return an empty, migrated store each time.
 */
export function storeContractSuites(
  engine: string,
  factory: (options?: StoreOptions) => Promise<PollStore>,
): void {
  storeContract(engine, () => factory());
  ballotPagesContract(engine, () => factory());
  myPollsContract(engine, () => factory());
  pollRunsContract(engine, () => factory());
  textAnswersContract(engine, factory);
  blockedWordsContract(engine, () => factory());
  qaContract(engine, () => factory());
  deletePollContract(engine, () => factory());
  cohostsContract(engine, () => factory());
  questionTypesContract(engine, () => factory());
  afterVoteContract(engine, () => factory());
  roundsContract(engine, () => factory());
  homeworkContract(engine, () => factory());
  tallyReadContract(engine, factory);
}
