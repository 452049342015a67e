import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { HealthProbes } from './health-probe.ts';

/**
 * Admission of TCP connections of every kind (pages, API calls, event streams), at the socket,
 * before HTTP parses anything:
 *
 * - at most `perAddress` open from one client address and `max` in all (below the open-file
 *   limit, so /health, pages, ballots and the database always find a descriptor);
 * - a connection past its address's cap takes the place of that address's longest-idle socket
 *   (one that never sent a request, or a keep-alive one between requests); past the global cap,
 *   of its own address's longest-idle socket if it holds one, else of the longest-idle socket
 *   anywhere. Otherwise it is refused, destroyed at once before HTTP sees it. So a flood of idle sockets
 *   pushes out only its own, or is refused at the door, and a /health probe or a phone arriving
 *   from another address gets through;
 * - when nothing is idle, an event stream whose participant never behaved as a person
 *   (markSheddable; live/known-rooms.ts) makes room, its own address's first, oldest first
 *   (issue 25: 40 addresses × 500 streams filled the cap and a new class got nothing);
 * - a connection refused all the same may still be a /health probe: HealthProbes answers it
 *   outside HTTP (health-probe.ts), so /health is always answerable;
 * - a response the client does not read is cut after `writeStallMs` without progress, with a
 *   reset so the kernel frees its send buffer at once (a plain close keeps the unsent bytes
 *   queued for minutes). Memory a client can pin is so bounded by the caps × what is in flight
 *   per socket, for at most that long.
 */
export interface ConnectionLimits {
  /** 0: no per-address cap (behind a reverse proxy every socket has the proxy's address). */
  perAddress: number;
  max: number;
  writeStallMs: number;
  /** Requests waiting for their responses on one connection (PIPELINED_REQUESTS_MAX). */
  pipelinedMax: number;
}

interface Tracked {
  address: string;
  inFlight: number;
  /** Since when bytes have been waiting without a drain (0: none waiting). */
  stalledSince: number;
}

interface ByAddress {
  open: number;
  /** Idle sockets of this address, longest idle first. */
  idle: Set<Socket>;
}

export interface ConnectionStats {
  open: number;
  addresses: number;
  refused: number;
  evicted: number;
  /** Streams of ids that were never people, closed to make room. */
  shed: number;
  stallsCut: number;
  pipelineCut: number;
}

/** How often stalled responses are looked for. */
const SWEEP_EVERY_MS = 1000;

/** Sheddable streams looked at per admission, so a refusal under a flood stays cheap. */
const SHED_SCAN_MAX = 512;

/** A connection that has sent this much is reset rather than closed when it goes (see admit):
 *  the kernel's send buffer starts at 16 KB; what fits there is sent at once. */
const RESET_AFTER_BYTES = 64 * 1024;

export class ConnectionGate {
  private readonly sockets = new Map<Socket, Tracked>();
  private readonly byAddress = new Map<string, ByAddress>();
  /** Every idle socket, longest idle first. */
  private readonly idle = new Set<Socket>();
  /** Event streams that may be shed, oldest first, each with whether it still may be. */
  private readonly sheddable = new Map<Socket, () => boolean>();
  private readonly counts = { refused: 0, evicted: 0, shed: 0, stallsCut: 0, pipelineCut: 0 };
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly limits: ConnectionLimits,
    private readonly now: () => number = Date.now,
    private readonly probes?: HealthProbes,
  ) {}

  /** The socket holds an event stream that may be closed to make room while `stillSheddable()`
   *  (its participant has not behaved as a person since). */
  markSheddable(socket: Socket, stillSheddable: () => boolean): void {
    if (!this.sockets.has(socket) || socket.destroyed) return;
    this.sheddable.set(socket, stillSheddable);
    socket.once('close', () => this.sheddable.delete(socket));
  }

  /** Counts every connection of `server` from now on; stops with the server. */
  attach(server: Server): void {
    // Ahead of HTTP's own listener, which only sees admitted sockets: a refused one costs an
    // accept and a close, not a parser set up and torn down (a flood reconnects thousands of
    // times a second).
    const http = server.listeners('connection') as ((socket: Socket) => void)[];
    server.removeAllListeners('connection');
    server.on('connection', (socket: Socket) => {
      if (!this.admit(socket)) return;
      for (const listener of http) listener.call(server, socket);
    });
    server.on('request', (request: IncomingMessage, response: ServerResponse) =>
      this.requestStarted(request.socket, response),
    );
    this.sweeper = setInterval(() => this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
    server.on('close', () => clearInterval(this.sweeper));
  }

  stats(): ConnectionStats {
    return { open: this.sockets.size, addresses: this.byAddress.size, ...this.counts };
  }

  /** Counts the socket in, making room if needed; false when it was refused (destroyed). */
  private admit(socket: Socket): boolean {
    if (socket.destroyed) return false;
    const address = socket.remoteAddress ?? '';
    const mine = this.byAddress.get(address);
    // An address at its cap gives up its own longest-idle socket (a room's keep-alive ones).
    if (this.limits.perAddress > 0 && mine && mine.open >= this.limits.perAddress) {
      if (!this.evictFirst(mine.idle) && !this.shed(address)) return this.refuse(socket);
    }
    // Full: an address that holds an idle socket gives up its own longest-idle one, so a flood
    // only churns its own sockets; anyone else (a /health probe, a phone arriving) takes the
    // place of the longest-idle socket anywhere. (Refusing an address that holds an idle socket
    // instead cut a browser or a probe whose idle keep-alive socket it was not going to reuse.)
    if (this.sockets.size >= this.limits.max) {
      const made =
        mine && mine.idle.size > 0 ? this.evictFirst(mine.idle) : this.evictFirst(this.idle);
      // Nothing idle: a stream that was never a person's, this address's own first.
      if (!made && !this.shed(address) && !this.shed()) return this.refuse(socket);
    }
    const entry = mine ?? { open: 0, idle: new Set<Socket>() };
    if (!mine) this.byAddress.set(address, entry);
    entry.open++;
    const tracked: Tracked = { address, inFlight: 0, stalledSince: 0 };
    this.sockets.set(socket, tracked);
    socket.on('drain', () => {
      tracked.stalledSince = 0;
    });
    // Ahead of HTTP's keep-alive close. A close (FIN) leaves what the kernel still holds for a
    // client that does not read queued for minutes; a reset frees it at once. Only where a
    // response was big enough to be left there: small ones have long been read.
    socket.prependListener('timeout', () => {
      if (tracked.inFlight === 0 && socket.bytesWritten >= RESET_AFTER_BYTES) {
        socket.resetAndDestroy();
      }
    });
    this.markIdle(socket, entry);
    socket.once('close', () => this.release(socket));
    return true;
  }

  private requestStarted(socket: Socket, response: ServerResponse): void {
    const tracked = this.sockets.get(socket);
    if (!tracked) return;
    // Browsers never pipeline; a client queueing many requests on one connection makes the
    // server hold all their responses for a reader that may never read.
    if (++tracked.inFlight > this.limits.pipelinedMax) {
      this.release(socket);
      socket.resetAndDestroy();
      this.counts.pipelineCut++;
      return;
    }
    this.idle.delete(socket);
    this.byAddress.get(tracked.address)?.idle.delete(socket);
    // 'close' once the response is finished (handed to the kernel) or the socket ended.
    response.once('close', () => {
      tracked.inFlight--;
      const entry = this.byAddress.get(tracked.address);
      if (tracked.inFlight === 0 && !socket.destroyed && this.sockets.has(socket) && entry) {
        this.markIdle(socket, entry);
      }
    });
  }

  private markIdle(socket: Socket, entry: ByAddress): void {
    this.idle.add(socket);
    entry.idle.add(socket);
  }

  /** Closes the first socket of `set` and forgets it at once; false when there is none. */
  private evictFirst(set: Set<Socket>): boolean {
    const victim = set.values().next().value;
    if (!victim) return false;
    this.release(victim);
    if (victim.bytesWritten >= RESET_AFTER_BYTES) victim.resetAndDestroy();
    else victim.destroy();
    this.counts.evicted++;
    return true;
  }

  /** Closes the oldest sheddable stream (of `address` when given); false when there is none
   *  among the first SHED_SCAN_MAX. */
  private shed(address?: string): boolean {
    let scanned = 0;
    for (const [socket, stillSheddable] of this.sheddable) {
      if (++scanned > SHED_SCAN_MAX) return false;
      if (address !== undefined && this.sockets.get(socket)?.address !== address) continue;
      if (!stillSheddable()) {
        // A person's now, for good: never looked at again.
        this.sheddable.delete(socket);
        continue;
      }
      this.sheddable.delete(socket);
      this.release(socket);
      socket.destroy();
      this.counts.shed++;
      return true;
    }
    return false;
  }

  private refuse(socket: Socket): false {
    this.counts.refused++;
    // Maybe a /health probe: answered outside HTTP; anything else is cut at once.
    if (this.probes) this.probes.take(socket);
    else socket.destroy();
    return false;
  }

  private release(socket: Socket): void {
    const tracked = this.sockets.get(socket);
    if (!tracked) return;
    this.sockets.delete(socket);
    this.idle.delete(socket);
    const entry = this.byAddress.get(tracked.address);
    if (!entry) return;
    entry.idle.delete(socket);
    if (--entry.open <= 0) this.byAddress.delete(tracked.address);
  }

  /** Cuts the responses stalled past their deadline. (A socket that never sends a request is
   *  Node's: headersTimeout counts from the connection.) */
  sweep(): void {
    const now = this.now();
    for (const [socket, tracked] of this.sockets) {
      if (tracked.inFlight === 0) continue;
      // Measured from when bytes were last seen waiting after a drain: a slow reader drains
      // now and then (a piped export at every 16 KB), one that never reads does not. Counting
      // bytes the kernel took as progress did not do: a client's receive buffer grows to
      // megabytes while it reads nothing.
      const pending = socket.writableLength;
      if (pending === 0) {
        tracked.stalledSince = 0;
        continue;
      }
      if (tracked.stalledSince === 0) tracked.stalledSince = now;
      if (now - tracked.stalledSince >= this.limits.writeStallMs) {
        this.release(socket);
        // A reset drops what the kernel still holds for this client, instead of keeping it
        // queued (and its memory pinned) while the kernel retries a closed window.
        socket.resetAndDestroy();
        this.counts.stallsCut++;
      }
    }
  }
}
