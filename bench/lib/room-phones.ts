import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { LIVE_RETRY_MS } from '../../src/contract/live-events.ts';
import { reconnectDelay } from '../../src/web/lib/live-stream.ts';

/**
 * A child process of bench:rooms (bench/rooms.ts): the phones and projectors of some rooms. Each
 * room sends from its own loopback address (a school's NAT), through nginx: its projector holds
 * the host's stream (X-Host-Secret, summary frames), and each phone its participation stream
 * with its own cookie, then sends its ballot at a random moment of the room's minute over the
 * room's kept-alive connections. Reports every ballot's status and ack time, vote → projector
 * latency, and streams that ended. Messages over IPC. Plain sockets for the streams, as
 * bench/sse-clients.ts: a light reader leaves the shared cores to what is measured. A stream
 * that ends reconnects as the web client does (src/web/lib/live-stream.ts: the server's
 * `retry:` hint with its jitter, then its back-off steps, with Last-Event-ID); each reconnection
 * reports the time from the end to the first frame (a projector's: the first with counts, held
 * against the room's ballots acknowledged before it was asked for; a phone's participation
 * stream carries the poll's state, no counts), for the failover mode of bench/rooms.ts.
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
  /** Per 2xx ballot: epoch ms it was sent, ack ms, the answering instance's port (0: unknown). */
  ballotLog: number[];
  /** Streams that ended and came back: ms from the end to the first frame (a projector's: with
   *  counts), and whether those counts were below the room's ballots acknowledged before
   *  reconnecting (projectors only). */
  recoveries: { ms: number; behind: boolean; projector: boolean }[];
  /** Streams that ended and had no frame again by the end. */
  unrecovered: number;
}

interface Stream {
  socket: Socket;
  tail: string;
  /** Highest count seen; -1 before the first summary (projector only). */
  last: number;
  /** Pairs: totalVotes, arrival time (projector only). */
  seen: number[];
  open: boolean;
  path: string;
  headers: string;
  projector: boolean;
  /** The last `id:` received, sent back as Last-Event-ID. */
  lastId?: string;
  /** Set from the end of a connection until the next one's first frame with counts. */
  down?: { since: number; requestedAt: number; attempts: number };
}

interface Room extends RoomPlan {
  agent: Agent;
  projector?: Stream;
  phones: Stream[];
  /** Epoch ms of each 2xx ballot's response. */
  ackedAt: number[];
  /** One Idempotency-Key per phone, as the web app keeps for its ballot's retries. */
  keys: string[];
}

const now = () => performance.timeOrigin + performance.now();
const MARK = '"totalVotes":';
let ending = false;
let dropped = 0;
const recoveries: Report['recoveries'] = [];
let base = new URL('http://127.0.0.1');
const rooms: Room[] = [];

/** Opens one stream; resolves once its response headers (200) are in, undefined otherwise. */
function openStream(
  room: Room,
  path: string,
  headers: string,
  projector: boolean,
): Promise<Stream | undefined> {
  const stream: Stream = {
    socket: undefined as unknown as Socket,
    tail: '',
    last: -1,
    seen: [],
    open: false,
    path,
    headers,
    projector,
  };
  return connectStream(room, stream).then((ok) => (ok ? stream : undefined));
}

/** One connection of `stream`; on its end (once it was open) the web client's reconnection. */
function connectStream(room: Room, stream: Stream): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    let open = false;
    const settle = (ok: boolean) => {
      if (!settled) {
        settled = true;
        resolve(ok);
      }
    };
    const socket = connect({
      host: base.hostname,
      port: Number(base.port),
      localAddress: room.address,
    });
    stream.socket = socket;
    stream.tail = '';
    socket.setNoDelay(true);
    socket.on('connect', () => {
      const lastId = stream.lastId ? `Last-Event-ID: ${stream.lastId}\r\n` : '';
      socket.write(
        `GET ${stream.path} HTTP/1.1\r\nHost: ${base.host}\r\nAccept: text/event-stream\r\n${stream.headers}${lastId}\r\n`,
      );
    });
    socket.on('data', (chunk: Buffer) => {
      const at = now();
      const text = stream.tail + chunk.toString('latin1');
      if (!open) {
        if (!text.startsWith('HTTP/1.1 200')) {
          socket.destroy();
          return settle(false);
        }
        open = true;
        stream.open = true;
        settle(true);
      }
      for (const m of text.matchAll(/\nid: (\d+)\n/g)) stream.lastId = m[1];
      // A phone's participation stream carries no counts (the poll's state only): its first frame
      // after reconnecting is what brings it back.
      if (stream.down && !stream.projector && text.includes('\ndata: ')) {
        recoveries.push({ ms: at - stream.down.since, behind: false, projector: false });
        stream.down = undefined;
      }
      for (let i = text.indexOf(MARK); i !== -1; i = text.indexOf(MARK, i + 1)) {
        const digits = /^\d+(?=\D)/.exec(text.slice(i + MARK.length, i + MARK.length + 12));
        if (!digits) continue;
        const n = Number(digits[0]);
        if (stream.down) {
          const before = room.ackedAt.filter((t) => t <= stream.down!.requestedAt).length;
          recoveries.push({
            ms: at - stream.down.since,
            behind: n < before,
            projector: stream.projector,
          });
          stream.down = undefined;
        }
        if (n > stream.last) {
          stream.seen.push(n, at);
          stream.last = n;
        }
      }
      stream.tail = text.slice(-40);
    });
    socket.on('close', () => {
      settle(false);
      if (!open || ending) return;
      if (!stream.down) {
        dropped++;
        stream.down = { since: now(), requestedAt: 0, attempts: 0 };
      }
      void reconnect(room, stream);
    });
    socket.on('error', () => settle(false));
    socket.setTimeout(60_000, () => {
      if (!open) socket.destroy();
    });
  });
}

/** As the web client: the server's retry hint (jittered) first, then its back-off steps. */
async function reconnect(room: Room, stream: Stream): Promise<void> {
  const down = stream.down!;
  for (;;) {
    const delay = reconnectDelay(down.attempts++, LIVE_RETRY_MS, Math.random);
    await new Promise((r) => setTimeout(r, delay));
    if (ending) return;
    down.requestedAt = now();
    if (await connectStream(room, stream)) return;
  }
}

function ballot(room: Room, i: number): Promise<{ status: number; ms: number; port: number }> {
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
          'idempotency-key': room.keys[i]!,
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode && res.statusCode < 300) room.ackedAt.push(now());
          const upstream = String(res.headers['x-upstream'] ?? '');
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            // The last address nginx tried (a retried ballot lists each one).
            port: Number(upstream.split(/[ ,:]+/).at(-1)) || 0,
          });
        });
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, port: 0 }));
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
      keys: plan.cookies.map(() => randomBytes(12).toString('hex')),
    };
    rooms.push(room);
    const events = `/api/v1/polls/${room.slug}/events`;
    jobs.push(async () => {
      room.projector = await openStream(room, events, `X-Host-Secret: ${room.secret}\r\n`, true);
      if (!room.projector) failed++;
    });
    for (const cookie of room.cookies) {
      jobs.push(async () => {
        const s = await openStream(
          room,
          `${events}?as=participant`,
          `Cookie: ${cookie}\r\n`,
          false,
        );
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
  const ballotLog: number[] = [];
  const failures: Record<string, number> = {};
  await Promise.all(
    rooms.flatMap((room) =>
      room.ballots.map(
        (_, i) =>
          new Promise<void>((resolve) => {
            const at = command.at + room.startMs + Math.random() * command.windowMs;
            setTimeout(
              () => {
                const sentAt = now();
                void ballot(room, i).then(({ status, ms, port }) => {
                  if (status >= 200 && status < 300) {
                    acks.push(ms);
                    ballotLog.push(sentAt, ms, port);
                  } else failures[status] = (failures[status] ?? 0) + 1;
                  resolve();
                });
              },
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
  const unrecovered = rooms
    .flatMap((room) => [room.projector, ...room.phones])
    .filter((stream) => stream?.down).length;
  const report: Report = {
    type: 'report',
    acks,
    toProjector,
    notShown,
    failures,
    dropped,
    acked,
    ballotLog,
    recoveries,
    unrecovered,
  };
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
