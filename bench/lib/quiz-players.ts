import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { call } from './api.ts';
import type { Row } from './report.ts';

/**
 * What the quiz benches (bench:quiz, bench:homework) share: a hall of phones spread over 20
 * loopback addresses (so per-address rate limits see a room, not one client), their requests
 * with kept-alive connections, a storm of one request per player, and the quiz they play.
 */

export const ADDRESSES = Array.from({ length: 20 }, (_, i) => `127.0.0.${i + 2}`);

export interface Reply {
  status: number;
  body: string;
  ms: number;
}

/** Player i's request: the server's base URL, i, the method and path, its cookie, a JSON body. */
type PlayerRequest = [
  base: string,
  i: number,
  method: string,
  path: string,
  cookie: string,
  body?: string,
];

/** The players' connections: player i sends from ADDRESSES[i % 20]. */
export function quizPlayers() {
  const agents = ADDRESSES.map(
    (localAddress) => new Agent({ keepAlive: true, maxSockets: 64, localAddress }),
  );
  /** Requests sent again after a kept-alive connection closed under them (as phones do). */
  let retried = 0;

  function sendOnce(...[base, i, method, path, cookie, body]: PlayerRequest) {
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

  /** Player i's request, sent again (twice at most) when its kept-alive connection was reset. */
  async function send(...args: PlayerRequest): Promise<Reply> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await sendOnce(...args);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (attempt >= 2 || (code !== 'ECONNRESET' && code !== 'EPIPE')) throw error;
        retried++;
      }
    }
  }

  return {
    send,
    /** Player i takes its nickname, 'Jugador i' (`cookie` its own). */
    join(base: string, i: number, slug: string, cookie: string) {
      return send(
        base,
        i,
        'PUT',
        `/polls/${slug}/me`,
        cookie,
        JSON.stringify({ nickname: `Jugador ${i}` }),
      );
    },
    /** Player i's ballot of one answer (`cookie` its own). */
    vote(
      base: string,
      i: number,
      slug: string,
      cookie: string,
      questionId: number,
      optionId: number,
    ) {
      return send(
        base,
        i,
        'POST',
        `/polls/${slug}/votes`,
        cookie,
        answerBody(questionId, optionId),
      );
    },
    retried: () => retried,
    destroy() {
      for (const a of agents) a.destroy();
    },
  };
}

/** Every one of `players` once, each at a random moment of `windowMs`. */
export function storm(
  players: number,
  windowMs: number,
  one: (i: number) => Promise<Reply>,
): Promise<Reply[]> {
  return Promise.all(
    Array.from(
      { length: players },
      (_, i) =>
        new Promise<Reply>((resolve, reject) => {
          setTimeout(() => one(i).then(resolve, reject), Math.random() * windowMs);
        }),
    ),
  );
}

/** The q-th percentile of `values` (0 when there are none). */
export const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((q / 100) * sorted.length))] ?? 0;
};

/** A report's "p50 / p95" of durations in ms, whole. */
export const p50p95 = (ms: number[]) =>
  `${percentile(ms, 50).toFixed(0)} / ${percentile(ms, 95).toFixed(0)} ms`;

/** A report row for what must never happen: `count` of it, met at zero. */
export const noneRow = (measure: string, count: number): Row => ({
  measure,
  result: String(count),
  target: '0',
  met: count === 0,
});

export interface QuizQuestion {
  id: number;
  options: { id: number }[];
  /** The correct option's id. */
  correct: number;
}

/**
 * Creates and opens a quiz of `questions` single-choice questions of four options (the correct
 * one A, B, C, D in turn), each of `timeLimitSeconds`; `settings` are added to `quiz: true`.
 */
export async function createQuiz(
  base: string,
  options: { questions: number; timeLimitSeconds: number; settings?: Record<string, unknown> },
) {
  const poll = await call(base, 'POST', '/polls', {
    title: 'Concurso',
    settings: { quiz: true, ...options.settings },
  });
  const secret = poll.host_secret as string;
  const questions: QuizQuestion[] = [];
  for (let k = 0; k < options.questions; k++) {
    const correct = k % 4;
    const q = await call(
      base,
      'POST',
      `/polls/${poll.slug}/questions`,
      {
        text: `Pregunta ${k + 1}`,
        type: 'single',
        timeLimitSeconds: options.timeLimitSeconds,
        options: ['A', 'B', 'C', 'D'].map((text, i) => ({ text, correct: i === correct })),
      },
      secret,
    );
    questions.push({ ...q, correct: q.options[correct].id });
  }
  await call(base, 'PATCH', `/polls/${poll.slug}`, { status: 'open' }, secret);
  return { slug: poll.slug as string, secret, questions };
}

/** Player i's option: a quarter of the room answers right, the rest the first wrong option. */
export const optionOf = (q: QuizQuestion, i: number) =>
  i % 4 === 0 ? q.correct : q.options.find((o) => o.id !== q.correct)!.id;

/** A ballot's body with one answer. */
const answerBody = (questionId: number, optionId: number) =>
  JSON.stringify({ answers: [{ questionId, optionIds: [optionId] }] });

/** A bench's own section of RESULTS.md (between its markers), replaced on each run; the rest stays. */
export function writeBenchSection(file: string, name: string, heading: string, body: string) {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const block = `${start}\n## ${heading}\n\n${body}\n${end}`;
  const current = readFileSync(file, 'utf8');
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  writeFileSync(
    file,
    from !== -1 && to > from
      ? `${current.slice(0, from)}${block}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n${block}\n`,
  );
}
