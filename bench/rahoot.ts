import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, watchMemory } from './lib/processes.ts';
import {
  noneRow,
  percentile as p,
  p50p95,
  type Reply,
  storm as stormOf,
} from './lib/quiz-players.ts';
import {
  answerOf,
  createGame,
  joinGame,
  quizFile,
  type RahootClient,
} from './lib/rahoot-players.ts';
import { machine, type Row, sizeSection } from './lib/report.ts';

/**
 * Rahoot (a Kahoot clone on socket.io, github Ralex91/Rahoot) played as bench:quiz plays
 * Sondeo's quiz, so the two compare in the same minutes (issue 29; `npm run bench:rahoot`,
 * never part of `npm test`). RAHOOT_DIR is a Rahoot checkout whose socket server is built
 * (`packages/socket/dist/index.cjs`, its own `npm run build`); without it the bench says so and
 * skips. The bench writes Rahoot's config (a game password, one quiz of QUIZ_QUESTIONS questions
 * of four answers) to a temporary CONFIG_PATH and starts the server alone on its fixed port 3001.
 *
 * At each size of QUIZ_SIZES: a manager creates the game; the players, from bench:quiz's 20
 * loopback addresses, join within 2 s (invite code, then nickname); the manager starts; at each
 * question every player answers at a random moment of the first 90 % of QUIZ_LIMIT_S, counted
 * from the moment every player holds the question's answers. Measured as bench:quiz does:
 * - server memory (RSS) 2 s after the start (idle) and at its peak (sampled every 100 ms);
 * - answer → its ack: Rahoot's WAIT status to that player (it has no socket.io ack);
 * - the last answer's ack → each player's own result and rank (its SHOW_RESULT frame): Sondeo's
 *   figure runs from its clock's closedAt, the server's time of the last answer; Rahoot closes at
 *   its next 1-s countdown tick after the last answer, so its figure includes that wait, and
 *   the fan-out alone (first SHOW_RESULT → each) is reported beside it;
 * - server CPU per answer: /proc/<pid>/stat from every player holding the answers to every
 *   player holding its result, over the answers acknowledged (bench:quiz's window: answers,
 *   close and pushes; the question's own broadcast outside it, as bench:quiz's PATCH is).
 * QUIZ_SIZES (50,200), QUIZ_QUESTIONS (5), QUIZ_LIMIT_S (6), RAHOOT_DIR.
 */

const SIZES = (process.env.QUIZ_SIZES ?? '50,200').split(',').map(Number);
const QUESTIONS = Number(process.env.QUIZ_QUESTIONS ?? 5);
const LIMIT_S = Number(process.env.QUIZ_LIMIT_S ?? 6);
const RAHOOT_DIR = process.env.RAHOOT_DIR ?? '';
/** Rahoot's socket server listens on this port, fixed in its index.ts. */
const RAHOOT_PORT = 3001;
const PASSWORD = 'bench';
const QUIZ_ID = 'bench';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const script = join(RAHOOT_DIR, 'packages/socket/dist/index.cjs');
  if (!RAHOOT_DIR || !existsSync(script)) {
    console.log(
      `bench:rahoot skipped: no built Rahoot socket server at ${RAHOOT_DIR ? script : 'RAHOOT_DIR (unset)'}. ` +
        'Set RAHOOT_DIR to a Rahoot checkout (github Ralex91/Rahoot) after `npm run build` in packages/socket.',
    );
    return;
  }
  if (await listening(RAHOOT_PORT))
    throw new Error(
      `port ${RAHOOT_PORT} is taken: Rahoot's server needs it (fixed in its index.ts)`,
    );
  const sections: string[] = [];
  for (const size of SIZES) sections.push(await runSize(script, size));
  console.log(
    [
      `Rahoot's socket server alone (${script}), ${QUESTIONS} questions of ${LIMIT_S} s (answers within ${(LIMIT_S * 0.9).toFixed(1)} s), players from 20 loopback addresses, a fresh server per size. ${machine()}`,
      '',
      ...sections,
    ].join('\n'),
  );
}

async function runSize(script: string, players: number): Promise<string> {
  const config = mkdtempSync(join(tmpdir(), 'rahoot-bench-'));
  mkdirSync(join(config, 'quizz'));
  writeFileSync(join(config, 'game.json'), JSON.stringify({ managerPassword: PASSWORD }));
  writeFileSync(
    join(config, `quizz/${QUIZ_ID}.json`),
    JSON.stringify(quizFile(QUESTIONS, LIMIT_S)),
  );
  const server = await startServer({
    script,
    port: RAHOOT_PORT,
    env: { CONFIG_PATH: config },
    healthPath: '/socket.io/?EIO=4&transport=polling',
  });
  const memory = await watchMemory(server);
  const url = `http://127.0.0.1:${RAHOOT_PORT}`;
  const clients: RahootClient[] = [];
  try {
    const { manager, gameId, inviteCode } = await createGame(url, PASSWORD, QUIZ_ID);
    clients.push(manager);
    const hall: RahootClient[] = [];
    await Promise.all(
      Array.from(
        { length: players },
        (_, i) =>
          new Promise<void>((resolve, reject) => {
            setTimeout(
              () =>
                joinGame(url, i, inviteCode).then((c) => {
                  hall[i] = c;
                  resolve();
                }, reject),
              Math.random() * 2000,
            );
          }),
      ),
    );
    clients.push(...hall);
    manager.socket.emit('manager:startGame', { gameId });

    const count = (c: RahootClient, name: string) =>
      c.statuses.filter((s) => s.name === name).length;
    const everyone = async (name: string, times: number, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (!hall.every((c) => count(c, name) >= times)) {
        if (Date.now() > deadline) return false;
        await sleep(5);
      }
      return true;
    };

    const ackMs: number[] = [];
    const resultMs: number[] = [];
    const fanOutMs: number[] = [];
    let answers = 0;
    let unanswered = 0;
    let missing = 0;
    let mismatched = 0;
    let cpu = 0;
    /** Of `cpu`, from the last answer's ack to every result (Rahoot's wait for its tick, then
     *  the close). */
    let closeCpu = 0;
    for (let k = 0; k < QUESTIONS; k++) {
      if (!(await everyone('SELECT_ANSWER', k + 1, 30_000)))
        throw new Error(`question ${k + 1} never reached every player`);
      const cpu0 = server.cpuSeconds();
      const acked = new Array<boolean>(players).fill(false);
      let lastAckAt = 0;
      const acks = await storm(players, LIMIT_S * 900, async (i) => {
        const player = hall[i]!;
        const started = performance.now();
        const ack = player.nextStatus('WAIT', 60_000);
        player.socket.emit('player:selectedAnswer', {
          gameId,
          data: { answerKey: answerOf(k, i) },
        });
        const frame = await ack;
        acked[i] = true;
        lastAckAt = Math.max(lastAckAt, frame.at);
        return { status: 200, body: '', ms: performance.now() - started };
      });
      closeCpu -= server.cpuSeconds();
      for (const r of acks) {
        if (r.status === 200) {
          answers++;
          ackMs.push(r.ms);
        } else unanswered++;
      }
      const complete = await everyone('SHOW_RESULT', k + 1, 10_000);
      closeCpu += server.cpuSeconds();
      cpu += server.cpuSeconds() - cpu0;
      const results = hall.map((c) => c.statuses.filter((s) => s.name === 'SHOW_RESULT')[k]);
      const first = Math.min(...results.map((r) => r?.at ?? Number.POSITIVE_INFINITY));
      results.forEach((r, i) => {
        if (!r) {
          missing++;
          return;
        }
        resultMs.push(r.at - lastAckAt);
        fanOutMs.push(r.at - first);
        if (r.data.correct !== (acked[i] && answerOf(k, i) === k % 4)) mismatched++;
      });
      if (!complete) console.log(`question ${k + 1}: results missing after 10 s`);
      // The manager moves on as its screen does: scoreboard, then the next question.
      manager.socket.emit('manager:showLeaderboard', { gameId });
      if (k + 1 < QUESTIONS) manager.socket.emit('manager:nextQuestion', { gameId });
    }

    const perAnswer = answers ? (cpu * 1e3) / answers : 0;
    const disconnects = clients.reduce((s, c) => s + c.disconnects, 0);
    const rows: Row[] = [
      {
        measure: 'server memory (RSS) idle / peak',
        result: `${memory.idleMb.toFixed(0)} / ${memory.peakMb().toFixed(0)} MB`,
      },
      { measure: 'players joined (nickname)', result: `${hall.length} / ${players}` },
      { measure: 'answers acknowledged', result: `${answers} / ${players * QUESTIONS}` },
      noneRow('answers never acknowledged', unanswered),
      noneRow('disconnects', disconnects),
      { measure: 'answer ack (WAIT status) p50 / p95', result: p50p95(ackMs) },
      {
        measure: 'last answer’s ack → own result and rank (SHOW_RESULT) p50 / p95 / max',
        result: `${p(resultMs, 50)} / ${p(resultMs, 95)} / ${Math.max(...resultMs)} ms; ${missing} never arrived`,
      },
      {
        measure: 'results fan-out alone (first SHOW_RESULT → each) p50 / p95',
        result: p50p95(fanOutMs),
      },
      noneRow('results ≠ the answer acknowledged', mismatched),
      {
        measure: 'server CPU per answer (answers, close and pushes); of it, after the last ack',
        result: `${perAnswer.toFixed(3)} ms; ${answers ? ((closeCpu * 1e3) / answers).toFixed(3) : 0} ms`,
      },
    ];
    return sizeSection(players, rows);
  } finally {
    memory.stop();
    for (const c of clients) c.close();
    await server.stop();
  }
}

/** Whether something already listens on 127.0.0.1:`port`. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = tcpConnect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Every player once, each at a random moment of `windowMs` (bench:quiz's storm); an answer
 *  never acknowledged counts as refused instead of failing the run. */
const storm = (players: number, windowMs: number, one: (i: number) => Promise<Reply>) =>
  stormOf(players, windowMs, (i) => one(i).catch(() => ({ status: 0, body: '', ms: Number.NaN })));

await main();
