import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { parseDatabaseUrl } from '../src/server/config.ts';
import { SourceHasher } from '../src/server/http/source.ts';
import { openStore } from '../src/server/store/open-store.ts';
import { BENCH_SECRET_KEY, createBenchPoll, participants } from './lib/api.ts';
import { NGINX, type Nginx, nginxAvailable, startNginx } from './lib/nginx.ts';
import { backendCpuTracker, redisCpu, redisPid, tallyEqualsRecount } from './lib/pg-redis.ts';
import { forkTs, machineCpuSeconds, root, type Server, startServer } from './lib/processes.ts';
import { noneRow, p50p95, percentile, writeBenchSection } from './lib/quiz-players.ts';
import { machine, type Row, table } from './lib/report.ts';
import type { Command, Report, RoomPlan } from './lib/room-phones.ts';
import {
  type Failover,
  type FailoverFigures,
  failoverFigures,
  failoverRows,
} from './lib/rooms-failover.ts';

/**
 * `npm run bench:rooms` (issue 29, "Many rooms"): ROOMS polls of PHONES phones each, every room
 * from its own loopback address (127.1.x.y, a school's NAT), through nginx configured as
 * docs/scaling.md documents (bench/lib/nginx.ts), over 1, 2 and 3 Sondeo instances on
 * PostgreSQL + Redis, rate limits on, the instances trusting nginx's X-Forwarded-For
 * (TRUST_PROXY=127.0.0.1) so each sees the room's address. Every phone holds its participation
 * stream with its own cookie, every room's projector the host's stream; room starts are spread
 * over ROOMS_SPREAD_S and each room's phones vote within its own ROOMS_WINDOW_S. Measures
 * ballot ack p50/p95, ballot 201 → the room's projector frame counting it (p95), CPU per ballot
 * of the instances, their PostgreSQL backends, redis-server and nginx apart, errors (non-2xx,
 * streams refused or dropped), and each poll's counters against a recount and the bench's acks.
 * Settings: ROOMS=300, ROOMS_PHONES=30, ROOMS_INSTANCES=1,2,3 (alternated per round),
 * ROOMS_REPEAT=1, ROOMS_SPREAD_S=180, ROOMS_WINDOW_S=60, ROOMS_CLIENTS=2 (load processes),
 * PG_URL=postgres://postgres@127.0.0.1:5432/test, REDIS_URL=redis://127.0.0.1:6379, NGINX
 * (default /usr/sbin/nginx), ROOMS_OUT (default bench/RESULTS.md, section "Many rooms").
 * ROOMS_FAILOVER=1 (3 instances only): ROOMS_KILL_S after the first ballot (default a third of
 * the spread) one instance is killed (SIGKILL), and started again on its port ROOMS_RESTART_S
 * (10) later; bench/lib/rooms-failover.ts sums up what the phones and projectors saw.
 */

const env = process.env;
const roomCount = Number(env.ROOMS ?? 300);
const phones = Number(env.ROOMS_PHONES ?? 30);
const settings = (env.ROOMS_INSTANCES ?? '1,2,3').split(',').map(Number);
const repeat = Number(env.ROOMS_REPEAT ?? 1);
const spreadMs = Number(env.ROOMS_SPREAD_S ?? 180) * 1000;
const windowMs = Number(env.ROOMS_WINDOW_S ?? 60) * 1000;
const clients = Number(env.ROOMS_CLIENTS ?? 2);
const failoverMode = env.ROOMS_FAILOVER === '1';
const killAfterMs = Number(env.ROOMS_KILL_S ?? spreadMs / 3000) * 1000;
const restartAfterMs = Number(env.ROOMS_RESTART_S ?? 10) * 1000;
/** Node flags for the instances (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`), for profiling. */
const nodeArgs = env.ROOMS_NODE_ARGS ? env.ROOMS_NODE_ARGS.split(' ') : [];
if (failoverMode && settings.join() !== '3') {
  console.log('ROOMS_FAILOVER=1 runs 3 instances only: set ROOMS_INSTANCES=3.');
  process.exit(1);
}
const pgUrl = env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const out = env.ROOMS_OUT ?? join(root, 'bench/RESULTS.md');
const tag = randomBytes(4).toString('hex');
const log = (line: string) => console.log(`  ${line}`);
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Room r's address: 127.1.x.y, none of them 127.0.0.1 (nginx's own towards the instances). */
const addressOf = (r: number) => `127.1.${Math.floor(r / 250)}.${(r % 250) + 1}`;

interface Run {
  instances: number;
  ballots: number;
  acks: number[];
  toProjector: number[];
  notShown: number;
  failures: Record<string, number>;
  streamsFailed: number;
  dropped: number;
  serverUs: number;
  postgresUs: number;
  redisUs: number;
  nginxUs: number;
  recounted: number;
  /** The instances' CPU (cores) holding every stream before the first ballot. */
  idleCores: number;
  /** PostgreSQL connections the instances used over the voting phase (each one a backend). */
  backends: number;
  /** The whole machine's busy CPU seconds over the voting phase (ours and everyone else's). */
  machineBusy: number;
  wallSeconds: number;
  /** The instances' 'database unavailable' log lines, counted by the driver's message. */
  unavailable: string;
  /** (poll, source) pairs of stored ballots not hashed from the room's own address. */
  wrongSource: number;
  load: string;
  openSeconds: number;
  failover?: FailoverFigures;
  downSeconds?: number;
}

function ask<T>(child: ChildProcess, type: string, message: Command): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: { type: string }) => {
      if (reply.type !== type) return;
      child.off('message', onMessage);
      resolve(reply as T);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`room phones exited (${code})`)));
    child.send(message);
  });
}

/** `count` jobs, `width` at a time. */
async function inParallel<T>(count: number, width: number, job: (i: number) => Promise<T>) {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await job(i);
      }
    }),
  );
  return results;
}

async function runSetting(
  instances: number,
  ctx: { admin: pg.Client; redis: Redis; redisPid: number | undefined },
  round: number,
): Promise<Run> {
  const schema = `bench_rooms_${tag}_${round}_${instances}`;
  const app = `sondeo_rooms_${tag}`;
  const databaseUrl = `${pgUrl}?schema=${schema}&application_name=${app}`;
  const servers: Server[] = [];
  const children: ChildProcess[] = [];
  let nginx: Nginx | undefined;
  const store = await openStore({ database: parseDatabaseUrl(databaseUrl) });
  const serverEnv = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    // Each run its own channel and rate buckets: the setup's poll creations start afresh.
    REDIS_CHANNEL: `sondeo:bench-rooms-${tag}-${round}-${instances}`,
    // As deployed: every bucket on, the client's address from nginx's X-Forwarded-For.
    RATE_LIMITS: 'on',
    TRUST_PROXY: '127.0.0.1',
    // The bench creates every room's poll from one address (its setup, not the load).
    POLL_CREATE_BURST: String(roomCount + 10),
  };
  const portOf = (s: Server) => Number(new URL(s.url).port);
  try {
    for (let i = 0; i < instances; i++) {
      servers.push(
        await startServer({
          script: 'src/server/main.ts',
          env: serverEnv,
          healthPath: '/api/v1/health',
          nodeArgs,
        }),
      );
    }
    nginx = await startNginx(servers.map(portOf), failoverMode);
    const base = nginx.url;
    const cookie = participants();
    const plans: RoomPlan[] = await inParallel(roomCount, 8, async (r) => {
      const poll = await createBenchPoll(base);
      return {
        address: addressOf(r),
        slug: poll.slug,
        secret: poll.secret,
        ballots: Array.from({ length: phones }, (_, i) => poll.ballot(i + r)),
        cookies: Array.from({ length: phones }, () => cookie()),
        startMs: roomCount > 1 ? (r * spreadMs) / (roomCount - 1) : 0,
      };
    });
    log(`${roomCount} polls created through nginx`);

    for (let i = 0; i < clients; i++) children.push(forkTs(join(root, 'bench/lib/room-phones.ts')));
    const opening = performance.now();
    const opened = await Promise.all(
      children.map((child, i) =>
        ask<{ ok: number; failed: number }>(child, 'opened', {
          type: 'open',
          base,
          rooms: plans.filter((_, r) => r % clients === i),
          batch: 100,
        }),
      ),
    );
    const openSeconds = (performance.now() - opening) / 1000;
    const streamsFailed = opened.reduce((s, o) => s + o.failed, 0);
    log(
      `${opened.reduce((s, o) => s + o.ok, 0)} streams open (${streamsFailed} refused or failed) in ` +
        `${openSeconds.toFixed(1)} s; load ${loadAverage()}`,
    );
    // Seats need their stream held a moment (SEAT_MIN_AGE_MS) before ballots spend their own.
    // Meanwhile: what the instances cost holding every stream, before any ballot.
    const idle0 = servers.reduce((s, x) => s + x.cpuSeconds(), 0);
    await new Promise((r) => setTimeout(r, 4000));
    const idleCores = (servers.reduce((s, x) => s + x.cpuSeconds(), 0) - idle0) / 4;

    const backends = backendCpuTracker(ctx.admin, app);
    await backends.start();
    const cpu0 = {
      server: servers.reduce((s, x) => s + x.cpuSeconds(), 0),
      redis: await redisCpu(ctx.redis, ctx.redisPid),
      nginx: nginx.cpuSeconds(),
      machine: machineCpuSeconds().busy,
      wall: performance.now(),
    };
    const at = Date.now() + 1000;
    let failover: Promise<Failover> | undefined;
    if (failoverMode) {
      failover = (async () => {
        await new Promise((r) => setTimeout(r, at + killAfterMs - Date.now()));
        const victim = servers[instances - 1]!;
        const killedAt = Date.now();
        process.kill(victim.pid, 'SIGKILL');
        await victim.stop();
        log(`killed the instance on port ${portOf(victim)}; load ${loadAverage()}`);
        await new Promise((r) => setTimeout(r, restartAfterMs));
        servers[instances - 1] = await startServer({
          script: 'src/server/main.ts',
          env: serverEnv,
          healthPath: '/api/v1/health',
          port: portOf(victim),
        });
        const backAt = Date.now();
        log(
          `restarted on its port, answering ${((backAt - killedAt) / 1000).toFixed(1)} s after the kill`,
        );
        return { killedAt, backAt, port: portOf(victim) };
      })();
    }
    const reports = await Promise.all(
      children.map((child) =>
        ask<Report>(child, 'report', { type: 'vote', at, windowMs, settleMs: 3000 }),
      ),
    );
    const failed = await failover;
    const postgresS = await backends.stop();
    const ballots = reports.reduce((s, r) => s + r.acks.length, 0);
    const per = (s: number) => (s * 1e6) / Math.max(ballots, 1);
    const failures: Record<string, number> = {};
    for (const r of reports) {
      for (const [code, n] of Object.entries(r.failures))
        failures[code] = (failures[code] ?? 0) + n;
    }
    const machineBusy = machineCpuSeconds().busy - cpu0.machine;
    // Why an instance answered 503 (its log: 'database unavailable' and the driver's error).
    const unavailable = servers.flatMap((x) =>
      x
        .output()
        .split('\n')
        .filter((line) => line.includes('database unavailable')),
    );
    const why = new Map<string, number>();
    for (const line of unavailable) {
      const message = /"message":"([^"]*)"/.exec(line)?.[1] ?? line.slice(0, 120);
      why.set(message, (why.get(message) ?? 0) + 1);
    }
    const wallSeconds = (performance.now() - cpu0.wall) / 1000;
    const run: Run = {
      instances,
      ballots,
      acks: reports.flatMap((r) => r.acks),
      toProjector: reports.flatMap((r) => r.toProjector),
      notShown: reports.reduce((s, r) => s + r.notShown, 0),
      failures,
      streamsFailed,
      dropped: reports.reduce((s, r) => s + r.dropped, 0),
      serverUs: per(servers.reduce((s, x) => s + x.cpuSeconds(), 0) - cpu0.server),
      postgresUs: per(postgresS),
      idleCores,
      backends: backends.backends(),
      redisUs: per((await redisCpu(ctx.redis, ctx.redisPid)) - cpu0.redis),
      nginxUs: per(nginx.cpuSeconds() - cpu0.nginx),
      recounted: 0,
      wrongSource: 0,
      machineBusy,
      wallSeconds,
      unavailable: [...why].map(([m, n]) => `${n}× ${m}`).join('; '),
      load: loadAverage(),
      openSeconds,
    };
    const acked = Object.assign({}, ...reports.map((r) => r.acked)) as Record<string, number>;
    const checks = await inParallel(plans.length, 8, (i) =>
      tallyEqualsRecount(store, plans[i]!.slug, acked[plans[i]!.slug] ?? 0),
    );
    run.recounted = checks.filter(Boolean).length;
    if (failed) {
      const stored = await ctx.admin.query<{ n: string }>(
        `select count(*) as n from ${schema}.ballots`,
      );
      run.failover = failoverFigures(failed, reports, Number(stored.rows[0]?.n));
      run.downSeconds = (failed.backAt - failed.killedAt) / 1000;
    }
    // Each ballot keeps a keyed hash of (client address, poll): the instances behind nginx must
    // have seen the room's address (X-Forwarded-For from the trusted proxy), not nginx's.
    const hasher = new SourceHasher(BENCH_SECRET_KEY);
    const { rows } = await ctx.admin.query<{ slug: string; source: string }>(
      `select distinct p.slug, b.source from ${schema}.ballots b join ${schema}.polls p on p.id = b.poll_id`,
    );
    const expected = new Map(plans.map((p) => [p.slug, hasher.of(p.address, p.slug)]));
    run.wrongSource = rows.filter((row) => expected.get(row.slug) !== row.source).length;
    return run;
  } finally {
    for (const child of children) if (child.connected) child.send({ type: 'exit' });
    await nginx?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await store.close();
    await ctx.admin.query(`drop schema if exists ${schema} cascade`).catch(() => {});
  }
}

async function reachable(what: string, check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (error) {
    console.log(`bench:rooms skipped: ${what} does not answer (${(error as Error).message}).`);
    return false;
  }
}

console.log(machine());
if (!nginxAvailable()) {
  console.log(`bench:rooms skipped: no nginx at ${NGINX} (set NGINX to its path).`);
  process.exit(env.CI === 'true' ? 1 : 0);
}
const admin = new pg.Client({ connectionString: pgUrl });
const redis = new Redis(redisUrl, {
  lazyConnect: true,
  maxRetriesPerRequest: 1,
  retryStrategy: () => null,
});
if (
  !(await reachable(`PostgreSQL at ${pgUrl}`, () => admin.connect())) ||
  !(await reachable(`Redis at ${redisUrl}`, () => redis.connect()))
) {
  process.exit(env.CI === 'true' ? 1 : 0);
}
const ctx = { admin, redis, redisPid: await redisPid(redis) };
console.log(
  `${roomCount} rooms × ${phones} phones, starts over ${spreadMs / 1000} s, each room voting within ` +
    `${windowMs / 1000} s; instances ${settings.join(', ')}; ${repeat} round(s)`,
);
const runs: Run[] = [];
/** µs per ballot of everything the bench started on the server side (nginx included). */
const ours = (r: Run) => r.serverUs + r.postgresUs + r.redisUs + r.nginxUs;
try {
  for (let round = 1; round <= repeat; round++) {
    // Alternated: odd rounds 1 → 3, even rounds 3 → 1, so the machine's drift falls on all.
    const order = round % 2 === 1 ? settings : [...settings].reverse();
    for (const instances of order) {
      console.log(`Round ${round}: ${instances} instance(s), load ${loadAverage()}`);
      const r = await runSetting(instances, ctx, round);
      runs.push(r);
      log(
        `${r.ballots} ballots · ack ${p50p95(r.acks)} · → projector p95 ` +
          `${percentile(r.toProjector, 95).toFixed(0)} ms · CPU per ballot: Sondeo ${r.serverUs.toFixed(0)} µs, ` +
          `PostgreSQL ${r.postgresUs.toFixed(0)} µs, Redis ${r.redisUs.toFixed(0)} µs, nginx ${r.nginxUs.toFixed(0)} µs · ` +
          `instances idle ${r.idleCores.toFixed(2)} cores · ${r.backends} PostgreSQL connections · machine busy ${(r.machineBusy / r.wallSeconds).toFixed(2)} of 2 cores, ours ${((ours(r) * r.ballots) / 1e6 / r.wallSeconds).toFixed(2)} · ` +
          `failures ${JSON.stringify(r.failures)}${r.unavailable ? ` (${r.unavailable})` : ''} · streams failed ${r.streamsFailed}, dropped ${r.dropped} · ` +
          `not shown ${r.notShown} · wrong source ${r.wrongSource} · tallies = recount ${r.recounted}/${roomCount} · load ${r.load}`,
      );
    }
  }
} finally {
  await admin.end();
  redis.disconnect();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const of = (n: number) => runs.filter((r) => r.instances === n);
const total = (r: Run) => r.serverUs + r.postgresUs + r.redisUs;
const rows: Row[] = [];
for (const n of settings) {
  const list = of(n);
  const acks = list.flatMap((r) => r.acks);
  const toProjector = list.flatMap((r) => r.toProjector);
  const label = `${n} instance${n > 1 ? 's' : ''}`;
  rows.push({
    measure: `${label}: ballot ack p50 / p95`,
    result: `${p50p95(acks)} (${acks.length} ballots)`,
    target: 'p95 ≤ 300 ms',
    met: percentile(acks, 95) <= 300,
  });
  rows.push({
    measure: `${label}: ballot 201 → projector frame, p50 / p95`,
    result: p50p95(toProjector),
    target: 'p95 ≤ 1 s',
    met: percentile(toProjector, 95) <= 1000,
  });
  rows.push({
    measure: `${label}: CPU per ballot (Sondeo + PostgreSQL + Redis; nginx apart)`,
    result: list
      .map(
        (r) =>
          `${r.serverUs.toFixed(0)} + ${r.postgresUs.toFixed(0)} + ${r.redisUs.toFixed(0)} = ${total(r).toFixed(0)} µs; nginx ${r.nginxUs.toFixed(0)} µs (load ${r.load}; instances holding the streams before any ballot ${r.idleCores.toFixed(2)} cores; ${r.backends} PostgreSQL connections used; machine busy ${(r.machineBusy / r.wallSeconds).toFixed(2)} cores, this bench's servers ${((ours(r) * r.ballots) / 1e6 / r.wallSeconds).toFixed(2)})`,
      )
      .join(' · '),
  });
  const errors = list.reduce(
    (s, r) =>
      s +
      Object.values(r.failures).reduce((a, b) => a + b, 0) +
      r.streamsFailed +
      r.dropped +
      r.notShown,
    0,
  );
  rows.push(
    noneRow(
      `${label}: errors (non-2xx ballots ${JSON.stringify(Object.assign({}, ...list.map((r) => r.failures)))}, streams refused, dropped, ballots never on the projector)`,
      errors,
    ),
  );
  rows.push({
    measure: `${label}: polls whose counters = recount = acknowledged ballots`,
    result: `${list.reduce((s, r) => s + r.recounted, 0)} / ${roomCount * list.length}`,
    target: 'all',
    met: list.every((r) => r.recounted === roomCount),
  });
  rows.push(
    noneRow(
      `${label}: polls with ballots not from the room's own address (as the instances saw it through nginx)`,
      list.reduce((s, r) => s + r.wrongSource, 0),
    ),
  );
}
const one = of(1);
const three = of(3);
if (one.length > 0 && three.length > 0) {
  const ratios = three.map((r, i) => total(r) / total(one[i] ?? one[0]!));
  rows.push({
    measure: 'CPU per ballot, 3 instances ÷ 1 (Sondeo + PostgreSQL + Redis)',
    result: `${median(ratios).toFixed(2)}× (runs: ${ratios.map((x) => x.toFixed(2)).join(', ')})`,
    target: '≤ 1.15×',
    met: median(ratios) <= 1.15,
  });
}
for (const r of runs) if (r.failover) rows.push(...failoverRows(r.failover, r.downSeconds ?? 0));
const command =
  `${failoverMode ? 'ROOMS_FAILOVER=1 ' : ''}ROOMS=${roomCount} ROOMS_PHONES=${phones} ROOMS_INSTANCES=${settings.join(',')} ROOMS_REPEAT=${repeat} ` +
  `ROOMS_SPREAD_S=${spreadMs / 1000} ROOMS_WINDOW_S=${windowMs / 1000} npm run bench:rooms`;
const result = table(rows);
console.log(`\n${result}\n`);
writeBenchSection(
  out,
  `rooms-${roomCount}x${phones}-${settings.join('')}${failoverMode ? '-failover' : ''}`,
  `Many rooms (bench:rooms), ${roomCount} × ${phones}, instances ${settings.join(', ')}${failoverMode ? ', one killed and restarted' : ''}`,
  `${machine()}\n\n\`${command}\`\n\n${result}\n`,
);
console.log(`Written to ${out}`);
