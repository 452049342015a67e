import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';

/**
 * A child process of bench:rooms (bench/rooms.ts): the phones and projectors of some rooms. Each
 * room sends from its own loopback address (a school's NAT), through nginx: its projector holds
 * the host's stream (X-Host-Secret, summary frames), and each phone its participation stream
 * with its own cookie, then sends its ballot at a random moment of the room's minute over the
 * room's kept-alive connections. Reports every ballot's status and ack time, vote → projector
 * latency, and streams that ended. Messages over IPC. Plain sockets for the streams, as
 * bench/sse-clients.ts: a light reader leaves the shared cores to what is measured.
 */

export interface RoomPlan {
  address: string;
  slug: string;
  secret: string;
  /** One ballot body per phone; cookies[i] is phone i's. */
  ballots: string[];
  cookies: string[];
  /** When the room starts voting, ms after the common start. */
  startMs: number;
}

export type Command =
  | { type: 'open'; base: string; rooms: RoomPlan[]; batch: number }
  | { type: 'vote'; at: number; windowMs: number; settleMs: number }
  | { type: 'exit' };

export interface Report {
  type: 'report';
  /** Ack ms of every 2xx ballot. */
  acks: number[];
  /** ms from a ballot's 201 to the first projector frame counting it (see below). */
  toProjector: number[];
  /** Ballots whose count no projector frame reached by the end. */
  notShown: number;
  /** Non-2xx statuses by code (0: a network error). */
  failures: Record<string, number>;
  /** Streams that ended before the run did. */
  dropped: number;
  /** 2xx ballots per room slug. */
  acked: Record<string, number>;
}

interface Stream {
  socket: Socket;
  tail: string;
  /** Highest count seen; -1 before the first summary (projector only). */
  last: number;
  /** Pairs: totalVotes, arrival time (projector only). */
  seen: number[];
  open: boolean;
}

interface Room extends RoomPlan {
  agent: Agent;
  projector?: Stream;
  phones: Stream[];
  /** Epoch ms of each 2xx ballot's response. */
  ackedAt: number[];
}

const now = () => performance.timeOrigin + performance.now();
const MARK = '"totalVotes":';
let ending = false;
let dropped = 0;
let base = new URL('http://127.0.0.1');
const rooms: Room[] = [];

/** Opens one stream; resolves once its response headers (200) are in, undefined otherwise. */
function openStream(room: Room, path: string, headers: string): Promise<Stream | undefined> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (s: Stream | undefined) => {
      if (!settled) {
        settled = true;
        resolve(s);
      }
    };
    const socket = connect({
      host: base.hostname,
      port: Number(base.port),
      localAddress: room.address,
    });
    const stream: Stream = { socket, tail: '', last: -1, seen: [], open: false };
    socket.setNoDelay(true);
    socket.on('connect', () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${base.host}\r\nAccept: text/event-stream\r\n${headers}\r\n`,
      );
    });
    socket.on('data', (chunk: Buffer) => {
      const at = now();
      const text = stream.tail + chunk.toString('latin1');
      if (!stream.open) {
        if (!text.startsWith('HTTP/1.1 200')) {
          socket.destroy();
          return settle(undefined);
        }
        stream.open = true;
        settle(stream);
      }
      for (let i = text.indexOf(MARK); i !== -1; i = text.indexOf(MARK, i + 1)) {
        const digits = /^\d+(?=\D)/.exec(text.slice(i + MARK.length, i + MARK.length + 12));
        if (!digits) continue;
        const n = Number(digits[0]);
        if (n > stream.last) {
          stream.seen.push(n, at);
          stream.last = n;
        }
      }
      stream.tail = text.slice(-40);
    });
    socket.on('close', () => {
      if (stream.open && !ending) dropped++;
      settle(undefined);
    });
    socket.on('error', () => settle(undefined));
    socket.setTimeout(60_000, () => {
      if (!stream.open) socket.destroy();
    });
  });
}

function ballot(room: Room, i: number): Promise<{ status: number; ms: number }> {
  return new Promise((resolve) => {
    const body = room.ballots[i]!;
    const started = performance.now();
    const req = request(
      `${base.origin}/api/v1/polls/${room.slug}/votes`,
      {
        method: 'POST',
        agent: room.agent,
        headers: {
          cookie: room.cookies[i],
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode && res.statusCode < 300) room.ackedAt.push(now());
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started });
        });
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

async function open(command: Extract<Command, { type: 'open' }>) {
  base = new URL(command.base);
  let failed = 0;
  const jobs: (() => Promise<void>)[] = [];
  for (const plan of command.rooms) {
    const room: Room = {
      ...plan,
      agent: new Agent({ keepAlive: true, maxSockets: 8, localAddress: plan.address }),
      phones: [],
      ackedAt: [],
    };
    rooms.push(room);
    const events = `/api/v1/polls/${room.slug}/events`;
    jobs.push(async () => {
      room.projector = await openStream(room, events, `X-Host-Secret: ${room.secret}\r\n`);
      if (!room.projector) failed++;
    });
    for (const cookie of room.cookies) {
      jobs.push(async () => {
        const s = await openStream(room, `${events}?as=participant`, `Cookie: ${cookie}\r\n`);
        if (s) room.phones.push(s);
        else failed++;
      });
    }
  }
  for (let i = 0; i < jobs.length; i += command.batch) {
    await Promise.all(jobs.slice(i, i + command.batch).map((job) => job()));
  }
  process.send?.({ type: 'opened', ok: jobs.length - failed, failed });
}

async function vote(command: Extract<Command, { type: 'vote' }>) {
  const acks: number[] = [];
  const failures: Record<string, number> = {};
  await Promise.all(
    rooms.flatMap((room) =>
      room.ballots.map(
        (_, i) =>
          new Promise<void>((resolve) => {
            const at = command.at + room.startMs + Math.random() * command.windowMs;
            setTimeout(
              () =>
                void ballot(room, i).then(({ status, ms }) => {
                  if (status >= 200 && status < 300) acks.push(ms);
                  else failures[status] = (failures[status] ?? 0) + 1;
                  resolve();
                }),
              Math.max(0, at - now()),
            );
          }),
      ),
    ),
  );
  await new Promise((r) => setTimeout(r, command.settleMs));
  // The k-th acknowledged ballot of a room (by ack time) is in the first projector frame that
  // counts k or more: at its ack at least k ballots were stored. A frame may precede the 201
  // (the frame and the response race from the instance): that counts as 0 ms.
  const toProjector: number[] = [];
  let notShown = 0;
  const acked: Record<string, number> = {};
  for (const room of rooms) {
    acked[room.slug] = room.ackedAt.length;
    const seen = room.projector?.seen ?? [];
    const ackedAt = [...room.ackedAt].sort((a, b) => a - b);
    let j = 0;
    for (const [k, at] of ackedAt.entries()) {
      while (j < seen.length && seen[j]! < k + 1) j += 2;
      if (j >= seen.length) {
        notShown += ackedAt.length - k;
        break;
      }
      toProjector.push(Math.max(0, seen[j + 1]! - at));
    }
  }
  const report: Report = { type: 'report', acks, toProjector, notShown, failures, dropped, acked };
  process.send?.(report);
}

process.on('disconnect', () => process.exit(0));
process.on('message', (command: Command) => {
  if (command.type === 'open') void open(command);
  else if (command.type === 'vote') void vote(command);
  else {
    ending = true;
    for (const room of rooms) {
      room.projector?.socket.destroy();
      for (const s of room.phones) s.socket.destroy();
      room.agent.destroy();
    }
    process.exit(0);
  }
});
