import type { PollStore } from '../../src/server/store/store.ts';
import { testJoinCode } from './test-join-codes.ts';

/**
 * For tests: ballots of every shape the store's queries see, in batches of the sizes given (the
 * ballots of one size go in together, so the store's group commit takes them as one batch).
 * Ballots vary in the questions they answer, the options chosen and whether they carry an
 * idempotency key, in two polls: one vote per question, and not.
 */
export async function voteLoad(store: PollStore, sizes: number[], seed = 1): Promise<number> {
  let random = seed;
  const next = (n: number) => {
    random = (random * 48271) % 2147483647;
    return random % n;
  };
  const polls = await Promise.all([true, false].map((one) => openPoll(store, one)));
  let ballots = 0;
  for (const [round, size] of sizes.entries()) {
    const votes = Array.from({ length: size }, (_, i) => {
      const { pollId, questions, oneVotePerQuestion } = polls[(round + i) % 2]!;
      const answered = questions.filter((_, q) => q === 0 || next(2) === 0);
      ballots++;
      return store.castVote({
        pollId,
        participantId: `p${seed}-${round}-${i}`,
        answers: answered.map((q) => ({
          questionId: q.id,
          // The multiple-choice question gets 1 to all of its options.
          optionIds:
            q.type === 'multiple'
              ? q.options.slice(0, 1 + next(q.options.length))
              : [q.options[next(q.options.length)]!],
        })),
        oneVotePerQuestion,
        ...(next(2) === 0 && { idempotency: { key: `k${seed}-${round}-${i}`, ballotHash: 'h' } }),
        now: new Date(),
      });
    });
    await Promise.all(votes);
  }
  return ballots;
}

async function openPoll(store: PollStore, oneVotePerQuestion: boolean) {
  const options = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `O${i + 1}` }));
  const poll = await store.createPoll({
    slug: `load${Math.random().toString(36).slice(2, 10)}`,
    title: 'Carga',
    hostSecretHash: 'h',
    joinCode: testJoinCode(),
    oneVotePerQuestion,
    resultsPublic: true,
    status: 'open',
    questions: [
      { text: 'Una', type: 'single', options: options(4) },
      { text: 'Varias', type: 'multiple', options: options(12) },
      { text: 'Sí o no', type: 'yesno', options: options(2) },
    ],
  });
  const questions = (await store.listQuestions(poll.id)).map((q) => ({
    id: q.id,
    type: q.type,
    options: q.options.map((o) => o.id),
  }));
  return { pollId: poll.id, questions, oneVotePerQuestion };
}
