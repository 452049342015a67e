import { Agent as HttpAgent, request } from 'node:http';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { call, createBenchPoll, participants } from './lib/api.ts';
import { emptyHistogram, HIST_MS, percentile } from './lib/latency.ts';
import { startServer, tempSqlite } from './lib/processes.ts';
import { machine, type Row, table, writeResults } from './lib/report.ts';

/**
 * `npm run bench:qa` (issue 20): 2,000 participants from 20 loopback addresses (rate limits on),
 * 200 audience questions, 20,000 votes in 60 s while 2,000 participation streams and the
 * presenter's stream listen. Measures the vote's acknowledgement, the time until the presenter's
 * stream shows it, the size of a `qa` frame, the counters against a recount of the stored votes
 * (with double presses of the same participant mixed in), and the server's CPU per vote against
 * a poll ballot's in the same run: the votes are sent in two halves alternated with two halves of
 * ballots at the same rate. BENCH_QA_SCALE=0.25 runs a quarter of everything (a quick look).
 */
const scale = Number(process.env.BENCH_QA_SCALE ?? 1);
const PEOPLE = Math.round(2000 * scale);
const ADDRESSES = 20;
const QUESTIONS = Math.round(200 * scale);
const VOTES = Math.round(20_000 * scale);
const SECONDS = 60;
const DOUBLE_PRESS_EVERY = 50;

const addresses = Array.from({ length: ADDRESSES }, (_, i) => `127.0.0.${i + 2}`);
// Keep-alive connections per address, as a NAT router's phones would hold (localAddress reaches
// net.connect through the agent's options).
const agents = addresses.map(
  (localAddress) =>
    new HttpAgent({ keepAlive: true, maxSockets: 64, localAddress } as ConstructorParameters<
      typeof HttpAgent
    >[0]),
);
const now = () => performance.timeOrigin + performance.now();
const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - now())));

function send(
  base: string,
  person: number,
  method: string,
  path: string,
  body: unknown,
  cookie: string,
): Promise<{ status: number; ms: number; at: number; text: string }> {
  const started = now();
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request(`${base}/api/v1${path}`, {
      method,
      agent: agents[person % ADDRESSES],
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        cookie,
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, ms: now() - started, at: now(), text }),
      );
    });
    req.on('error', () => resolve({ status: 0, ms: now() - started, at: now(), text: '' }));
    req.end(payload);
  });
}

/** Zipf-like popularity: question k is chosen with weight 1/(k+1). */
function popularity(n: number): () => number {
  const weights = Array.from({ length: n }, (_, k) => 1 / (k + 1));
  const total = weights.reduce((s, w) => s + w, 0);
  return () => {
    let r = Math.random() * total;
    for (let k = 0; k < n; k++) {
      r -= weights[k]!;
      if (r <= 0) return k;
    }
    return n - 1;
  };
}

/** The presenter's stream: for each question, when it first showed at least n votes. */
function presenterWatch(base: string, slug: string, secret: string) {
  const seen = new Map<number, { votes: number; at: number }[]>();
  let frames = 0;
  let largestGzip = 0;
  const req = request(`${base}/api/v1/polls/${slug}/events`, {
    headers: { accept: 'text/event-stream', 'x-host-secret': secret },
  });
  req.on('response', (res) => {
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      const at = now();
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!frame.includes('event: qa')) continue;
        const data =
          frame
            .split('\n')
            .find((l) => l.startsWith('data: '))
            ?.slice(6) ?? '{}';
        frames++;
        largestGzip = Math.max(largestGzip, gzipSync(data).length);
        const parsed = JSON.parse(data) as { top: { id: number; votes: number }[] };
        for (const q of parsed.top) {
          const list = seen.get(q.id) ?? [];
          list.push({ votes: q.votes, at });
          seen.set(q.id, list);
        }
      }
    });
  });
  req.on('error', () => {});
  req.end();
  return {
    seen,
    stats: () => ({ frames, largestGzip }),
    close: () => req.destroy(),
  };
}

/** 2,000 participation streams, each from its person's address; bytes counted, nothing kept. */
function listeners(base: string, slug: string, cookies: string[]) {
  let bytes = 0;
  let open = 0;
  const reqs = cookies.map((cookie, i) => {
    const req = request(`${base}/api/v1/polls/${slug}/events?as=participant`, {
      headers: { accept: 'text/event-stream', cookie },
      localAddress: addresses[i % ADDRESSES],
      agent: false,
    });
    req.on('response', (res) => {
      open++;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
      });
    });
    req.on('error', () => {});
    req.end();
    return req;
  });
  return {
    bytes: () => bytes,
    open: () => open,
    close: () => {
      for (const r of reqs) r.destroy();
    },
  };
}

async function main() {
  const file = tempSqlite();
  const server = await startServer({
    script: 'src/server/main.ts',
    env: { DATABASE_URL: file, RATE_LIMITS: 'on' },
    healthPath: '/api/v1/health',
  });
  const base = server.url;
  try {
    const qa = await call(base, 'POST', '/polls', { title: 'Charla', settings: { qa: true } });
    await call(base, 'PATCH', `/polls/${qa.slug}`, { status: 'open' }, qa.host_secret);
    const ballotPoll = await createBenchPoll(base);
    const next = participants();
    const cookies = Array.from({ length: PEOPLE }, () => next());
    const ids: number[] = [];
    for (let k = 0; k < QUESTIONS; k++) {
      const asked = await send(
        base,
        k,
        'POST',
        `/polls/${qa.slug}/qa`,
        { text: `Pregunta número ${k}: ¿qué opinas del tema ${k % 17}?` },
        cookies[k]!,
      );
      if (asked.status !== 201) throw new Error(`ask: ${asked.status} ${asked.text}`);
      ids.push(JSON.parse(asked.text).id);
    }
    const presenter = presenterWatch(base, qa.slug, qa.host_secret);
    const streams = listeners(base, qa.slug, cookies);
    while (streams.open() < PEOPLE) await new Promise((r) => setTimeout(r, 200));

    // Each person votes distinct questions, the popular ones most.
    const pick = popularity(QUESTIONS);
    const plan: { person: number; question: number }[] = [];
    const chosen = cookies.map(() => new Set<number>());
    while (plan.length < VOTES) {
      const person = plan.length % PEOPLE;
      let q = pick();
      for (let tries = 0; chosen[person]!.has(q) && tries < 20; tries++) q = pick();
      if (chosen[person]!.has(q)) continue;
      chosen[person]!.add(q);
      plan.push({ person, question: q });
    }
    const voteHist = emptyHistogram();
    const seenHist = emptyHistogram();
    const ballotHist = emptyHistogram();
    const failures: Record<string, number> = {};
    const acks: { question: number; votes: number; at: number }[] = [];
    let voteCpu = 0;
    let ballotCpu = 0;
    let ballots = 0;
    const record = (hist: number[], ms: number) => {
      hist[Math.min(HIST_MS - 1, Math.round(ms))]! += 1;
    };

    const runVotes = async (slice: typeof plan) => {
      const start = now();
      const cpu = server.cpuSeconds();
      const gap = (SECONDS * 1000) / VOTES;
      await Promise.all(
        slice.map(async ({ person, question }, i) => {
          await sleepUntil(start + i * gap);
          const path = `/polls/${qa.slug}/qa/${ids[question]}/vote`;
          const presses = i % DOUBLE_PRESS_EVERY === 0 ? 2 : 1;
          const results = await Promise.all(
            Array.from({ length: presses }, () =>
              send(base, person, 'PUT', path, { up: true }, cookies[person]!),
            ),
          );
          for (const r of results) {
            if (r.status !== 200) failures[r.status] = (failures[r.status] ?? 0) + 1;
            else record(voteHist, r.ms);
          }
          const ok = results.find((r) => r.status === 200);
          if (ok)
            acks.push({ question: ids[question]!, votes: JSON.parse(ok.text).votes, at: ok.at });
        }),
      );
      voteCpu += server.cpuSeconds() - cpu;
    };
    const runBallots = async (count: number) => {
      const start = now();
      const cpu = server.cpuSeconds();
      const gap = (SECONDS * 1000) / VOTES;
      await Promise.all(
        Array.from({ length: count }, async (_, i) => {
          await sleepUntil(start + i * gap);
          const r = await send(
            base,
            i,
            'POST',
            `/polls/${ballotPoll.slug}/votes`,
            JSON.parse(ballotPoll.ballot(i)),
            next(),
          );
          if (r.status === 201) record(ballotHist, r.ms);
          else failures[`ballot ${r.status}`] = (failures[`ballot ${r.status}`] ?? 0) + 1;
          ballots++;
        }),
      );
      ballotCpu += server.cpuSeconds() - cpu;
    };
    const half = Math.floor(plan.length / 2);
    const ballotHalf = Math.round(half / 2);
    await runVotes(plan.slice(0, half));
    await runBallots(ballotHalf);
    await runVotes(plan.slice(half));
    await runBallots(ballotHalf);
    await new Promise((r) => setTimeout(r, 2000));

    // How long each acknowledged vote took to show on the presenter's stream (questions it
    // lists: the top ten, what the projector can show).
    let measured = 0;
    for (const ack of acks) {
      const shown = presenter.seen.get(ack.question)?.find((s) => s.votes >= ack.votes);
      if (!shown) continue;
      measured++;
      record(seenHist, Math.max(0, shown.at - ack.at));
    }
    const { frames, largestGzip } = presenter.stats();
    const listed = await fetch(`${base}/api/v1/polls/${qa.slug}/qa?sort=top&limit=200`, {
      headers: { 'x-host-secret': qa.host_secret },
    }).then((r) => r.json() as Promise<{ questions: { id: number; votes: number }[] }>);
    presenter.close();
    streams.close();
    await server.stop();

    // The recount, from the stored votes themselves.
    const db = new Database(file, { readonly: true });
    const recount = new Map(
      (
        db.prepare('select question_id q, count(*) n from qa_votes group by question_id').all() as {
          q: number;
          n: number;
        }[]
      ).map((r) => [r.q, r.n]),
    );
    db.close();
    const expected = new Map<number, number>();
    for (const p of plan) expected.set(ids[p.question]!, (expected.get(ids[p.question]!) ?? 0) + 1);
    const mismatches = listed.questions.filter(
      (q) => q.votes !== (recount.get(q.id) ?? 0) || q.votes !== (expected.get(q.id) ?? 0),
    ).length;

    const votesSent = plan.length;
    const perVote = (voteCpu / votesSent) * 1000;
    const perBallot = (ballotCpu / Math.max(1, ballots)) * 1000;
    const rows: Row[] = [
      {
        measure: 'Vote acknowledged p50 / p95',
        result: `${percentile(voteHist, 0.5)} / ${percentile(voteHist, 0.95)} ms`,
        target: 'p95 ≤ 300 ms',
        met: percentile(voteHist, 0.95) <= 300,
      },
      {
        measure: 'Vote on the presenter’s stream p50 / p95',
        result: `${percentile(seenHist, 0.5)} / ${percentile(seenHist, 0.95)} ms (${measured} votes of listed questions)`,
        target: 'p95 ≤ 1,000 ms',
        met: percentile(seenHist, 0.95) <= 1000,
      },
      {
        measure: 'Counters = recount = votes sent (double presses included)',
        result: `${mismatches} of ${listed.questions.length} questions differ`,
        target: '0',
        met: mismatches === 0,
      },
      {
        measure: 'Largest `qa` frame',
        result: `${(largestGzip / 1000).toFixed(1)} kB gzip (${frames} frames)`,
        target: '< 16 kB',
        met: largestGzip < 16_000,
      },
      {
        measure: 'Server CPU per vote / per ballot (same rate, alternated)',
        result: `${perVote.toFixed(2)} / ${perBallot.toFixed(2)} ms = ${(perVote / perBallot).toFixed(2)}×`,
        target: '≤ 1.3×',
        met: perVote / perBallot <= 1.3,
      },
      { measure: 'Refused or failed requests', result: JSON.stringify(failures) },
      { measure: 'Ballot acknowledged p95', result: `${percentile(ballotHist, 0.95)} ms` },
      {
        measure: 'Bytes to the participation streams',
        result: `${(streams.bytes() / 1e6).toFixed(1)} MB`,
      },
    ];
    const body = `${machine()}\n\n${PEOPLE} people from ${ADDRESSES} addresses, ${QUESTIONS} questions, ${votesSent} votes in ${SECONDS} s (two halves, each followed by ${ballotHalf} ballots at the same rate), ${PEOPLE} participation streams.\n\n${table(rows)}\n`;
    console.log(body);
    if (scale === 1) writeResults('bench/results-qa.md', 'Audience Q&A (`npm run bench:qa`)', body);
  } finally {
    await server.stop().catch(() => {});
  }
}

await main();
process.exit(0);
