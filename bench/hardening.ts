/**
 * Hardening figures (issue 8), bounded and on loopback; never part of `npm test`:
 *   npm run bench:hardening -- [polls=300] [streams=2000]
 * 1. RSS of the server after anonymous summary reads of `polls` copies of a poll at the limits
 *    (100 questions × 50 options, every text at its maximum length, results public).
 * 2. `streams` event-stream attempts from one address: how many admitted, /health latency.
 * 3. A body trickled 1 byte every 5 s: how long the server holds the socket.
 * Prints one line per figure.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { startServer } from '../tests/helpers/server-process.ts';

const polls = Number(process.argv[2] ?? 300);
const streams = Number(process.argv[3] ?? 2000);

const server = await startServer({ env: { RATE_LIMITS: 'off' } });
const base = `${server.url}/api/v1`;
const rssMb = () => {
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};
const json = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
};

try {
  // 1. Memory.
  const big = await json('/polls', {
    method: 'POST',
    body: JSON.stringify({ title: 'T'.repeat(120), settings: { resultsPublic: true } }),
  });
  const secret = { 'x-host-secret': big.host_secret };
  for (let q = 0; q < 100; q++) {
    await json(`/polls/${big.slug}/questions`, {
      method: 'POST',
      headers: secret,
      body: JSON.stringify({
        text: `${q} `.padEnd(240, 'p'),
        type: 'multiple',
        options: Array.from({ length: 50 }, (_, o) => ({ text: `${o} `.padEnd(120, 'o') })),
      }),
    });
  }
  const slugs = [big.slug];
  for (let i = 1; i < polls; i++) {
    slugs.push(
      (await json(`/polls/${big.slug}/duplicate`, { method: 'POST', headers: secret })).slug,
    );
  }
  const before = rssMb();
  let ok = 0;
  for (const slug of slugs) {
    const res = await fetch(`${base}/polls/${slug}/summary`);
    if (res.ok) ok++;
    await res.arrayBuffer();
  }
  console.log(
    `memory: ${polls} big public polls, ${ok} summaries read anonymously: RSS ${before.toFixed(0)} → ${rssMb().toFixed(0)} MB`,
  );

  // 2. Streams from one address.
  const sockets: (() => void)[] = [];
  const codes = new Map<number, number>();
  const healthMs: number[] = [];
  const open = () =>
    new Promise<void>((resolve) => {
      const req = request(`${base}/polls/${big.slug}/events`, { agent: false }, (res) => {
        codes.set(res.statusCode ?? 0, (codes.get(res.statusCode ?? 0) ?? 0) + 1);
        if (res.statusCode === 200) sockets.push(() => req.destroy());
        else res.resume();
        resolve();
      });
      req.on('error', () => {
        codes.set(-1, (codes.get(-1) ?? 0) + 1);
        resolve();
      });
      req.end();
    });
  for (let i = 0; i < streams; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, streams - i) }, open));
    if (i % 500 === 0) {
      const t = performance.now();
      const h = await fetch(`${base}/health`);
      healthMs.push(performance.now() - t);
      if (!h.ok) throw new Error(`/health ${h.status}`);
    }
  }
  console.log(
    `streams: ${streams} attempts from one address: ${[...codes].map(([c, n]) => `${n}× ${c}`).join(', ')}; /health max ${Math.max(...healthMs).toFixed(0)} ms`,
  );
  for (const close of sockets) close();

  // 3. Slow body.
  const held = await new Promise<number>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: server.port });
    socket.on('error', () => {});
    const start = Date.now();
    socket.on('connect', () => {
      socket.write(
        'POST /api/v1/polls HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
      );
    });
    const trickle = setInterval(() => socket.writable && socket.write(' '), 5000);
    const give = setTimeout(() => socket.destroy(), 300_000);
    socket.on('close', () => {
      clearInterval(trickle);
      clearTimeout(give);
      resolve((Date.now() - start) / 1000);
    });
  });
  console.log(`slow body: 1 byte / 5 s held ${held.toFixed(1)} s before the server closed it`);
} finally {
  await server.stop();
}
