import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { PARTICIPANT_COOKIE } from '../src/contract/index.ts';
import { ParticipantIds } from '../src/server/http/participant.ts';
import { BENCH_SECRET_KEY, call } from './lib/api.ts';
import { root, startServer, tempSqlite } from './lib/processes.ts';
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
const ADDRESSES = Array.from({ length: 20 }, (_, i) => `127.0.0.${i + 2}`);
const agents = ADDRESSES.map(
  (localAddress) => new Agent({ keepAlive: true, maxSockets: 64, localAddress }),
);

interface Reply {
  status: number;
  body: string;
  ms: number;
}

async function send(
  i: number,
  base: string,
  method: string,
  path: string,
  cookie: string,
  body?: string,
) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await sendOnce(i, base, method, path, cookie, body);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (attempt >= 2 || (code !== 'ECONNRESET' && code !== 'EPIPE')) throw error;
    }
  }
}

function sendOnce(
  i: number,
  base: string,
  method: string,
  path: string,
  cookie: string,
  body?: string,
) {
  return new Promise<Reply>((resolve, reject) => {
    const started = performance.now();
    const req = request(
      `${base}/api/v1${path}`,
      {
        method,
        agent: agents[i % agents.length],
        headers: {
          cookie,
          ...(body !== undefined && {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          }),
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          data += c;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: data, ms: performance.now() - started }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const p = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((q / 100) * sorted.length))] ?? 0;
};

/** Every player once, each at a random moment of `windowMs`. */
function storm(windowMs: number, one: (i: number) => Promise<Reply>): Promise<Reply[]> {
  return Promise.all(
    Array.from(
      { length: PLAYERS },
      (_, i) =>
        new Promise<Reply>((resolve, reject) => {
          setTimeout(() => one(i).then(resolve, reject), Math.random() * windowMs);
        }),
    ),
  );
}

type Q = { id: number; options: { id: number }[]; correct: number };

async function quizPoll(base: string, settings: Record<string, unknown>) {
  const poll = await call(base, 'POST', '/polls', {
    title: 'Concurso',
    settings: { quiz: true, ...settings },
  });
  const questions: Q[] = [];
  for (let k = 0; k < QUESTIONS; k++) {
    const correct = k % 4;
    const q = await call(
      base,
      'POST',
      `/polls/${poll.slug}/questions`,
      {
        text: `Pregunta ${k + 1}`,
        type: 'single',
        // Long enough that no answer of the storm is late: the bench measures cost, not time.
        timeLimitSeconds: 120,
        options: ['A', 'B', 'C', 'D'].map((text, i) => ({ text, correct: i === correct })),
      },
      poll.host_secret,
    );
    questions.push({ ...q, correct: q.options[correct].id });
  }
  await call(base, 'PATCH', `/polls/${poll.slug}`, { status: 'open' }, poll.host_secret);
  return { slug: poll.slug as string, secret: poll.host_secret as string, questions };
}

async function main() {
  const server = await startServer({
    script: 'src/server/main.ts',
    env: { DATABASE_URL: tempSqlite(), RATE_LIMITS: 'on' },
    healthPath: '/api/v1/health',
  });
  const base = server.url;
  const ids = new ParticipantIds(BENCH_SECRET_KEY);
  const issuedAt = Date.now() - 60_000;
  const liveCookies = Array.from(
    { length: PLAYERS },
    () => `${PARTICIPANT_COOKIE}=${ids.issue(issuedAt)}`,
  );
  const homeCookies = Array.from(
    { length: PLAYERS },
    () => `${PARTICIPANT_COOKIE}=${ids.issue(issuedAt)}`,
  );
  try {
    const live = await quizPoll(base, {});
    const homework = await quizPoll(base, {
      closesAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    for (const [poll, cookies] of [
      [live, liveCookies],
      [homework, homeCookies],
    ] as const) {
      await storm(2000, (i) =>
        send(
          i,
          base,
          'PUT',
          `/polls/${poll.slug}/me`,
          cookies[i]!,
          JSON.stringify({ nickname: `Jugador ${i}` }),
        ),
      );
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
        send(
          i,
          base,
          'POST',
          `/polls/${live.slug}/votes`,
          liveCookies[i]!,
          JSON.stringify({
            answers: [
              {
                questionId: q.id,
                optionIds: [
                  i % 4 === 0 ? q.correct : q.options.find((o) => o.id !== q.correct)!.id,
                ],
              },
            ],
          }),
        ),
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
        send(i, base, 'POST', `/polls/${homework.slug}/me/next`, homeCookies[i]!),
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
            (await send(i, base, 'POST', `/polls/${homework.slug}/me/next`, homeCookies[i]!)).body,
          );
          if (again.questionId !== t.questionId || again.clock?.startedAt !== t.clock?.startedAt)
            reloadsDiffering++;
        }),
      );
      const q =
        homework.questions.find((x) => x.id === turns[0]!.questionId) ?? homework.questions[k]!;
      const cpu1 = server.cpuSeconds();
      const acks = await storm(WINDOW_MS, (i) =>
        send(
          i,
          base,
          'POST',
          `/polls/${homework.slug}/votes`,
          homeCookies[i]!,
          JSON.stringify({
            answers: [
              {
                questionId: turns[i]!.questionId,
                optionIds: [
                  i % 4 === 0 ? q.correct : q.options.find((o) => o.id !== q.correct)!.id,
                ],
              },
            ],
          }),
        ),
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
        result: `${p(ackMs, 50).toFixed(0)} / ${p(ackMs, 95).toFixed(0)} ms`,
        target: 'p95 ≤ 300 ms',
        met: p(ackMs, 95) <= 300,
      },
      {
        measure: 'live answer ack p50 / p95',
        result: `${p(liveAckMs, 50).toFixed(0)} / ${p(liveAckMs, 95).toFixed(0)} ms`,
      },
      {
        measure: 'POST …/me/next p50 / p95',
        result: `${p(openMs, 50).toFixed(0)} / ${p(openMs, 95).toFixed(0)} ms`,
      },
      {
        measure: 'reloads given another question or clock',
        result: String(reloadsDiffering),
        target: '0',
        met: reloadsDiffering === 0,
      },
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
    writeSection(join(root, 'bench/RESULTS.md'), body);
  } finally {
    await server.stop();
    for (const a of agents) a.destroy();
  }
}

const START = '<!-- bench:homework:start -->';
const END = '<!-- bench:homework:end -->';

/** The homework's own section of RESULTS.md, replaced on each run; the rest stays. */
function writeSection(file: string, body: string): void {
  const block = `${START}\n## Homework (bench:homework)\n\n${body}\n${END}`;
  const current = readFileSync(file, 'utf8');
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  writeFileSync(
    file,
    start !== -1 && end > start
      ? `${current.slice(0, start)}${block}${current.slice(end + END.length)}`
      : `${current.trimEnd()}\n\n${block}\n`,
  );
}

await main();
