import type { Kysely } from 'kysely';
import { expect, it, vi } from 'vitest';
import { VoteBatcher } from './kysely-vote-batch.ts';
import type { Database } from './schema.ts';
import type { CastVoteInput, CastVoteResult } from './store.ts';

const input = (participantId: string): CastVoteInput => ({
  pollId: 1,
  participantId,
  answers: [{ questionId: 1, optionIds: [1] }],
  oneVotePerQuestion: true,
  now: new Date(),
});

it('retries the ballots of a failed batch one by one, so an error reaches only its own', async () => {
  // A database whose batch transaction fails (a constraint, a dropped connection…).
  const db = {
    transaction: () => ({
      execute: async () => {
        throw new Error('batch failed');
      },
    }),
  } as unknown as Kysely<Database>;
  const single = vi.fn(async (i: CastVoteInput): Promise<CastVoteResult> => {
    if (i.participantId === 'bad') throw new Error('only this one');
    return { outcome: 'stored', saved: 1 };
  });
  const batcher = new VoteBatcher(db, { isUniqueViolation: () => false }, single, 2000);
  const results = await Promise.allSettled(
    ['a', 'bad', 'c'].map((p) => batcher.castVote(input(p))),
  );
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(single.mock.calls.map(([i]) => i.participantId)).toEqual(['a', 'bad', 'c']);
  // The queue is gone once drained: the next ballot starts a new batch.
  await expect(batcher.castVote(input('d'))).resolves.toEqual({ outcome: 'stored', saved: 1 });
});
