import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { setUpServerWithPoll } from './server-with-poll.ts';

/**
 * Socket limits of the real server process, with short overrides: stream caps per address and
 * in all (client addresses told apart with localAddress on 127.0.0.x), request deadlines, idle
 * keep-alive. Without them one client held ~20,000 streams (the open-file limit) and a body
 * trickled at 1 byte / 5 s was still open after 240 s.
 */
const shared = setUpServerWithPoll({
  STREAMS_PER_ADDRESS: '4',
  STREAMS_MAX: '7',
  HEADERS_TIMEOUT_MS: '800',
  REQUEST_TIMEOUT_MS: '1500',
  KEEP_ALIVE_TIMEOUT_MS: '700',
  RATE_LIMITS: 'off',
});
const port = () => new URL(shared.server.url).port;

type Opened = { status: number; headers: Record<string, unknown>; body: string; close: () => void };

/** Opens GET …/events from `localAddress`; resolves once the status line has arrived. */
function openStream(localAddress: string): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: port(),
        path: `/api/v1/polls/${shared.slug}/events`,
        localAddress,
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        const opened = {
          status: res.statusCode ?? 0,
          headers: res.headers,
          get body() {
            return body;
          },
          close: () => req.destroy(),
        };
        if (res.statusCode === 200) resolve(opened);
        else res.on('end', () => resolve(opened));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A plain TCP connection; writes after the server hung up are expected, not errors. */
function rawSocket(): Socket {
  const socket = connect({ host: '127.0.0.1', port: Number(port()) });
  socket.on('error', () => {});
  return socket;
}

const elapsedUntilClosed = (socket: Socket) =>
  new Promise<number>((resolve) => {
    const start = Date.now();
    socket.on('close', () => resolve(Date.now() - start));
  });

describe('event stream caps', () => {
  it('refuses streams past the per-address and global caps, while /health answers', async () => {
    const open: Opened[] = [];
    try {
      for (let i = 0; i < 4; i++) open.push(await openStream('127.0.0.2'));
      expect(open.map((s) => s.status)).toEqual([200, 200, 200, 200]);

      const fifth = await openStream('127.0.0.2');
      expect(fifth.status).toBe(429);
      expect(fifth.headers['retry-after']).toBe('10');
      expect(JSON.parse(fifth.body)).toMatchObject({ code: 'RATE_LIMITED' });

      // Another address still gets in, up to the global cap of 7.
      for (let i = 0; i < 3; i++) open.push(await openStream('127.0.0.3'));
      expect(open.map((s) => s.status)).toEqual(Array(7).fill(200));
      const eighth = await openStream('127.0.0.4');
      expect(eighth.status).toBe(503);
      expect(eighth.headers['retry-after']).toBe('10');
      expect(JSON.parse(eighth.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

      // Everything else keeps answering.
      const health = await fetch(`${shared.server.url}/api/v1/health`);
      expect(health.status).toBe(200);
      const poll = await fetch(`${shared.server.url}/api/v1/polls/${shared.slug}`);
      expect(poll.status).toBe(200);

      // A closed stream gives its place back.
      open.shift()?.close();
      await expect
        .poll(async () => (await openStream('127.0.0.4')).status, { timeout: 5000 })
        .toBe(200);
    } finally {
      for (const s of open) s.close();
    }
  });

  it('keeps an open stream past the request deadline (streams are not cut)', async () => {
    const stream = await openStream('127.0.0.5');
    try {
      expect(stream.status).toBe(200);
      await new Promise((r) => setTimeout(r, 2500));
      // Still open: the poll frame came, and nothing ended the response.
      expect(stream.body).toContain('event: poll');
      const again = await fetch(`${shared.server.url}/api/v1/health`);
      expect(again.status).toBe(200);
    } finally {
      stream.close();
    }
  });
});

describe('deadlines for slow senders', () => {
  it('cuts a body trickled a byte at a time at the request deadline', async () => {
    const socket = rawSocket();
    await new Promise((r) => socket.once('connect', r));
    const closed = elapsedUntilClosed(socket);
    let reply = '';
    socket.on('data', (chunk) => {
      reply += chunk;
    });
    socket.write(
      `POST /api/v1/polls HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{`,
    );
    const trickle = setInterval(() => socket.writable && socket.write(' '), 300);
    try {
      const ms = await closed;
      expect(ms).toBeGreaterThan(1000);
      expect(ms).toBeLessThan(4000);
      expect(reply).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
  });

  it('cuts headers that never end at the headers deadline', async () => {
    const socket = rawSocket();
    await new Promise((r) => socket.once('connect', r));
    const closed = elapsedUntilClosed(socket);
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n');
    const trickle = setInterval(() => socket.writable && socket.write('X-A: b\r\n'), 200);
    try {
      const ms = await closed;
      expect(ms).toBeLessThan(3000);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
  });

  it('closes an idle keep-alive connection', async () => {
    const socket = rawSocket();
    await new Promise((r) => socket.once('connect', r));
    const closed = elapsedUntilClosed(socket);
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    socket.resume();
    const ms = await closed;
    expect(ms).toBeGreaterThan(500);
    expect(ms).toBeLessThan(3000);
    socket.destroy();
  });
});
