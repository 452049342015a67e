import { randomBytes } from 'node:crypto';
import type { PollStore } from '../../src/server/store/store.ts';

/**
 * The poll the PostgreSQL batch benches write to (pg-batch-cpu.ts, pg-write-explain.ts): open,
 * one vote per question, a single and a multiple question of three options each, so a ballot
 * writes 3 choices and 2 one-vote rows. `letter` starts the slug, so runs tell their polls apart.
 */
export async function batchPoll(store: PollStore, letter: string) {
  const poll = await store.createPoll({
    slug: `${letter}${randomBytes(3).toString('hex')}x`,
    title: letter.toUpperCase(),
    hostSecretHash: 'h'.repeat(64),
    joinCode: `${Math.floor(Math.random() * 9e5) + 1e5}`,
    oneVotePerQuestion: true,
    resultsPublic: false,
    status: 'open',
  });
  const options = [{ text: 'A' }, { text: 'B' }, { text: 'C' }];
  const q1 = await store.addQuestion(poll.id, { text: 'Uno', type: 'single', options });
  const q2 = await store.addQuestion(poll.id, { text: 'Dos', type: 'multiple', options });
  return { poll, q1, q2 };
}
