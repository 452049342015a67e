import { request } from 'node:http';
import { openSqliteStore } from '../src/server/store/sqlite.ts';
import { seedBigExportPoll } from '../tests/helpers/big-export-poll.ts';
import { createBenchPoll, participants } from './lib/api.ts';
import { seedBigExportPollPg } from './lib/big-export-poll-pg.ts';
import { emptyHistogram, HIST_MS, percentile } from './lib/latency.ts';
import type { Server } from './lib/processes.ts';
import type { Row } from './lib/report.ts';

/**
 * Issue 25, 'Exports stall everyone', for `npm run bench:abuse` (part `export`): a poll of
 * ABUSE_EXPORT_BALLOTS ballots (default 200,000, 5 questions each) written straight into the
 * server's SQLite file, then an attacker with its secret exports it as XLSX in a loop (2 at a
 * time, from 127.0.0.1) for `seconds`, while a victim room votes (one ballot every 100 ms from
 * 127.0.0.9, a new participant each) and /health is probed. Reports the victim's ballot
 * latency, /health's, the exports done and refused, the server's peak memory and CPU.
 * On SQLite the seeding writes the file; on PostgreSQL the bench server's schema
 * (lib/big-export-poll-pg.ts).
 */

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(`  ${line}`);

/** One request over a fresh connection from `localAddress`; its status, or 0 on error. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
  localAddress = '127.0.0.1',
): Promise<{ status: number; bytes: number; retryAfter: number }> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? 'GET',
        localAddress,
        agent: false,
        headers: options.headers,
      },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            retryAfter: Number(res.headers['retry-after'] ?? 0),
          }),
        );
        res.on('error', () => resolve({ status: 0, bytes, retryAfter: 0 }));
      },
    );
    req.on('error', () => resolve({ status: 0, bytes: 0, retryAfter: 0 }));
    req.end(options.body);
  });
}

async function seedSqlite(dbFile: string, size: Parameters<typeof seedBigExportPoll>[2]) {
  const store = await openSqliteStore(dbFile);
  try {
    return await seedBigExportPoll(store, dbFile, size);
  } finally {
    await store.close();
  }
}

export async function exportLoop(server: Server, dbFile: string, seconds: number): Promise<Row> {
  const ballots = Number(process.env.ABUSE_EXPORT_BALLOTS ?? 200_000);
  const seeding = performance.now();
  const size = { questions: 5, options: 4, ballots };
  const big = dbFile.includes('://')
    ? await seedBigExportPollPg(dbFile, size)
    : await seedSqlite(dbFile, size);
  log(`seeded ${fmt(ballots)} ballots in ${fmt((performance.now() - seeding) / 1000)} s`);

  const victim = await createBenchPoll(server.url);
  const cookie = participants();
  let running = true;
  let exported = 0;
  let refused = 0;
  let failed = 0;
  let exportMs = 0;
  let peakRss = server.rssMb();
  const exporter = async () => {
    while (running) {
      const started = performance.now();
      const res = await send(`${server.url}/api/v1/polls/${big.slug}/export?format=xlsx`, {
        headers: { 'x-host-secret': big.secret },
      });
      if (res.status === 200) {
        exported++;
        exportMs += performance.now() - started;
      } else if (res.status === 429) {
        refused++;
        await sleep(Math.min(2, res.retryAfter || 1) * 1000);
      } else failed++;
    }
  };
  const votes = emptyHistogram();
  let votesFailed = 0;
  const voter = async () => {
    for (let i = 0; running; i++) {
      const started = performance.now();
      const res = await send(
        `${server.url}/api/v1/polls/${victim.slug}/votes`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: cookie() },
          body: victim.ballot(i),
        },
        '127.0.0.9',
      );
      if (res.status !== 201) votesFailed++;
      votes[Math.min(HIST_MS - 1, Math.round(performance.now() - started))]! += 1;
      await sleep(100);
    }
  };
  const health = emptyHistogram();
  const prober = async () => {
    while (running) {
      const started = performance.now();
      await send(`${server.url}/api/v1/health`, {}, '127.0.0.10');
      health[Math.min(HIST_MS - 1, Math.round(performance.now() - started))]! += 1;
      peakRss = Math.max(peakRss, server.rssMb());
      await sleep(250);
    }
  };
  const cpu = server.cpuSeconds();
  const all = [exporter(), exporter(), voter(), prober()];
  await sleep(seconds * 1000);
  running = false;
  await Promise.all(all);
  const p95 = percentile(votes, 0.95);
  const result =
    `${fmt(ballots)}-ballot XLSX exported in a loop (2 at a time) for ${seconds} s: ` +
    `${fmt(exported)} exports (${exported ? fmt(exportMs / exported / 1000) : '–'} s each), ` +
    `${fmt(refused)} × 429, ${failed} failed · victim's ballots p50 ${percentile(votes, 0.5)} ms, ` +
    `**p95 ${p95} ms**, ${votesFailed} failed · /health p95 ${percentile(health, 0.95)} ms · ` +
    `server peak RSS ${fmt(peakRss)} MB, CPU ${(server.cpuSeconds() - cpu).toFixed(1)} s`;
  log(result);
  return {
    measure: `9. Export loop: a ${fmt(ballots)}-ballot poll's XLSX exported over and over; a victim votes`,
    result,
    target: 'victim p95 ≤ 300 ms',
    met: p95 <= 300,
  };
}
