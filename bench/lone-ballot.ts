// @ts-expect-error: a build script in plain JavaScript, without types
import { ensureServerBuild } from '../scripts/server-build.mjs';
import { ballotLoad, createBenchPoll, participants } from './lib/api.ts';
import { runLoad } from './lib/load.ts';
import { startServer, tempSqlite } from './lib/processes.ts';

/**
 * What one ballot costs at a classroom's pace (issue 29: the quiz at 50 players answers about
 * every 110 ms), against a storm's ballot: the compiled server on a SQLite file, one three-question
 * poll, every ballot from a new signed participant. Phases, each reported as server CPU (from
 * /proc, all threads) per ballot: ballots 100 ms apart and back to back on the fresh server,
 * a storm (STORM ballots over 50 connections), then the same two phases on the warmed server.
 * The idle line is the fresh server's own CPU per second, part of each spaced ballot's figure.
 * NODE_ARGS passes flags to the server (V8's tiering flags, say). Never part of `npm test`:
 * `node --import tsx bench/lone-ballot.ts`.
 */
ensureServerBuild();
const server = await startServer({
  script: 'build/server/main.js',
  env: { DATABASE_URL: tempSqlite() },
  healthPath: '/api/v1/health',
  nodeArgs: process.env.NODE_ARGS ? process.env.NODE_ARGS.split(' ') : [],
});
const poll = await createBenchPoll(server.url);
const cookie = participants();
let sent = 0;
const vote = async () => {
  const res = await fetch(`${server.url}/api/v1/polls/${poll.slug}/votes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookie() },
    body: poll.ballot(sent++),
  });
  await res.arrayBuffer();
  if (res.status !== 201) throw new Error(`ballot refused: ${res.status}`);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function phase(name: string, n: number, gapMs: number) {
  const cpu0 = server.cpuSeconds();
  for (let k = 0; k < n; k++) {
    await vote();
    if (gapMs) await sleep(gapMs);
  }
  const ms = ((server.cpuSeconds() - cpu0) / n) * 1000;
  console.log(`${name}: ${ms.toFixed(2)} ms of server CPU per ballot (${n} ballots)`);
}

/** The same ballots as a storm, through the benches' load generator (lib/load.ts). */
async function storm(n: number, connections: number) {
  const cpu0 = server.cpuSeconds();
  const result = await runLoad({ ...ballotLoad([server.url], poll, connections), amount: n });
  if (result.non2xx + result.errors > 0) throw new Error('storm: ballots refused');
  const us = ((server.cpuSeconds() - cpu0) / n) * 1e6;
  console.log(`storm: ${us.toFixed(0)} µs of server CPU per ballot (${n} ballots)`);
}

try {
  const idle0 = server.cpuSeconds();
  await sleep(5000);
  console.log(
    `idle, fresh: ${(((server.cpuSeconds() - idle0) * 1000) / 5).toFixed(1)} ms of CPU per s`,
  );
  await phase('100 ms apart, fresh', 100, 100);
  await phase('back to back, fresh', 100, 0);
  await storm(Number(process.env.STORM ?? 5000), 50);
  await phase('100 ms apart, after the storm', 100, 100);
  await phase('back to back, after the storm', 100, 0);
} finally {
  await server.stop();
}
