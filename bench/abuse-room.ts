import { ParticipantIds } from '../src/server/http/participant.ts';
import { apiCall, closePages, openPages, type Phone } from '../tests/helpers/nat-room.ts';
import { BENCH_SECRET_KEY } from './lib/api.ts';
import type { Server } from './lib/processes.ts';
import type { Row } from './lib/report.ts';

/**
 * Issues 24 and 25, a room behind one address, for `npm run bench:abuse` (ABUSE_ONLY=natquiz,
 * wave,podium): every phone is a fetch from this process, so the server sees one address.
 * - natquiz: 300 phones join by the 6-digit code, load the poll, hold the page's stream, take
 *   nicknames and answer 5 quiz questions after reading them (0.5–2.5 s): answers lost (refused)
 *   and the ack p95.
 * - wave: 300 phones open the page at once, hold the stream and vote 2–10 s later: is the
 *   address flagged?
 * - podium: 64 bots from one address, ids taken 4 a second a minute earlier, each holding its
 *   stream, answer 4 questions at once, spread over the options: who wins, is the source
 *   flagged, and does a discard take the bots off the standings?
 */

type WithServer = <T>(
  env: Record<string, string>,
  run: (server: Server, dbFile: string) => Promise<T>,
) => Promise<T>;

/** The p-th quantile of sorted values. */
const quantile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function quizPoll(apiUrl: string, questions: number, settings: object = { quiz: true }) {
  const created = await apiCall(apiUrl, 'POST', '/polls', { body: { title: 'Clase', settings } });
  const { slug, host_secret: secret, joinCode } = created.body;
  const made = [];
  for (let n = 0; n < questions; n++) {
    const options = ['A', 'B', 'C', 'D'].map((text, i) => ({ text, correct: i === n % 4 }));
    const q = await apiCall(apiUrl, 'POST', `/polls/${slug}/questions`, {
      body: { text: `Pregunta ${n + 1}`, type: 'single', timeLimitSeconds: 60, options },
      secret,
    });
    made.push(q.body as { id: number; options: { id: number }[] });
  }
  await apiCall(apiUrl, 'PATCH', `/polls/${slug}`, { body: { status: 'open' }, secret });
  const show = (id: number) =>
    apiCall(apiUrl, 'PATCH', `/polls/${slug}`, { body: { currentQuestionId: id }, secret });
  const close = (id: number) =>
    apiCall(apiUrl, 'POST', `/polls/${slug}/questions/${id}/close`, { secret });
  const integrity = async () =>
    (await apiCall(apiUrl, 'GET', `/polls/${slug}/integrity`, { secret })).body as {
      unusualSources: number;
      sources: { source: string; ballots: number; unusual: boolean }[];
    };
  return { slug, secret, joinCode: joinCode as string, questions: made, show, close, integrity };
}

/** One answer, timed from sending to the acknowledgement. */
async function timedAnswer(apiUrl: string, slug: string, cookie: string, body: object) {
  const started = performance.now();
  const res = await apiCall(apiUrl, 'POST', `/polls/${slug}/votes`, { cookie, body });
  return { status: res.status, ms: performance.now() - started };
}

export async function natQuiz(withServer: WithServer, phones = 300): Promise<Row> {
  return withServer({}, async (server) => {
    const apiUrl = `${server.url}/api/v1`;
    const quiz = await quizPoll(apiUrl, 5);
    const joins = await Promise.all(
      Array.from({ length: phones }, () => apiCall(apiUrl, 'GET', `/join/${quiz.joinCode}`)),
    );
    const loads = await Promise.all(
      Array.from({ length: phones }, () => apiCall(apiUrl, 'GET', `/polls/${quiz.slug}`)),
    );
    const room: Phone[] = loads.filter((r) => r.cookie).map((r) => ({ cookie: r.cookie! }));
    await openPages(apiUrl, quiz.slug, room);
    const names = await Promise.all(
      room.map((p, i) =>
        apiCall(apiUrl, 'PUT', `/polls/${quiz.slug}/me`, {
          cookie: p.cookie,
          body: { nickname: `Alumno ${i + 1}` },
        }),
      ),
    );
    await sleep(3_500);
    const lost: number[] = [];
    const acks: number[] = [];
    for (const [n, q] of quiz.questions.entries()) {
      await quiz.show(q.id);
      const answers = await Promise.all(
        room.map(async (p, i) => {
          await sleep(500 + (2_000 * i) / room.length);
          const option = q.options[(i + n) % q.options.length]!.id;
          return timedAnswer(apiUrl, quiz.slug, p.cookie, {
            answers: [{ questionId: q.id, optionIds: [option] }],
          });
        }),
      );
      lost.push(answers.filter((a) => a.status !== 201).length);
      acks.push(...answers.map((a) => a.ms));
      await quiz.close(q.id);
    }
    closePages(room);
    const flagged = (await quiz.integrity()).unusualSources;
    const sorted = acks.sort((a, b) => a - b);
    return {
      measure: `NAT-classroom quiz: ${phones} phones behind one address, 5 questions (issue 25)`,
      result:
        `joins by code refused ${joins.filter((j) => j.status !== 200).length}/${phones}, ` +
        `ids ${room.length}/${phones}, nicknames refused ${names.filter((r) => r.status !== 200).length}, ` +
        `answers lost per question ${lost.join(' / ')}, ack p95 ${Math.round(quantile(sorted, 0.95))} ms, ` +
        `sources flagged ${flagged}`,
      target: '0 lost, ack p95 ≤ 500 ms, 0 flagged',
      met: lost.every((l) => l === 0) && quantile(sorted, 0.95) <= 500 && flagged === 0,
    };
  });
}

export async function honestWave(withServer: WithServer, phones = 300): Promise<Row> {
  return withServer({}, async (server) => {
    const apiUrl = `${server.url}/api/v1`;
    const poll = await quizPoll(apiUrl, 1, {});
    const started = performance.now();
    const loads = await Promise.all(
      Array.from({ length: phones }, () => apiCall(apiUrl, 'GET', `/polls/${poll.slug}`)),
    );
    const joinedS = (performance.now() - started) / 1000;
    const room: Phone[] = loads.filter((r) => r.cookie).map((r) => ({ cookie: r.cookie! }));
    await openPages(apiUrl, poll.slug, room);
    const q = poll.questions[0]!;
    const statuses = await Promise.all(
      room.map(async (p, i) => {
        await sleep(2_000 + (8_000 * i) / room.length);
        const option = q.options[i % q.options.length]!.id;
        return (
          await timedAnswer(apiUrl, poll.slug, p.cookie, {
            answers: [{ questionId: q.id, optionIds: [option] }],
          })
        ).status;
      }),
    );
    closePages(room);
    const flagged = (await poll.integrity()).unusualSources;
    return {
      measure: `Honest join wave: ${phones} phones behind one address open the page within seconds, vote 2–10 s later (issue 24)`,
      result: `${room.length} ids in ${joinedS.toFixed(1)} s, ${statuses.filter((s) => s === 201).length} ballots stored, sources flagged ${flagged}`,
      target: 'not flagged',
      met: flagged === 0,
    };
  });
}

export async function sybilPodium(withServer: WithServer, bots = 64): Promise<Row> {
  return withServer({}, async (server) => {
    const apiUrl = `${server.url}/api/v1`;
    const quiz = await quizPoll(apiUrl, 4);
    const signer = new ParticipantIds(BENCH_SECRET_KEY);
    const minuteAgo = Date.now() - 60_000;
    const farm: Phone[] = Array.from({ length: bots }, (_, i) => ({
      cookie: signer.issue(minuteAgo + i * 250),
    }));
    for (const [i, bot] of farm.entries()) {
      await apiCall(apiUrl, 'PUT', `/polls/${quiz.slug}/me`, {
        cookie: bot.cookie,
        body: { nickname: `Bot ${i + 1}` },
      });
    }
    await openPages(apiUrl, quiz.slug, farm);
    for (const [n, q] of quiz.questions.entries()) {
      await quiz.show(q.id);
      await Promise.all(
        farm.map((bot, i) =>
          timedAnswer(apiUrl, quiz.slug, bot.cookie, {
            answers: [{ questionId: q.id, optionIds: [q.options[(i + n) % 4]!.id] }],
          }),
        ),
      );
      await quiz.close(q.id);
    }
    closePages(farm);
    const board = async () =>
      (
        await apiCall(apiUrl, 'GET', `/polls/${quiz.slug}/leaderboard?limit=1`, {
          secret: quiz.secret,
        })
      ).body as { entries: { nickname: string; score: number }[]; players: number };
    const before = await board();
    const view = await quiz.integrity();
    const flagged = view.sources.find((s) => s.unusual);
    const source = flagged?.source ?? view.sources[0]?.source ?? '';
    const discarded = await apiCall(apiUrl, 'POST', `/polls/${quiz.slug}/discard`, {
      body: { source },
      secret: quiz.secret,
    });
    const after = await board();
    return {
      measure: `Sybil podium: ${bots} bots from one address, aged ids, holding streams, answering at once over the options (issue 25)`,
      result:
        `winner ${before.entries[0]?.nickname ?? '—'} (${before.entries[0]?.score ?? 0} points), ` +
        `sources flagged ${view.unusualSources}; discarding the source: ${discarded.body?.discardedBallots ?? 0} ballots, ` +
        `players left ${after.players}, leader after ${after.entries[0]?.nickname ?? '—'}`,
      target: 'flagged; after the discard no bot on the standings',
      met: view.unusualSources === 1 && after.players === 0,
    };
  });
}
