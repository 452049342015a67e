import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { call, participants } from './lib/api.ts';
import { root, startServer, tempSqlite } from './lib/processes.ts';
import { createQuiz, optionOf, quizPlayers } from './lib/quiz-players.ts';

/**
 * What one ballot allocates on the server's heap (issue 29; `node --import tsx bench/ballot-alloc.ts`,
 * never part of `npm test`). The compiled server of ALLOC_TREE (default: this tree; build it
 * first) runs as bench:quiz runs it (SQLite file, rate limits on, 50 phones from 20 addresses),
 * preloaded with lib/alloc-probe.mjs. Two windows, after a warm-up round each:
 * - plain: ALLOC_ROUNDS rounds of 50 one-answer ballots on a poll that is no quiz, one at a time;
 * - quiz: the same number of questions of a quiz whose 50 players hold their participation
 *   streams (so their answers spend their seats), each question opened by the host (PATCH) and
 *   closed by its last answer (standings, 100 frames): per answer, 1/50 of those included.
 * Printed: KB allocated and process CPU per ballot / answer, the collections of each window
 * (ALLOC_GAP_MS between ballots: 0, back to back). ALLOC_PROFILE_DIR
 * also writes each window's sampling heap profile (objects collected included) there.
 */

const ROUNDS = Number(process.env.ALLOC_ROUNDS ?? 20);
/** Milliseconds between two ballots (0: back to back; bench:quiz's are ~110 ms apart). */
const GAP_MS = Number(process.env.ALLOC_GAP_MS ?? 0);
const PLAYERS = 50;
const tree = resolve(process.env.ALLOC_TREE ?? root);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const server = await startServer({
  script: join(tree, 'build/server/main.js'),
  env: {
    DATABASE_URL: tempSqlite(),
    RATE_LIMITS: 'on',
    ...(process.env.ALLOC_PROFILE_DIR && { ALLOC_PROFILE_DIR: process.env.ALLOC_PROFILE_DIR }),
  },
  healthPath: '/api/v1/health',
  nodeArgs: [
    '--import',
    join(root, 'bench/lib/alloc-probe.mjs'),
    // e.g. --cpu-prof --cpu-prof-dir=…: a profile written when the server stops.
    ...(process.env.ALLOC_NODE_ARGS?.split(' ') ?? []),
  ],
});
const players = quizPlayers();
const base = server.url;
const cookies = Array.from({ length: PLAYERS }, participants());

/** Ends the probe's window and starts the next; resolves with the window just ended. */
async function mark(): Promise<{ allocated?: number; gcs?: Record<string, number>; cpu: number }> {
  const cpu = server.cpuSeconds();
  const seen = server.output().split('ALLOC-MARK ').length;
  process.kill(server.pid, 'SIGUSR2');
  for (;;) {
    const parts = server.output().split('ALLOC-MARK ');
    if (parts.length > seen) return { ...JSON.parse(parts[seen]!.split('\n')[0]!), cpu };
    await sleep(10);
  }
}

const expectCreated = (r: { status: number; body: string }) => {
  if (r.status !== 201) throw new Error(`ballot refused: ${r.status} ${r.body}`);
};

try {
  // ── Plain ballots ──
  const plain = await call(base, 'POST', '/polls', { title: 'Encuesta' });
  const plainQuestions: { id: number; options: { id: number }[] }[] = [];
  for (let k = 0; k <= ROUNDS; k++) {
    plainQuestions.push(
      await call(
        base,
        'POST',
        `/polls/${plain.slug}/questions`,
        { text: `Capital ${k + 1}`, type: 'single', options: [{ text: 'A' }, { text: 'B' }] },
        plain.host_secret,
      ),
    );
  }
  await call(base, 'PATCH', `/polls/${plain.slug}`, { status: 'open' }, plain.host_secret);
  const plainRound = async (k: number) => {
    const q = plainQuestions[k]!;
    for (let i = 0; i < PLAYERS; i++) {
      expectCreated(
        await players.vote(base, i, plain.slug, cookies[i]!, q.id, q.options[i % 2]!.id),
      );
      if (GAP_MS) await sleep(GAP_MS);
    }
  };
  await plainRound(0);
  const plainStart = await mark();
  for (let k = 1; k <= ROUNDS; k++) await plainRound(k);
  const plainWindow = await mark();

  // ── Quiz answers ──
  const quiz = await createQuiz(base, { questions: ROUNDS + 1, timeLimitSeconds: 60 });
  for (let i = 0; i < PLAYERS; i++) {
    const r = await players.join(base, i, quiz.slug, cookies[i]!);
    if (r.status !== 200) throw new Error(`join refused: ${r.status} ${r.body}`);
  }
  const streams = cookies.map((cookie) => {
    const req = request(`${base}/api/v1/polls/${quiz.slug}/events?as=participant`, {
      headers: { cookie },
    });
    req.on('response', (res) => res.resume());
    req.on('error', () => {});
    req.end();
    return req;
  });
  // Long enough held for every stream to seat its participant (SEAT_MIN_AGE_MS, 3 s).
  await sleep(3500);
  const quizRound = async (k: number) => {
    const q = quiz.questions[k]!;
    await call(base, 'PATCH', `/polls/${quiz.slug}`, { currentQuestionId: q.id }, quiz.secret);
    for (let i = 0; i < PLAYERS; i++) {
      expectCreated(await players.vote(base, i, quiz.slug, cookies[i]!, q.id, optionOf(q, i)));
      if (GAP_MS) await sleep(GAP_MS);
    }
  };
  await quizRound(0);
  const quizStart = await mark();
  for (let k = 1; k <= ROUNDS; k++) await quizRound(k);
  const quizWindow = await mark();
  for (const s of streams) s.destroy();

  const n = ROUNDS * PLAYERS;
  const kb = (w: { allocated?: number }) => ((w.allocated ?? 0) / 1024 / n).toFixed(1);
  // Process CPU (all threads, /proc ticks of 10 ms) over the window, per ballot.
  const ms = (from: { cpu: number }, to: { cpu: number }) =>
    (((to.cpu - from.cpu) * 1e3) / n).toFixed(2);
  console.log(`tree ${tree}, ${n} ballots and ${n} answers, one at a time, ${GAP_MS} ms apart`);
  console.log(
    `plain ballot: ${kb(plainWindow)} KB allocated, ${ms(plainStart, plainWindow)} ms CPU each, GCs ${JSON.stringify(plainWindow.gcs)}`,
  );
  console.log(
    `quiz answer: ${kb(quizWindow)} KB allocated, ${ms(quizStart, quizWindow)} ms CPU each, GCs ${JSON.stringify(quizWindow.gcs)}`,
  );
} finally {
  players.destroy();
  await server.stop();
}
