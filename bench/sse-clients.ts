import { connect, type Socket } from 'node:net';
import { emptyHistogram, HIST_MS } from './lib/latency.ts';

/**
 * A child process of the fan-out bench: opens many event streams on one poll and notes when each
 * summary frame arrives (wall-clock ms, comparable across processes), so the parent can tell
 * vote → event latency as the clients saw it. Messages over IPC; see fanout.ts. Plain sockets,
 * not http.get: a lighter reader leaves more of the shared cores to the server being measured.
 */

type Command =
  | { type: 'open'; url: string; count: number; batch: number }
  | { type: 'report'; sendTimes: number[] }
  | { type: 'exit' };

interface Stream {
  socket: Socket;
  /** The end of the previous read, in case a count was split between two reads. */
  tail: string;
  /** Highest count seen; -1 before the first summary. */
  last: number;
  /** Pairs: totalVotes, arrival time. */
  seen: number[];
  ended: boolean;
}

const streams: Stream[] = [];
const now = () => performance.timeOrigin + performance.now();
const MARK = '"totalVotes":';
const TAIL = 40;

function openOne(url: URL): Promise<Stream | undefined> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (s: Stream | undefined) => {
      if (!settled) {
        settled = true;
        resolve(s);
      }
    };
    const socket = connect(Number(url.port), url.hostname);
    const stream: Stream = { socket, tail: '', last: -1, seen: [], ended: false };
    socket.setNoDelay(true);
    socket.on('connect', () => {
      socket.write(
        `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/event-stream\r\n\r\n`,
      );
    });
    socket.on('data', (chunk: Buffer) => {
      const at = now();
      const text = stream.tail + chunk.toString('latin1');
      if (stream.last < 0 && !text.startsWith('HTTP/1.1 200') && text.startsWith('HTTP/')) {
        socket.destroy();
        return settle(undefined);
      }
      for (let i = text.indexOf(MARK); i !== -1; i = text.indexOf(MARK, i + 1)) {
        const digits = /^\d+(?=\D)/.exec(text.slice(i + MARK.length, i + MARK.length + 12));
        if (!digits) continue;
        const n = Number(digits[0]);
        if (n > stream.last) {
          if (n > 0) stream.seen.push(n, at);
          stream.last = n;
          // Connected once the first summary (the state on connect) is in.
          settle(stream);
        }
      }
      stream.tail = text.slice(-TAIL);
    });
    socket.on('close', () => {
      stream.ended = true;
      settle(undefined);
    });
    socket.on('error', () => settle(undefined));
    socket.setTimeout(30_000, () => {
      if (!settled) socket.destroy();
    });
  });
}

function report(sendTimes: number[]) {
  const hist = emptyHistogram();
  let complete = 0;
  let missing = 0;
  for (const s of streams) {
    let j = 0;
    for (let k = 1; k <= sendTimes.length; k++) {
      while (j < s.seen.length && s.seen[j]! < k) j += 2;
      if (j >= s.seen.length) {
        missing += sendTimes.length - k + 1;
        break;
      }
      const ms = Math.max(0, Math.round(s.seen[j + 1]! - sendTimes[k - 1]!));
      hist[Math.min(ms, HIST_MS)]!++;
    }
    if (s.last >= sendTimes.length) complete++;
  }
  // When each frame (by its count) reached the first and the last of these streams.
  const frames: Record<number, [number, number]> = {};
  for (const s of streams) {
    for (let j = 0; j < s.seen.length; j += 2) {
      const n = s.seen[j]!;
      const at = s.seen[j + 1]!;
      const f = frames[n];
      if (!f) frames[n] = [at, at];
      else {
        f[0] = Math.min(f[0], at);
        f[1] = Math.max(f[1], at);
      }
    }
  }
  return {
    type: 'report',
    hist,
    frames,
    complete,
    missing,
    streams: streams.length,
    ended: streams.filter((s) => s.ended).length,
  };
}

// The parent gone (crashed, killed): so are we.
process.on('disconnect', () => process.exit(0));

process.on('message', async (command: Command) => {
  if (command.type === 'open') {
    let failed = 0;
    for (let i = 0; i < command.count; i += command.batch) {
      const size = Math.min(command.batch, command.count - i);
      const url = new URL(command.url);
      const opened = await Promise.all(Array.from({ length: size }, () => openOne(url)));
      for (const s of opened) {
        if (s) streams.push(s);
        else failed++;
      }
    }
    process.send?.({ type: 'opened', ok: streams.length, failed });
  } else if (command.type === 'report') {
    process.send?.(report(command.sendTimes));
  } else {
    for (const s of streams) s.socket.destroy();
    process.exit(0);
  }
});
