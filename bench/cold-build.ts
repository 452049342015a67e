import { LiveCache } from '../src/server/live/cache.ts';
import { createLocalBus } from '../src/server/live/change-bus.ts';
import { openStore } from '../src/server/store/open-store.ts';
import type { PollStore, StoreAnswer } from '../src/server/store/store.ts';
import { tempSqlite } from './lib/processes.ts';

/**
 * `node --import tsx bench/cold-build.ts`: the longest event-loop block while the live cache
 * builds a big poll's views from nothing (its first reader, or after an eviction): a 100 × 50
 * poll with every text at its maximum, and a poll of 100 full word clouds. COLD_PG=1 uses
 * PostgreSQL (DATABASE_URL_PG, default postgres://postgres@127.0.0.1:5432/test).
 */
const engine = process.env.COLD_PG ? 'postgres' : 'sqlite';
const schema = `cold_${process.pid}`;
const store: PollStore = await openStore({
  database:
    engine === 'postgres'
      ? {
          kind: 'postgres',
          url: `${process.env.DATABASE_URL_PG ?? 'postgres://postgres@127.0.0.1:5432/test'}?schema=${schema}`,
        }
      : { kind: 'sqlite', file: tempSqlite() },
} as never);

const long = (n: number, seed: string) => `${seed} ${'palabra '.repeat(n)}`.slice(0, n);
let slugs = 0;
async function bigChoicePoll(): Promise<string> {
  const slug = `grande${++slugs}`;
  await store.createPoll({
    slug,
    title: long(120, 'Encuesta grande'),
    hostSecretHash: 'x',
    oneVotePerQuestion: false,
    resultsPublic: true,
    joinCode: String(100000 + slugs),
    status: 'open',
    questions: Array.from({ length: 100 }, (_, i) => ({
      text: long(240, `Pregunta ${i + 1}`),
      type: 'multiple' as const,
      ordinal: i + 1,
      options: Array.from({ length: 50 }, (_, j) => ({
        text: long(120, `Opción ${j + 1}`),
        ordinal: j + 1,
      })),
    })),
  } as never);
  return slug;
}

const letters = (n: number) => {
  let s = '';
  for (let v = n + 1; v > 0; v = Math.floor((v - 1) / 26))
    s = String.fromCharCode(97 + ((v - 1) % 26)) + s;
  return `pal${s}`;
};
async function cloudPoll(): Promise<string> {
  const slug = `nubes${++slugs}`;
  const poll = await store.createPoll({
    slug,
    title: 'Cien nubes',
    hostSecretHash: 'x',
    oneVotePerQuestion: false,
    resultsPublic: true,
    joinCode: String(200000 + slugs),
    status: 'open',
    questions: Array.from({ length: 100 }, (_, i) => ({
      text: `¿Qué piensas de ${i + 1}?`,
      type: 'text' as const,
      ordinal: i + 1,
      options: [],
    })),
  } as never);
  const questions = await store.listQuestions(poll.id);
  for (let b = 0; b * 10 < 2000; b++) {
    const words = Array.from({ length: 10 }, (_, i) => letters(b * 10 + i));
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
  return slug;
}

async function coldBlock(slug: string): Promise<{ wall: number; block: number }> {
  const cache = new LiveCache(store, createLocalBus(), {
    windowMs: 0,
    maxBytes: 1024 * 1024 * 1024,
  });
  let last = performance.now();
  let block = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    block = Math.max(block, now - last);
    last = now;
  }, 1);
  const t0 = performance.now();
  await cache.poll(slug);
  await cache.summary(slug);
  const wall = performance.now() - t0;
  block = Math.max(block, performance.now() - last);
  clearInterval(ticker);
  cache.close();
  return { wall, block };
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
process.exit(0);
