import { join } from 'node:path';
import { LiveCache } from '../src/server/live/cache.ts';
import { createLocalBus } from '../src/server/live/change-bus.ts';
import { openSqliteStore } from '../src/server/store/sqlite.ts';
import type { StoreAnswer } from '../src/server/store/store.ts';
import { eventLoopBlock } from './lib/latency.ts';
import { tempSqlite } from './lib/processes.ts';
import { nthWord } from './lib/words.ts';

/**
 * `node --import tsx bench/summary-cost.ts`: what one vote costs the event loop in a poll with
 * SUMMARY_CLOUDS (100) open-text questions whose clouds are full (TEXT_WORDS_MAX spellings
 * each): after each vote the live cache rebuilds the summary, as it does for every stream and
 * reader. Measured in process on SQLite (its calls are synchronous): the rebuild's wall time and
 * the longest gap a 1 ms timer saw meanwhile (the event loop blocked). SUMMARY_FULL=1 rebuilds
 * every cloud on each vote (the cache not told which questions a ballot answered).
 */
const clouds = Number(process.env.SUMMARY_CLOUDS ?? 100);
const wordsPerCloud = Number(process.env.SUMMARY_WORDS ?? 2000);
const votes = Number(process.env.SUMMARY_VOTES ?? 10);

const dbFile = tempSqlite();
const store = await openSqliteStore(dbFile, { textWordsMax: wordsPerCloud });
const poll = await store.createPoll({
  slug: 'nubes',
  title: 'Cien nubes',
  hostSecretHash: 'x',
  oneVotePerQuestion: false,
  resultsPublic: true,
  joinCode: '123456',
  status: 'open',
  questions: Array.from({ length: clouds }, (_, i) => ({
    text: `¿Qué piensas de ${i + 1}?`,
    type: 'text' as const,
    ordinal: i + 1,
    options: [],
  })),
});
const questions = await store.listQuestions(poll.id);
const answer = (questionId: number, words: string[]): StoreAnswer => ({
  questionId,
  optionIds: [],
  text: {
    text: words.join(' '),
    words: words.map((w) => ({ key: w, spelling: w })),
    flagged: false,
  },
});

// Fill every cloud: ballots answering every question with ten new words each.
const perBallot = 10;
const started = performance.now();
for (let b = 0; b * perBallot < wordsPerCloud; b++) {
  const words = Array.from({ length: perBallot }, (_, i) => nthWord(b * perBallot + i));
  await store.castVote({
    pollId: poll.id,
    participantId: `p${b}`,
    answers: questions.map((q) => answer(q.id, words)),
    oneVotePerQuestion: false,
    now: new Date(),
  });
}
console.log(
  `${clouds} clouds × ${wordsPerCloud} spellings filled in ${((performance.now() - started) / 1000).toFixed(1)} s (${join(dbFile)})`,
);

const bus = createLocalBus();
const cache = new LiveCache(store, bus, { windowMs: 0, maxBytes: 1024 * 1024 * 1024 });
await cache.summary(poll.slug);

const walls: number[] = [];
const blocks: number[] = [];
for (let v = 0; v < votes; v++) {
  const q = questions[v % questions.length]!;
  await store.castVote({
    pollId: poll.id,
    participantId: `voter${v}`,
    answers: [answer(q.id, [nthWord(v % 50)])],
    oneVotePerQuestion: false,
    now: new Date(),
  });
  // As the vote path tells it: the ballot's open-text questions (SUMMARY_FULL=1: not told,
  // every cloud rebuilt, as before issue 19).
  bus.publish({
    slug: poll.slug,
    kind: 'votes',
    ...(!process.env.SUMMARY_FULL && { textQuestionIds: [q.id] }),
  });
  const { wall, block } = await eventLoopBlock(() => cache.summary(poll.slug));
  walls.push(wall);
  blocks.push(block);
  await new Promise((r) => setTimeout(r, 20));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `One vote, then the summary: rebuild median ${median(walls).toFixed(1)} ms, max ${Math.max(...walls).toFixed(1)} ms; longest event-loop block median ${median(blocks).toFixed(1)} ms, max ${Math.max(...blocks).toFixed(1)} ms (${votes} votes)`,
);
cache.close();
await store.close();
process.exit(0);
