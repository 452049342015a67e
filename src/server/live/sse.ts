import type { ServerResponse } from 'node:http';
import { LIVE_RETRY_MS, type LiveEventType } from '../../contract/index.ts';

/**
 * Server-sent events framing (https://html.spec.whatwg.org/multipage/server-sent-events.html)
 * and one client's connection, with the rules that keep a slow reader from holding memory.
 */

/** First bytes of every stream: how long a client waits before reconnecting. */
export const RETRY_FRAME = Buffer.from(`retry: ${LIVE_RETRY_MS}\n\n`);
/** A comment line: proxies and load balancers see traffic and keep the stream open. */
export const PING_FRAME = Buffer.from(': ping\n\n');

/**
 * One event, encoded once and written as the same bytes to every client it goes to. `json` is a
 * single line (JSON.stringify never emits a raw newline), so one `data:` line carries it.
 */
export function encodeFrame(id: number, event: LiveEventType, json: string): Buffer {
  return Buffer.from(`id: ${id}\nevent: ${event}\ndata: ${json}\n\n`);
}

/** A client's Last-Event-ID: a non-negative integer, else ignored. */
export function parseLastEventId(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,16}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/** What the hub writes to: an http.ServerResponse in the app, a fake in unit tests. */
export interface SseSink {
  write(chunk: Buffer): boolean;
  /** Bytes accepted but not yet handed to the kernel. */
  readonly writableLength: number;
  once(event: 'drain', listener: () => void): unknown;
  removeListener(event: 'drain', listener: () => void): unknown;
  end(): void;
  destroy(): void;
}

const CRLF = Buffer.from('\r\n');
const chunks = new WeakMap<Buffer, Buffer>();

/** A frame as one HTTP/1.1 chunk, built once per frame however many clients it goes to. */
export function httpChunk(frame: Buffer): Buffer {
  let chunk = chunks.get(frame);
  if (!chunk) {
    chunk = Buffer.concat([Buffer.from(`${frame.length.toString(16)}\r\n`), frame, CRLF]);
    chunks.set(frame, chunk);
  }
  return chunk;
}

/**
 * An accepted stream's response as a sink. Frames go straight to the socket, already framed as
 * chunks: through ServerResponse each write costs three buffered writes and a deferred uncork,
 * which at 5,000 streams made a broadcast a third slower. The response still ends the stream
 * (its last chunk) and has sent the headers, so HTTP stays in step.
 */
export function responseSink(res: ServerResponse): SseSink {
  const socket = res.socket;
  if (!socket) return res;
  // Chunked unless the client spoke HTTP/1.0, where the body simply runs to the close.
  const chunked = res.chunkedEncoding;
  return {
    write: (frame) => socket.write(chunked ? httpChunk(frame) : frame),
    get writableLength() {
      return socket.writableLength;
    },
    once: (event, listener) => socket.once(event, listener),
    removeListener: (event, listener) => socket.removeListener(event, listener),
    end: () => res.end(),
    destroy: () => socket.destroy(),
  };
}

export interface SseLimits {
  /** A client whose buffer stays full this long after a write is dropped. */
  drainTimeoutMs: number;
  /** A client with more than this many bytes buffered is dropped at once. */
  maxBufferedBytes: number;
}

/**
 * A phone on a bad network reads slowly; one that vanished without a FIN reads never. Either way
 * its frames pile up in our memory, so the wait is bounded in time and size. 5 s rides out a
 * Wi-Fi hiccup; 1 MB is hundreds of summaries, far more than a live reader ever lags.
 */
export const DEFAULT_LIMITS: SseLimits = { drainTimeoutMs: 5000, maxBufferedBytes: 1024 * 1024 };

export type DropReason = 'stalled' | 'overflow';

/** One open stream of one poll. */
export class SseClient {
  /** Whether summaries go to this client (re-evaluated when the poll changes). */
  canSeeResults = false;
  /** False for a participation page's stream, whatever it may see: the page shows no results.
   *  A hall of 2,000 phones voting at once no longer gets 2,000 writes per summary. */
  wantsSummaries = true;
  /** Versions of the last poll and summary snapshots written, so none is sent twice. */
  pollVersion = 0;
  summaryVersion = 0;
  private stalled?: NodeJS.Timeout;
  private closed = false;
  /** Bytes of the last poll and summary frames written: the state a client must be able to hold. */
  private readonly stateBytes = { poll: 0, summary: 0 };

  constructor(
    readonly slug: string,
    readonly isHost: boolean,
    private readonly sink: SseSink,
    private readonly limits: SseLimits,
    private readonly onDrop: (client: SseClient, reason: DropReason) => void,
  ) {}

  get isOpen(): boolean {
    return !this.closed;
  }

  /**
   * Writes a frame. `state` names a poll or summary snapshot: the buffer cap grows by twice the
   * size of the latest of each (the state being read and a newer one behind it), so a poll at
   * the contract's limits (1.4 MB poll + 1.5 MB summary as its first frames) is held while it
   * drains instead of overflowing before its first byte leaves, and a vote meanwhile does not
   * drop it either. The frames are shared by every client of the poll (one Buffer each), so the
   * allowance costs no memory per client beyond the socket's own.
   */
  send(chunk: Buffer, state?: 'poll' | 'summary'): void {
    if (this.closed) return;
    if (state) this.stateBytes[state] = chunk.length;
    const flushed = this.sink.write(chunk);
    const cap = this.limits.maxBufferedBytes + 2 * (this.stateBytes.poll + this.stateBytes.summary);
    if (this.sink.writableLength > cap) {
      this.drop('overflow');
      return;
    }
    if (!flushed && !this.stalled) {
      this.stalled = setTimeout(() => this.drop('stalled'), this.limits.drainTimeoutMs);
      this.stalled.unref();
      this.sink.once('drain', this.drained);
    }
  }

  /** Ends the response normally (shutdown): the client reconnects, maybe to another instance. */
  end(): void {
    if (this.close()) this.sink.end();
  }

  /** Called when the connection closed from the other side. */
  detach(): void {
    this.close();
  }

  private readonly drained = () => {
    clearTimeout(this.stalled);
    this.stalled = undefined;
  };

  private drop(reason: DropReason): void {
    if (!this.close()) return;
    this.sink.destroy();
    this.onDrop(this, reason);
  }

  /** True the first time only. */
  private close(): boolean {
    if (this.closed) return false;
    this.closed = true;
    clearTimeout(this.stalled);
    this.stalled = undefined;
    this.sink.removeListener('drain', this.drained);
    return true;
  }
}
