import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { createBenchPoll } from './lib/api.ts';
import { emptyHistogram, percentile } from './lib/latency.ts';
import {
  forkTs,
  machineCpuSeconds,
  root,
  type Server,
  startServer,
  tcpCounters,
  tempSqlite,
} from './lib/processes.ts';

/**
 * Issue 11's join wave and vote storm: a room of phones from 20 loopback addresses arrives over
 * 10 s (page, its assets, the poll, the event stream each), then every phone sends its ballot
 * within 1 s. The host's results stream is watched for the final count. Rate limits on (100
 * phones an address is within the per-address buckets, designed for 300).
 */
export interface JoinWaveFigures {
  room: number;
  joined: number;
  joinFailures: Record<string, number>;
  pageP50: number;
  pageP95: number;
  stored: number;
  acknowledged: number;
  voteFailures: Record<string, number>;
  voteP50: number;
  voteP95: number;
  /** From the last acknowledgement to the results stream showing the final count (ms). */
  finalCountAfterMs: number;
  /** Where the CPU went in each phase (seconds): the server, the bench's phones, and the whole
   *  machine (the rest is other work on it). Server CPU per phone does not depend on the load. */
  join: PhaseCpu;
  vote: PhaseCpu;
}

export interface PhaseCpu {
  wallS: number;
  serverS: number;
  clientsS: number;
  machineBusyS: number;
  /** Core-seconds the machine had in the phase (wall × cores). */
  machineS: number;
  /** Requests the phones sent again after a kept-alive connection closed under them. */
  retried: number;
  /** Connections dropped by a full accept queue, and SYNs sent again, machine-wide. */
  listenOverflows: number;
  synRetrans: number;
}

/** CPU used from here to `end()`, by the server, the phones (reported by them) and the machine. */
function phase(server: Server) {
  const wall = performance.now();
  const cpu = server.cpuSeconds();
  const box = machineCpuSeconds();
  const tcp = tcpCounters();
  return (clientsMs: number, retried: number): PhaseCpu => {
    const boxNow = machineCpuSeconds();
    const tcpNow = tcpCounters();
    return {
      retried,
      listenOverflows: tcpNow.listenOverflows - tcp.listenOverflows,
      synRetrans: tcpNow.synRetrans - tcp.synRetrans,
      wallS: (performance.now() - wall) / 1000,
      serverS: server.cpuSeconds() - cpu,
      clientsS: clientsMs / 1000,
      machineBusyS: boxNow.busy - box.busy,
      machineS: boxNow.total - box.total,
    };
  };
}

const PHONES_PER_PROCESS = 1000;

type Reply =
  | {
      type: 'joined';
      pageHist: number[];
      ok: number;
      failures: Record<string, number>;
      cpuMs: number;
      retried: number;
    }
  | {
      type: 'voted';
      hist: number[];
      ok: number;
      failures: Record<string, number>;
      lastAck: number;
      cpuMs: number;
      retried: number;
    };

function ask<T extends Reply['type']>(child: ChildProcess, type: T, message: unknown) {
  return new Promise<Extract<Reply, { type: T }>>((resolve, reject) => {
    child.on('message', (reply: Reply) => {
      if (reply.type === type) resolve(reply as Extract<Reply, { type: T }>);
    });
    child.once('exit', (code) => reject(new Error(`join client exited (${code})`)));
    child.send(message as object);
  });
}

const now = () => performance.timeOrigin + performance.now();
const merge = (into: Record<string, number>, from: Record<string, number>) => {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
};

/** The host's results stream: resolves with the time the count first reaches `total`. */
function watchCount(base: string, slug: string, secret: string) {
  let reached: ((at: number) => void) | undefined;
  let target = Number.POSITIVE_INFINITY;
  let best = 0;
  let bestAt = 0;
  const req = request(`${base}/api/v1/polls/${slug}/events`, {
    headers: { accept: 'text/event-stream', 'x-host-secret': secret },
  });
  req.on('response', (res) => {
    let tail = '';
    res.on('data', (chunk: Buffer) => {
      const at = now();
      const text = tail + chunk.toString('latin1');
      for (const m of text.matchAll(/"totalVotes":(\d+)/g)) {
        const n = Number(m[1]);
        if (n > best) [best, bestAt] = [n, at];
      }
      tail = text.slice(-40);
      if (best >= target) reached?.(bestAt);
    });
  });
  req.on('error', () => {});
  req.end();
  return {
    until(total: number, timeoutMs: number): Promise<number> {
      target = total;
      if (best >= total) return Promise.resolve(bestAt);
      return new Promise((resolve) => {
        reached = resolve;
        setTimeout(() => resolve(Number.NaN), timeoutMs);
      });
    },
    close: () => req.destroy(),
  };
}

export async function measureJoinWave(o: {
  room: number;
  addresses: number;
  arrivalMs: number;
  voteSpreadMs: number;
  log: (line: string) => void;
  nodeArgs?: string[];
  /** Phones hold results streams (summaries to every phone) instead of participation ones. */
  resultsStreams?: boolean;
  /** Processes driving the phones (default one per 1,000): one process is issue 19's storm. */
  processes?: number;
  /** From the end of the join wave to "¡ahora!" (default 500 ms). Past the keep-alive timeout
   *  (10 s) every phone's ballot opens a new connection, as in issue 19's measurement. */
  voteAfterMs?: number;
}): Promise<JoinWaveFigures> {
  const server: Server = await startServer({
    script: 'src/server/main.ts',
    // The buckets on, as in a building: 100 phones an address is within them.
    env: { DATABASE_URL: tempSqlite(), RATE_LIMITS: 'on' },
    healthPath: '/api/v1/health',
    // BENCH_SERVER_ARGS: Node flags to try on the server alone (say, a V8 heap setting).
    nodeArgs: [...(o.nodeArgs ?? []), ...(process.env.BENCH_SERVER_ARGS?.split(' ') ?? [])].filter(
      Boolean,
    ),
  });
  const children: ChildProcess[] = [];
  const addresses = Array.from({ length: o.addresses }, (_, i) => `127.0.0.${i + 2}`);
  try {
    const poll = await createBenchPoll(server.url, { resultsPublic: true });
    const watcher = watchCount(server.url, poll.slug, poll.secret);
    const procs = o.processes ?? Math.ceil(o.room / PHONES_PER_PROCESS);
    // BENCH_PROFILE profiles the phones' processes too: what the load itself costs.
    for (let i = 0; i < procs; i++) {
      children.push(forkTs(join(root, 'bench/join-clients.ts'), {}, o.nodeArgs));
    }
    const startAt = now() + 500;
    const joinPhase = phase(server);
    let first = 0;
    const joins = await Promise.all(
      children.map((child, i) => {
        const count = Math.floor(o.room / procs) + (i < o.room % procs ? 1 : 0);
        const message = {
          type: 'join',
          base: server.url,
          slug: poll.slug,
          count,
          first,
          room: o.room,
          addresses,
          startAt,
          spreadMs: o.arrivalMs,
          resultsStreams: o.resultsStreams ?? false,
        };
        first += count;
        return ask(child, 'joined', message);
      }),
    );
    const pageHist = emptyHistogram();
    const joinFailures: Record<string, number> = {};
    for (const j of joins) {
      j.pageHist.forEach((n, ms) => {
        pageHist[ms]! += n;
      });
      merge(joinFailures, j.failures);
    }
    const joinCpu = joinPhase(
      joins.reduce((s, j) => s + j.cpuMs, 0),
      joins.reduce((s, j) => s + j.retried, 0),
    );
    const joined = joins.reduce((s, j) => s + j.ok, 0);
    o.log(
      `${joined}/${o.room} joined; page p95 ${percentile(pageHist, 0.95)} ms; failures ${JSON.stringify(joinFailures)}`,
    );

    // "¡Ahora!": every phone sends its ballot within the spread.
    const voteAt = now() + (o.voteAfterMs ?? 500);
    const votePhase = phase(server);
    const votes = await Promise.all(
      children.map((child, i) =>
        ask(child, 'voted', {
          type: 'vote',
          ballot: poll.ballot(i),
          startAt: voteAt,
          spreadMs: o.voteSpreadMs,
        }),
      ),
    );
    const hist = emptyHistogram();
    const voteFailures: Record<string, number> = {};
    for (const v of votes) {
      v.hist.forEach((n, ms) => {
        hist[ms]! += n;
      });
      merge(voteFailures, v.failures);
    }
    const voteCpu = votePhase(
      votes.reduce((s, v) => s + v.cpuMs, 0),
      votes.reduce((s, v) => s + v.retried, 0),
    );
    const acknowledged = votes.reduce((s, v) => s + v.ok, 0);
    const lastAck = Math.max(...votes.map((v) => v.lastAck));
    const shownAt = await watcher.until(acknowledged, 5000);
    watcher.close();
    const summary = (await (
      await fetch(`${server.url}/api/v1/polls/${poll.slug}/summary`)
    ).json()) as { totalVotes: number };
    return {
      room: o.room,
      joined,
      joinFailures,
      pageP50: percentile(pageHist, 0.5),
      pageP95: percentile(pageHist, 0.95),
      stored: summary.totalVotes,
      acknowledged,
      voteFailures,
      voteP50: percentile(hist, 0.5),
      voteP95: percentile(hist, 0.95),
      finalCountAfterMs: Math.max(0, Math.round(shownAt - lastAck)),
      join: joinCpu,
      vote: voteCpu,
    };
  } finally {
    for (const child of children) if (child.connected) child.send({ type: 'exit' });
    await server.stop();
  }
}
