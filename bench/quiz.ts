import { Agent, request } from 'node:http';
import { join } from 'node:path';
// @ts-expect-error: a build script in plain JavaScript, without types
import { ensureServerBuild } from '../scripts/server-build.mjs';
import { call, participants } from './lib/api.ts';
import { root, startServer, tempSqlite, watchMemory } from './lib/processes.ts';
import {
  ADDRESSES,
  createQuiz,
  noneRow,
  optionOf,
  percentile as p,
  p50p95,
  quizPlayers,
  type Reply,
  storm as stormOf,
  writeBenchSection,
} from './lib/quiz-players.ts';
import { machine, type Row, sizeSection } from './lib/report.ts';

/**
 * The quiz bench (issues 18, 29; `npm run bench:quiz`, never part of `npm test`), at each size of
 * QUIZ_SIZES on a fresh server: that many phones from 20 loopback addresses with rate limits on
 * take nicknames and hold their participation stream (`?as=participant`, own cookie), then play
 * QUESTIONS questions, each player answering at a random moment of the first 90 % of LIMIT_S.
 * Measured:
 * - the server's memory at idle (started, nothing asked yet) and at its peak;
 * - answer acknowledged (p50, p95), and every acknowledged answer scored (each player's results
 *   hold exactly the correct answers it was acknowledged for, in its last `player` frame and in
 *   GET …/me);
 * - from the close (the clock's closedAt) to each phone holding its own result and rank: the
 *   `player` frame its stream pushes (issue 29; phones no longer GET …/me after a close);
 * - server CPU per answer, and against a poll ballot's: the same storm on a poll that is no
 *   quiz, run before each quiz question (alternated, so neither side has the colder server).
 * QUIZ_SIZES (50,200,2000), QUIZ_QUESTIONS (5), QUIZ_LIMIT_S (6: answers within ~5 s).
 */

const SIZES = (process.env.QUIZ_SIZES ?? '50,200,2000').split(',').map(Number);
const QUESTIONS = Number(process.env.QUIZ_QUESTIONS ?? 5);
const LIMIT_S = Number(process.env.QUIZ_LIMIT_S ?? 6);
let PLAYERS = SIZES[0]!;
const players = quizPlayers();
const send = players.send;
/** Streams hold their sockets: their own agents, without a cap. */
const streamAgents = ADDRESSES.map((localAddress) => new Agent({ localAddress }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A phone's participation stream: the time each `player` frame arrived, with its body. */
interface PlayerStream {
  frames: { at: number; body: { results: { questionId: number; correct: boolean }[] } }[];
  close(): void;
}

function openPlayerStream(base: string, slug: string, i: number, cookie: string) {
  return new Promise<PlayerStream>((resolve, reject) => {
    const frames: PlayerStream['frames'] = [];
    const req = request(
      `${base}/api/v1/polls/${slug}/events?as=participant`,
      { agent: streamAgents[i % streamAgents.length], headers: { cookie } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream refused: ${res.statusCode}`));
          res.resume();
          return;
        }
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            // Only the player's own frames are read; poll frames are skipped unparsed.
            if (!frame.includes('\nevent: player\n')) continue;
            const data = frame.slice(frame.indexOf('\ndata: ') + 7);
            frames.push({ at: Date.now(), body: JSON.parse(data) });
          }
        });
        res.on('error', () => {});
        resolve({ frames, close: () => req.destroy() });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function main() {
  ensureServerBuild();
  const sections: string[] = [];
  for (const size of SIZES) {
    PLAYERS = size;
    sections.push(await runSize());
  }
  const body = [
    `${ADDRESSES.length} loopback addresses, rate limits on, ${QUESTIONS} questions of ${LIMIT_S} s (answers within ${(LIMIT_S * 0.9).toFixed(1)} s), SQLite, a fresh server per size. ${machine()}`,
    '',
    ...sections,
    'Close → own result is measured from the clock’s closedAt to the `player` frame each phone’s',
    'stream pushes (issue 29); the reload path (GET …/me) is checked once at the end. Idle memory',
    'is the server’s RSS once /health answers, before any poll exists.',
  ].join('\n');
  console.log(body);
  writeBenchSection(join(root, 'bench/RESULTS.md'), 'quiz', 'Quiz (bench:quiz)', body);
  players.destroy();
  for (const a of streamAgents) a.destroy();
}

async function runSize(): Promise<string> {
  const server = await startServer({
    // What `npm start` and the packaged program run: the loader of TypeScript alone holds
    // ~100 MB that no operator's server has.
    script: 'build/server/main.js',
    env: { DATABASE_URL: tempSqlite(), RATE_LIMITS: 'on', TIMING: process.env.TIMING ?? '' },
    healthPath: '/api/v1/health',
    nodeArgs: process.env.QUIZ_NODE_ARGS ? process.env.QUIZ_NODE_ARGS.split(' ') : [],
  });
  const memory = await watchMemory(server);
  const base = server.url;
  const cookies = Array.from({ length: PLAYERS }, participants());
  const streams: PlayerStream[] = [];
  try {
    // ── Baseline: the same storm of one-answer ballots on a poll that is no quiz, one question
    // per quiz question, run just before it: the two alternate on a server equally warm. ──
    const plain = await call(base, 'POST', '/polls', { title: 'Encuesta' });
    const plainQuestions: { id: number; options: { id: number }[] }[] = [];
    for (let k = 0; k < QUESTIONS; k++) {
      plainQuestions.push(
        await call(
          base,
          'POST',
          `/polls/${plain.slug}/questions`,
          {
            text: `Capital ${k + 1}`,
            type: 'single',
            options: [{ text: 'A' }, { text: 'B' }, { text: 'C' }],
          },
          plain.host_secret,
        ),
      );
    }
    await call(base, 'PATCH', `/polls/${plain.slug}`, { status: 'open' }, plain.host_secret);
    let ballotCpu = 0;
    let ballotsStored = 0;
    const ballotStorm = async (pq: { id: number; options: { id: number }[] }) => {
      const cpu0 = server.cpuSeconds();
      const acks = await storm(LIMIT_S * 900, (i) =>
        players.vote(base, i, plain.slug, cookies[i]!, pq.id, pq.options[i % 3]!.id),
      );
      ballotCpu += server.cpuSeconds() - cpu0;
      ballotsStored += acks.filter((r) => r.status === 201).length;
    };

    // ── The quiz ──
    const poll = await createQuiz(base, { questions: QUESTIONS, timeLimitSeconds: LIMIT_S });
    const { secret, questions } = poll;
    const joins = await storm(2000, (i) => players.join(base, i, poll.slug, cookies[i]!));
    const joined = joins.filter((r) => r.status === 200).length;
    // A phone refused a nickname (its address's bucket) is nobody's player: it gets no frame.
    const playing = (i: number) => joins[i]!.status === 200;
    // Every phone holds its participation page's stream, as the quiz page does.
    for (let i = 0; i < PLAYERS; i += 100) {
      const batch = cookies.slice(i, i + 100);
      streams.push(
        ...(await Promise.all(batch.map((c, k) => openPlayerStream(base, poll.slug, i + k, c)))),
      );
    }

    const ackMs: number[] = [];
    const resultMs: number[] = [];
    const refused: Record<string, number> = {};
    const correctAcked = new Array<number>(PLAYERS).fill(0);
    let answers = 0;
    let quizCpu = 0;
    let missing = 0;
    for (const [k, q] of questions.entries()) {
      await ballotStorm(plainQuestions[k]!);
      await call(base, 'PATCH', `/polls/${poll.slug}`, { currentQuestionId: q.id }, secret);
      const cpu0 = server.cpuSeconds();
      const acks = await storm(LIMIT_S * 900, (i) => {
        const option = optionOf(q, i);
        return players.vote(base, i, poll.slug, cookies[i]!, q.id, option).then((r) => {
          if (r.status === 201 && option === q.correct) correctAcked[i]! += 1;
          return r;
        });
      });
      for (const r of acks) {
        if (r.status === 201) {
          answers++;
          ackMs.push(r.ms);
        } else {
          const code = `${r.status} ${JSON.parse(r.body).code}`;
          refused[code] = (refused[code] ?? 0) + 1;
        }
      }
      // Every player answered: the question closes at the last answer (else at its end).
      let closedAt: number | undefined;
      while (closedAt === undefined) {
        const view = await call(base, 'GET', `/polls/${poll.slug}`);
        if (view.clock?.closedAt) closedAt = Date.parse(view.clock.closedAt);
        else await sleep(50);
      }
      // Each phone's own result arrives on its stream.
      const has = (st: PlayerStream) =>
        st.frames.find((f) => f.body.results.some((r) => r.questionId === q.id));
      const deadline = Date.now() + 10_000;
      const expected = streams.filter((_, i) => playing(i));
      while (Date.now() < deadline && !expected.every(has)) await sleep(20);
      quizCpu += server.cpuSeconds() - cpu0;
      for (const st of expected) {
        const frame = has(st);
        if (frame) resultMs.push(frame.at - closedAt);
        else missing++;
      }
    }

    // Every acknowledged correct answer was scored, and nothing else: in the last frame each
    // stream got, and in GET …/me (the reload path).
    let mismatched = 0;
    const finals = await Promise.all(
      cookies.map((c, i) => send(base, i, 'GET', `/polls/${poll.slug}/me`, c)),
    );
    finals.forEach((r, i) => {
      const me = JSON.parse(r.body) as { results: { correct: boolean }[] };
      const pushed = streams[i]!.frames.at(-1)?.body.results ?? [];
      if (
        me.results.filter((x) => x.correct).length !== correctAcked[i] ||
        pushed.filter((x) => x.correct).length !== correctAcked[i]
      ) {
        mismatched++;
      }
    });

    const perBallot = ballotsStored ? (ballotCpu * 1e3) / ballotsStored : 0;
    const perAnswer = answers ? (quizCpu * 1e3) / answers : 0;
    const rows: Row[] = [
      {
        measure: 'server memory (RSS) idle / peak',
        result: `${memory.idleMb.toFixed(0)} / ${memory.peakMb().toFixed(0)} MB`,
        target: 'idle ≤ 100 MB',
        met: memory.idleMb <= 100,
      },
      { measure: 'players joined (nickname)', result: `${joined} / ${PLAYERS}` },
      { measure: 'answers acknowledged', result: `${answers} / ${PLAYERS * QUESTIONS}` },
      { measure: 'answers refused', result: JSON.stringify(refused) },
      {
        measure: 'requests retried after a reset keep-alive connection',
        result: String(players.retried()),
      },
      {
        measure: 'answer ack p50 / p95',
        result: p50p95(ackMs),
        target: 'p95 ≤ 300 ms',
        met: p(ackMs, 95) <= 300,
      },
      {
        measure: 'close → own result and rank on the phone (`player` frame) p50 / p95 / max',
        result: `${p(resultMs, 50)} / ${p(resultMs, 95)} / ${Math.max(...resultMs)} ms; ${missing} never arrived`,
        target: 'p95 ≤ 150 ms, none missing',
        met: p(resultMs, 95) <= 150 && missing === 0,
      },
      noneRow('players whose results ≠ their acknowledged correct answers', mismatched),
      {
        measure: 'server CPU per answer (answers, close and pushes) / per poll ballot',
        result: `${perAnswer.toFixed(3)} / ${perBallot.toFixed(3)} ms (×${(perAnswer / perBallot).toFixed(2)})`,
        ...(PLAYERS === 50 && { target: '≤ 2.4 ms per answer', met: perAnswer <= 2.4 }),
      },
    ];
    return sizeSection(PLAYERS, rows);
  } finally {
    memory.stop();
    if (process.env.TIMING)
      console.log(
        server
          .output()
          .split('\n')
          .filter((l) => l.includes('TIMING'))
          .join('\n'),
      );
    for (const st of streams) st.close();
    await server.stop();
  }
}

/** Every player once, each at a random moment of `windowMs`. */
const storm = (windowMs: number, one: (i: number) => Promise<Reply>) =>
  stormOf(PLAYERS, windowMs, one);

await main();
