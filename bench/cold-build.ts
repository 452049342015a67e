import pg from 'pg';
import type { DatabaseConfig } from '../src/server/config.ts';
import { LiveCache } from '../src/server/live/cache.ts';
import { createLocalBus } from '../src/server/live/change-bus.ts';
import { openStore } from '../src/server/store/open-store.ts';
import type { NewQuestion, PollStore, StoreAnswer } from '../src/server/store/store.ts';
import { eventLoopBlock } from './lib/latency.ts';
import { tempSqlite } from './lib/processes.ts';
import { nthWord } from './lib/words.ts';

/**
 * `node --import tsx bench/cold-build.ts`: the longest event-loop block while the live cache
 * builds a big poll's views from nothing (its first reader, or after an eviction): a 100 × 50
 * poll with every text at its maximum, and a poll of 100 full word clouds. COLD_PG=1 uses
 * PostgreSQL (DATABASE_URL_PG, default postgres://postgres@127.0.0.1:5432/test).
 */
const engine = process.env.COLD_PG ? 'postgres' : 'sqlite';
const pgUrl = process.env.DATABASE_URL_PG ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `cold_${process.pid}`;
const database: DatabaseConfig =
  engine === 'postgres'
    ? { kind: 'postgres', url: `${pgUrl}?schema=${schema}` }
    : { kind: 'sqlite', file: tempSqlite() };
const store: PollStore = await openStore({ database });

const long = (n: number, seed: string) => `${seed} ${'palabra '.repeat(n)}`.slice(0, n);
let polls = 0;
/** An open, public poll with these questions. */
function openPoll(title: string, questions: NewQuestion[]) {
  polls++;
  return store.createPoll({
    slug: `cold${polls}xyz`,
    title,
    hostSecretHash: 'x',
    oneVotePerQuestion: false,
    resultsPublic: true,
    joinCode: String(100000 + polls),
    status: 'open',
    questions,
  });
}

async function bigChoicePoll(): Promise<string> {
  const poll = await openPoll(
    long(120, 'Encuesta grande'),
    Array.from({ length: 100 }, (_, i) => ({
      text: long(240, `Pregunta ${i + 1}`),
      type: 'multiple' as const,
      ordinal: i + 1,
      options: Array.from({ length: 50 }, (_, j) => ({
        text: long(120, `Opción ${j + 1}`),
        ordinal: j + 1,
      })),
    })),
  );
  return poll.slug;
}

async function cloudPoll(): Promise<string> {
  const poll = await openPoll(
    'Cien nubes',
    Array.from({ length: 100 }, (_, i) => ({
      text: `¿Qué piensas de ${i + 1}?`,
      type: 'text' as const,
      ordinal: i + 1,
      options: [],
    })),
  );
  const questions = await store.listQuestions(poll.id);
  for (let b = 0; b * 10 < 2000; b++) {
    const words = Array.from({ length: 10 }, (_, i) => nthWord(b * 10 + i));
    await store.castVote({
      pollId: poll.id,
      participantId: `p${b}`,
      answers: questions.map(
        (q): StoreAnswer => ({
          questionId: q.id,
          optionIds: [],
          text: {
            text: words.join(' '),
            words: words.map((w) => ({ key: w, spelling: w })),
            flagged: false,
          },
        }),
      ),
      oneVotePerQuestion: false,
      now: new Date(),
    });
  }
  return poll.slug;
}

async function coldBlock(slug: string): Promise<{ wall: number; block: number }> {
  const cache = new LiveCache(store, createLocalBus(), {
    windowMs: 0,
    maxBytes: 1024 * 1024 * 1024,
  });
  try {
    return await eventLoopBlock(async () => {
      await cache.poll(slug);
      await cache.summary(slug);
    });
  } finally {
    cache.close();
  }
}

for (const [name, make] of [
  ['100 × 50, texts at their maxima', bigChoicePoll],
  ['100 full clouds (2,000 spellings each)', cloudPoll],
] as const) {
  const slug = await make();
  const runs = [];
  for (let i = 0; i < 5; i++) {
    runs.push(await coldBlock(slug));
    await new Promise((r) => setTimeout(r, 50));
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[2]!.toFixed(1);
  console.log(
    `${engine} · ${name}: cold poll + summary, wall median ${med(runs.map((r) => r.wall))} ms; longest event-loop block median ${med(runs.map((r) => r.block))} ms, max ${Math.max(...runs.map((r) => r.block)).toFixed(1)} ms`,
  );
}
await store.close();
if (engine === 'postgres') {
  const client = new pg.Client(pgUrl);
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
}
process.exit(0);
