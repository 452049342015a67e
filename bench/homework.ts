import { loadavg } from 'node:os';
import { join } from 'node:path';
import { call, participants } from './lib/api.ts';
import { root, startServer, tempSqlite } from './lib/processes.ts';
import {
  ADDRESSES,
  createQuiz,
  noneRow,
  optionOf,
  percentile as p,
  p50p95,
  type QuizQuestion as Q,
  quizPlayers,
  type Reply,
  storm as stormOf,
  writeBenchSection,
} from './lib/quiz-players.ts';
import { machine, type Row, table } from './lib/report.ts';

/**
 * Issue 27's homework bench (`npm run bench:homework`, never part of `npm test`): PLAYERS phones
 * from 20 loopback addresses, rate limits on, in a self-paced quiz (a deadline an hour away)
 * starting within a minute: each opens its question (POST …/me/next) and answers it at a random
 * moment of its window. Measured:
 * - answer acknowledged (p50, p95), and the clock a reload gets equal to the first;
 * - server CPU per homework answer against a live quiz answer's: for each question a live
 *   storm and a homework storm of the same size, their order swapped every question
 *   (alternated pairs, so neither side has the colder server). The opening (…/me/next) is
 *   measured apart: a live quiz has no such request.
 * Sizes: HOMEWORK_PLAYERS (2000), HOMEWORK_QUESTIONS (4), HOMEWORK_WINDOW_S (12).
 */

const PLAYERS = Number(process.env.HOMEWORK_PLAYERS ?? 2000);
const QUESTIONS = Number(process.env.HOMEWORK_QUESTIONS ?? 4);
const WINDOW_MS = Number(process.env.HOMEWORK_WINDOW_S ?? 12) * 1000;
const players = quizPlayers();
const send = players.send;
/** Every player once, each at a random moment of `windowMs`. */
const storm = (windowMs: number, one: (i: number) => Promise<Reply>) =>
  stormOf(PLAYERS, windowMs, one);

async function main() {
  const server = await startServer({
    script: 'src/server/main.ts',
    env: { DATABASE_URL: tempSqlite(), RATE_LIMITS: 'on' },
    healthPath: '/api/v1/health',
  });
  const base = server.url;
  const cookie = participants();
  const liveCookies = Array.from({ length: PLAYERS }, cookie);
  const homeCookies = Array.from({ length: PLAYERS }, cookie);
  try {
    // Long enough that no answer of the storm is late: the bench measures cost, not time.
    const quiz = { questions: QUESTIONS, timeLimitSeconds: 120 };
    const live = await createQuiz(base, quiz);
    const homework = await createQuiz(base, {
      ...quiz,
      settings: { closesAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    for (const [poll, cookies] of [
      [live, liveCookies],
      [homework, homeCookies],
    ] as const) {
      await storm(2000, (i) => players.join(base, i, poll.slug, cookies[i]!));
    }

    const ackMs: number[] = [];
    const liveAckMs: number[] = [];
    const openMs: number[] = [];
    const refused: Record<string, number> = {};
    let liveCpu = 0;
    let liveAnswers = 0;
    let homeCpu = 0;
    let homeAnswers = 0;
    let openCpu = 0;
    let reloadsDiffering = 0;
    const tally = (r: Reply) => {
      if (r.status === 201) return true;
      const code = `${r.status} ${JSON.parse(r.body).code}`;
      refused[code] = (refused[code] ?? 0) + 1;
      return false;
    };

    const liveStorm = async (q: Q) => {
      await call(base, 'PATCH', `/polls/${live.slug}`, { currentQuestionId: q.id }, live.secret);
      const cpu0 = server.cpuSeconds();
      const acks = await storm(WINDOW_MS, (i) =>
        players.vote(base, i, live.slug, liveCookies[i]!, q.id, optionOf(q, i)),
      );
      liveCpu += server.cpuSeconds() - cpu0;
      for (const r of acks) {
        if (!tally(r)) continue;
        liveAnswers++;
        liveAckMs.push(r.ms);
      }
    };
    const homeworkStorm = async (k: number) => {
      // The first question: every player starts within a minute.
      const cpu0 = server.cpuSeconds();
      const opened = await storm(k === 0 ? 60_000 : WINDOW_MS, (i) =>
        send(base, i, 'POST', `/polls/${homework.slug}/me/next`, homeCookies[i]!),
      );
      openCpu += server.cpuSeconds() - cpu0;
      const turns = opened.map((r) => {
        openMs.push(r.ms);
        return JSON.parse(r.body) as { questionId: number; clock: { startedAt: string } };
      });
      // A tenth of them reload: the same question and clock.
      await Promise.all(
        turns.map(async (t, i) => {
          if (i % 10 !== 0) return;
          const again = JSON.parse(
            (await send(base, i, 'POST', `/polls/${homework.slug}/me/next`, homeCookies[i]!)).body,
          );
          if (again.questionId !== t.questionId || again.clock?.startedAt !== t.clock?.startedAt)
            reloadsDiffering++;
        }),
      );
      const q =
        homework.questions.find((x) => x.id === turns[0]!.questionId) ?? homework.questions[k]!;
      const cpu1 = server.cpuSeconds();
      const acks = await storm(WINDOW_MS, (i) =>
        players.vote(base, i, homework.slug, homeCookies[i]!, turns[i]!.questionId, optionOf(q, i)),
      );
      homeCpu += server.cpuSeconds() - cpu1;
      for (const r of acks) {
        if (!tally(r)) continue;
        homeAnswers++;
        ackMs.push(r.ms);
      }
    };
    for (let k = 0; k < QUESTIONS; k++) {
      // Alternated pairs: live first on even questions, homework first on odd ones.
      if (k % 2 === 0) {
        await liveStorm(live.questions[k]!);
        await homeworkStorm(k);
      } else {
        await homeworkStorm(k);
        await liveStorm(live.questions[k]!);
      }
    }

    const perLive = liveAnswers ? (liveCpu * 1e3) / liveAnswers : 0;
    const perHome = homeAnswers ? (homeCpu * 1e3) / homeAnswers : 0;
    const perOpen = (openCpu * 1e3) / (PLAYERS * QUESTIONS);
    const rows: Row[] = [
      {
        measure: 'homework answers acknowledged',
        result: `${homeAnswers} / ${PLAYERS * QUESTIONS}`,
      },
      { measure: 'live answers acknowledged', result: `${liveAnswers} / ${PLAYERS * QUESTIONS}` },
      { measure: 'answers refused', result: JSON.stringify(refused) },
      {
        measure: 'homework answer ack p50 / p95',
        result: p50p95(ackMs),
        target: 'p95 ≤ 300 ms',
        met: p(ackMs, 95) <= 300,
      },
      {
        measure: 'live answer ack p50 / p95',
        result: p50p95(liveAckMs),
      },
      {
        measure: 'POST …/me/next p50 / p95',
        result: p50p95(openMs),
      },
      noneRow('reloads given another question or clock', reloadsDiffering),
      {
        measure: 'server CPU per homework answer / per live quiz answer (alternated)',
        result: `${perHome.toFixed(3)} / ${perLive.toFixed(3)} ms (×${(perHome / perLive).toFixed(2)})`,
        target: '≤ 1.3×',
        met: perHome <= 1.3 * perLive,
      },
      {
        measure: 'server CPU per POST …/me/next (opening a question)',
        result: `${perOpen.toFixed(3)} ms`,
      },
    ];
    const [load1] = loadavg();
    const body = [
      `${PLAYERS} players from ${ADDRESSES.length} loopback addresses, rate limits on, ${QUESTIONS} questions, answers spread over ${WINDOW_MS / 1000} s, the first question opened within 60 s, SQLite. ${machine()}`,
      '',
      `Load average of the machine at the end: ${load1!.toFixed(1)} (other work shares its cores).`,
      '',
      table(rows),
    ].join('\n');
    console.log(body);
    writeBenchSection(
      join(root, 'bench/RESULTS.md'),
      'homework',
      'Homework (bench:homework)',
      body,
    );
  } finally {
    await server.stop();
    players.destroy();
  }
}

await main();
