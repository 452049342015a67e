import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { call, participants } from './lib/api.ts';
import { root, type Server, startServer, tempSqlite } from './lib/processes.ts';
import { quizPlayers } from './lib/quiz-players.ts';

/**
 * Server CPU per ballot of this tree's compiled server against another tree's (AB_TREE, built),
 * both up at once (issue 29; `AB_TREE=/path node --import tsx bench/ballot-cpu-ab.ts`, never
 * part of `npm test`). Each round sends 50 one-answer ballots (50 phones, 20 addresses, rate
 * limits on, one at a time, AB_GAP_MS apart) to one server then the other, the order swapped
 * every round, so a load that drifts falls on both alike. CPU is each server's threads' run time
 * from /proc/<pid>/task/<tid>/schedstat (nanoseconds, not 10 ms ticks). AB_ROUNDS (20).
 */
const ROUNDS = Number(process.env.AB_ROUNDS ?? 20);
const GAP_MS = Number(process.env.AB_GAP_MS ?? 0);
const PLAYERS = 50;
const other = process.env.AB_TREE;
if (!other) {
  console.error('AB_TREE: the built checkout to compare with');
  process.exit(2);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Run time of every thread of the process so far, in ms. */
function threadsMs(pid: number): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended meanwhile (a V8 helper, the checkpointer's worker).
    }
  }
  return ns / 1e6;
}

const start = (tree: string) =>
  startServer({
    script: join(tree, 'build/server/main.js'),
    env: { DATABASE_URL: tempSqlite(), RATE_LIMITS: 'on' },
    healthPath: '/api/v1/health',
  });
const servers: Record<string, Server> = {
  other: await start(resolve(other)),
  this: await start(root),
};
const players = quizPlayers();
const cookies = Array.from({ length: PLAYERS }, participants());

try {
  const polls: Record<
    string,
    { slug: string; questions: { id: number; options: { id: number }[] }[] }
  > = {};
  for (const [name, server] of Object.entries(servers)) {
    const poll = await call(server.url, 'POST', '/polls', { title: 'Encuesta' });
    const questions = [];
    for (let k = 0; k <= ROUNDS; k++) {
      questions.push(
        await call(
          server.url,
          'POST',
          `/polls/${poll.slug}/questions`,
          { text: `P${k}`, type: 'single', options: [{ text: 'A' }, { text: 'B' }, { text: 'C' }] },
          poll.host_secret,
        ),
      );
    }
    await call(server.url, 'PATCH', `/polls/${poll.slug}`, { status: 'open' }, poll.host_secret);
    polls[name] = { slug: poll.slug, questions };
  }
  const round = async (name: string, k: number) => {
    const server = servers[name]!;
    const { slug, questions } = polls[name]!;
    const q = questions[k]!;
    const before = threadsMs(server.pid);
    for (let i = 0; i < PLAYERS; i++) {
      const r = await players.vote(server.url, i, slug, cookies[i]!, q.id, q.options[i % 3]!.id);
      if (r.status !== 201) throw new Error(`${name}: ${r.status} ${r.body}`);
      if (GAP_MS) await sleep(GAP_MS);
    }
    return (threadsMs(server.pid) - before) / PLAYERS;
  };
  // A warm-up round each, not counted.
  await round('other', 0);
  await round('this', 0);
  const per: Record<string, number[]> = { other: [], this: [] };
  const load0 = loadavg()[0]!;
  for (let k = 1; k <= ROUNDS; k++) {
    const order = k % 2 ? ['other', 'this'] : ['this', 'other'];
    for (const name of order) per[name]!.push(await round(name, k));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  console.log(
    `${ROUNDS} rounds of ${PLAYERS} ballots each, ${GAP_MS} ms apart; load ${load0.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`,
  );
  for (const name of ['other', 'this']) {
    const xs = per[name]!;
    console.log(
      `${name === 'this' ? `this (${root})` : `other (${other})`}: CPU per ballot mean ${mean(xs).toFixed(3)} ms, median ${median(xs).toFixed(3)} ms`,
    );
  }
  const wins = per.this!.filter((x, i) => x < per.other![i]!).length;
  console.log(`rounds where this used less CPU than other: ${wins} / ${ROUNDS}`);
} finally {
  players.destroy();
  for (const s of Object.values(servers)) await s.stop();
}
