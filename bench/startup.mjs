// `node bench/startup.mjs [runs]`: how fast a fresh server answers and how much memory it holds
// idle, for the TypeScript sources through tsx (what `npm start` ran before) and for the
// compiled JavaScript (build/server, what `npm start` and the `sondeo` program run now).
// Each run: a new process on a free port and a new SQLite file; the time from spawn to the first
// 200 of /api/v1/health, then the resident set size after 3 s idle (from /proc). Medians.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const runs = Number(process.argv[2] ?? 5);
const variants = [
  ['tsx (src/server/main.ts)', ['--import', 'tsx', 'src/server/main.ts']],
  ['compiled (build/server/main.js)', ['build/server/main.js']],
];

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function once(args) {
  const dir = mkdtempSync(join(tmpdir(), 'sondeo-startup-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: join(dir, 'db') },
    stdio: 'ignore',
  });
  let firstAnswerMs;
  while (firstAnswerMs === undefined) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited early`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      if (res.ok) firstAnswerMs = performance.now() - started;
    } catch {
      await sleep(10);
    }
  }
  await sleep(3000);
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  rmSync(dir, { recursive: true, force: true });
  return { firstAnswerMs, rssMb };
}

console.log(`Node ${process.version}, ${runs} runs each (medians)\n`);
console.log('| Server | First answer (ms) | Idle RSS (MB) |\n| --- | --- | --- |');
for (const [name, args] of variants) {
  if (!existsSync(join(root, args.at(-1)))) {
    console.log(`| ${name} | not built | |`);
    continue;
  }
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await once(args));
  const first = median(results.map((r) => r.firstAnswerMs));
  const rss = median(results.map((r) => r.rssMb));
  console.log(`| ${name} | ${first.toFixed(0)} | ${rss.toFixed(0)} |`);
}
