import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTICIPANT_COOKIE } from '../../src/contract/index.ts';
import { httpFrom } from '../helpers/http-from.ts';
import { type RunningServer, startServer } from '../helpers/server-process.ts';

/**
 * Issue 25, 'The global caps fill from ~35 addresses': 40 addresses × 500 streams reached the
 * connection cap, then a new class got no stream and /health failed. A real server process with
 * small caps: an address holds 6 streams until its people show up (each earns 2, up to 30),
 * 30 connections per address, 40 in all.
 */
let server: RunningServer;
let slug: string;
let secret: string;
let question: { id: number; options: { id: number }[] };

beforeAll(async () => {
  server = await startServer({
    env: {
      CONNECTIONS_PER_ADDRESS: '30',
      CONNECTIONS_MAX: '40',
      STREAMS_PER_ADDRESS: '30',
      STREAMS_PER_UNKNOWN_ADDRESS: '6',
      STREAMS_PER_PERSON: '2',
      RATE_LIMITS: 'off',
    },
  });
  const api = `${server.url}/api/v1`;
  const created = await httpFrom('127.0.0.1', `${api}/polls`, { body: { title: 'Clase' } });
  slug = created.body.slug;
  secret = created.body.host_secret;
  const headers = { 'x-host-secret': secret };
  const q = await httpFrom('127.0.0.1', `${api}/polls/${slug}/questions`, {
    body: { text: '¿Sí?', type: 'yesno' },
    headers,
  });
  question = q.body;
  await httpFrom('127.0.0.1', `${api}/polls/${slug}`, {
    method: 'PATCH',
    body: { status: 'open' },
    headers,
  });
}, 30_000);
afterAll(() => server?.stop());

interface Stream {
  status: number;
  closed: () => boolean;
  close: () => void;
}

/** Opens the poll's event stream from `from`; resolves with its status once answered. */
function openStream(from: string, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve) => {
    let ended = false;
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: `/api/v1/polls/${slug}/events`,
        localAddress: from,
        agent: false,
        headers,
      },
      (res) => {
        res.resume();
        res.on('close', () => {
          ended = true;
        });
        resolve({ status: res.statusCode ?? 0, closed: () => ended, close: () => req.destroy() });
      },
    );
    req.on('error', () => {
      ended = true;
      resolve({ status: 0, closed: () => true, close: () => {} });
    });
    req.end();
  });
}

/** A phone behind `from`: loads the poll (its id comes with it) and votes. Its cookie. */
async function personVotes(from: string): Promise<string> {
  const page = await httpFrom(from, `${server.url}/api/v1/polls/${slug}`);
  const cookie = `${PARTICIPANT_COOKIE}=${page.cookies[PARTICIPANT_COOKIE]}`;
  const ballot = await httpFrom(from, `${server.url}/api/v1/polls/${slug}/votes`, {
    body: { answers: [{ questionId: question.id, optionIds: [question.options[0]!.id] }] },
    headers: { cookie },
  });
  expect(ballot.status).toBe(201);
  return cookie;
}

function status(from: string, path: string): Promise<number> {
  return httpFrom(from, `${server.url}${path}`).then(
    (r) => r.status,
    () => 0,
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const closeAll = (streams: Stream[]) => {
  for (const s of streams) s.close();
};

describe('streams follow the people behind an address', () => {
  it('gives an unknown address a few streams, and two more for each person who votes', async () => {
    const streams: Stream[] = [];
    try {
      for (let i = 0; i < 6; i++) streams.push(await openStream('127.0.0.60'));
      expect(streams.map((s) => s.status)).toEqual(Array(6).fill(200));
      // Before: 500 from any address.
      const refused = await openStream('127.0.0.60');
      expect(refused.status).toBe(429);
      for (let i = 0; i < 3; i++) await personVotes('127.0.0.60');
      for (let i = 0; i < 6; i++) streams.push(await openStream('127.0.0.60'));
      expect(streams.map((s) => s.status)).toEqual(Array(12).fill(200));
      expect((await openStream('127.0.0.60')).status).toBe(429);
      // Another address is its own.
      const other = await openStream('127.0.0.61');
      streams.push(other);
      expect(other.status).toBe(200);
    } finally {
      closeAll(streams);
    }
  });

  it('lets the host past the unknown cap of its own address', async () => {
    const streams: Stream[] = [];
    try {
      for (let i = 0; i < 6; i++) streams.push(await openStream('127.0.0.62'));
      const host = await openStream('127.0.0.62', { 'x-host-secret': secret });
      streams.push(host);
      expect(host.status).toBe(200);
      expect((await openStream('127.0.0.62', { 'x-host-secret': 'made-up' })).status).toBe(429);
    } finally {
      closeAll(streams);
    }
  });
});

describe('when every connection is busy', () => {
  it('sheds a stream that never voted first, never one of a voter', async () => {
    const voters: Stream[] = [];
    const idle: Stream[] = [];
    try {
      // Three people of a class, each holding their page's stream.
      for (let i = 0; i < 3; i++) {
        const cookie = await personVotes('127.0.0.70');
        voters.push(await openStream('127.0.0.70', { cookie }));
      }
      // 37 streams that never voted, from seven addresses: all 40 places taken.
      for (let a = 71; a < 77; a++) {
        for (let i = 0; i < 6; i++) idle.push(await openStream(`127.0.0.${a}`));
      }
      idle.push(await openStream('127.0.0.77'));
      expect([...voters, ...idle].every((s) => s.status === 200)).toBe(true);
      // A newcomer's request and stream, while the gate is full of busy sockets.
      for (let i = 0; i < 4; i++) {
        expect(await status('127.0.0.80', `/api/v1/polls/${slug}`)).toBe(200);
      }
      // Three newcomers' streams hold their places: at most one was left free by the requests.
      // (A newcomer's own address gives up its own never-voted stream first: one address
      // flooding only churns its own.)
      const newcomers: Stream[] = [];
      for (let i = 0; i < 3; i++) newcomers.push(await openStream(`127.0.0.${81 + i}`));
      expect(newcomers.map((s) => s.status)).toEqual([200, 200, 200]);
      // Each place was taken from the oldest streams that never voted.
      await expect.poll(() => idle.filter((s) => s.closed()).length).toBeGreaterThanOrEqual(3);
      const shed = idle.filter((s) => s.closed()).length;
      expect(voters.some((s) => s.closed())).toBe(false);
      expect(newcomers.some((s) => s.closed())).toBe(false);
      expect(idle.slice(0, shed).every((s) => s.closed())).toBe(true);
      idle.push(...newcomers);
    } finally {
      closeAll(voters);
      closeAll(idle);
    }
  });

  it('still answers /health when nothing can be shed', async () => {
    const held: Stream[] = [];
    try {
      // The host's streams are never shed: 30 from one address, 10 from another.
      const host = { 'x-host-secret': secret };
      for (let i = 0; i < 30; i++) held.push(await openStream('127.0.0.90', host));
      for (let i = 0; i < 10; i++) held.push(await openStream('127.0.0.91', host));
      expect(held.every((s) => s.status === 200)).toBe(true);
      await sleep(100);
      // Full: anything else is cut at the door, but a health probe gets its answer.
      expect(await status('127.0.0.92', `/api/v1/polls/${slug}`)).toBe(0);
      for (let i = 0; i < 5; i++) {
        const probe = await httpFrom('127.0.0.92', `${server.url}/api/v1/health`);
        expect(probe.status).toBe(200);
        expect(probe.body).toEqual({ status: 'ok' });
        expect(probe.headers['x-content-type-options']).toBe('nosniff');
      }
    } finally {
      closeAll(held);
    }
  });
});
