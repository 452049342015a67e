import { type ClientRequest, get } from 'node:http';
import { emptyHistogram, HIST_MS } from './lib/latency.ts';

/**
 * A child process of the fan-out bench: opens many event streams on one poll and notes when each
 * summary frame arrives (wall-clock ms, comparable across processes), so the parent can tell
 * vote → event latency as the clients saw it. Messages over IPC; see fanout.ts.
 */

type Command =
  | { type: 'open'; url: string; count: number; batch: number }
  | { type: 'report'; sendTimes: number[] }
  | { type: 'exit' };

interface Stream {
  request: ClientRequest;
  /** Unfinished frame text carried to the next chunk. */
  tail: string;
  last: number;
  /** Pairs: totalVotes, arrival time. */
  seen: number[];
  ended: boolean;
}

const streams: Stream[] = [];
const now = () => performance.timeOrigin + performance.now();
const MARK = '"totalVotes":';

function openOne(url: string): Promise<Stream | undefined> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (s: Stream | undefined) => {
      if (!settled) {
        settled = true;
        resolve(s);
      }
    };
    const request = get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return settle(undefined);
      }
      const stream: Stream = { request, tail: '', last: 0, seen: [], ended: false };
      res.on('data', (chunk: Buffer) => {
        const at = now();
        const text = stream.tail + chunk.toString('latin1');
        const end = text.lastIndexOf('\n\n');
        if (end === -1) {
          stream.tail = text;
          return;
        }
        stream.tail = text.slice(end + 2);
        for (let i = text.indexOf(MARK); i !== -1 && i < end; i = text.indexOf(MARK, i + 1)) {
          const n = Number.parseInt(text.slice(i + MARK.length, i + MARK.length + 12), 10);
          if (n > stream.last) {
            stream.last = n;
            stream.seen.push(n, at);
          }
        }
        // Connected once the first summary (the state on connect) is in.
        if (text.includes('event: summary')) settle(stream);
      });
      res.on('close', () => {
        stream.ended = true;
        settle(undefined);
      });
    });
    request.on('error', () => settle(undefined));
    request.setTimeout(30_000, () => request.destroy());
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
  return {
    type: 'report',
    hist,
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
      const opened = await Promise.all(Array.from({ length: size }, () => openOne(command.url)));
      for (const s of opened) {
        if (s) streams.push(s);
        else failed++;
      }
    }
    process.send?.({ type: 'opened', ok: streams.length, failed });
  } else if (command.type === 'report') {
    process.send?.(report(command.sendTimes));
  } else {
    for (const s of streams) s.request.destroy();
    process.exit(0);
  }
});
