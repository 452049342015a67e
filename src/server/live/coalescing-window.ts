import { performance } from 'node:perf_hooks';
import { LIVE_COALESCE_MS } from '../../contract/index.ts';

/**
 * How long a poll's summary waits to merge the votes that follow one: long enough that rebuilding
 * and broadcasting it takes at most `costShare` of the time, never longer than `maxMs`. A room of
 * 200 phones (a frame costs about a millisecond) gets every vote within a few tens of ms; a hall of
 * 5,000 (a frame costs tens of ms) keeps the full window and so its CPU per vote.
 */
export interface WindowPolicy {
  minMs: number;
  maxMs: number;
  /** The share of a core one poll's summaries may take while votes flow. */
  costShare: number;
  /** Cost of writing a frame to one stream, until a broadcast has been timed. */
  perStreamMs: number;
  /** Event-loop utilisation (0..1) from which the server counts as saturated: ballots are
   *  waiting behind frames. */
  busyShare: number;
  /** The longest window while saturated: frames make way for ballots, and still show the
   *  count at least twice a second. */
  busyMaxMs: number;
}

export const DEFAULT_WINDOW_POLICY: WindowPolicy = {
  // Floor: at most 100 rebuilds a second however cheap they are.
  minMs: 10,
  maxMs: LIVE_COALESCE_MS,
  costShare: 0.1,
  // A frame to 5,000 streams costs ~25 ms of the server's CPU, writes and kernel together (bench
  // machine: 4.7 ms/vote at a 200 ms window, 8 ms when timing only the write loop shortened it).
  perStreamMs: 0.005,
  // A hall voting at once ("¡ahora!"): 2,000 ballots in a second keep one core ~90 % busy, and a
  // frame to its 2,000 streams costs 30-45 ms of it (~20 µs a write on loopback, bench machine).
  // At 200 ms that was 14-19 % of the storm's CPU, and every ballot behind a frame waited for it.
  // A classroom at 50 votes/s, or a hall at that pace, stays far below (fan-out bench).
  busyShare: 0.9,
  busyMaxMs: 500,
};

/**
 * The window for a frame that costs `costMs` (rebuild + broadcast) when the event loop is
 * `busy` (0..1) busy: pure, for tests. Saturated, frames get a third of their usual share, up to
 * `busyMaxMs`: the same hall then gets two frames a second instead of five.
 */
export function windowFor(
  costMs: number,
  policy: WindowPolicy = DEFAULT_WINDOW_POLICY,
  busy = 0,
): number {
  // A window fixed by its floor (LIVE_WINDOW_MIN_MS=200: the benchmarks' runs "as before
  // issue 11") stays fixed.
  const saturated = busy >= policy.busyShare && policy.minMs < policy.maxMs;
  const wanted = costMs / (saturated ? policy.costShare / 3 : policy.costShare);
  const maxMs = saturated ? Math.max(policy.maxMs, policy.busyMaxMs) : policy.maxMs;
  return Math.round(Math.min(maxMs, Math.max(policy.minMs, wanted)));
}

/** How busy the event loop has been lately: its utilisation over the last ≥ SPAN_MS. */
export type LoopLoad = () => number;

const SPAN_MS = 100;

/** Reads the process's event-loop utilisation, at most once per SPAN_MS (it is cheap, but the
 *  window is asked at every summary rebuild). Over a long idle spell it reads low, as it should. */
export function eventLoopLoad(): LoopLoad {
  let last = performance.eventLoopUtilization();
  let lastAt = performance.now();
  let value = 0;
  return () => {
    const now = performance.now();
    if (now - lastAt >= SPAN_MS) {
      const current = performance.eventLoopUtilization();
      value = performance.eventLoopUtilization(current, last).utilization;
      last = current;
      lastAt = now;
    }
    return value;
  };
}

const processLoad = eventLoopLoad();

/** Costs remembered: the window follows their median, so one pause (a GC, a busy core) that
 *  makes a single frame slow does not stretch the window tenfold for the next votes. */
const SAMPLES = 5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** One poll's window, following what its recent rebuilds and broadcasts cost. */
export class AdaptiveWindow {
  private loads: number[] = [];
  private broadcasts: number[] = [];
  private streams = 0;

  constructor(
    private readonly policy: WindowPolicy = DEFAULT_WINDOW_POLICY,
    private readonly load: LoopLoad = processLoad,
  ) {}

  /** How long the last summary rebuild took. */
  recordLoad(ms: number): void {
    this.loads = [...this.loads.slice(1 - SAMPLES), ms];
  }

  /** How long the last broadcast took, and to how many streams. */
  recordBroadcast(ms: number, streams: number): void {
    this.broadcasts = [...this.broadcasts.slice(1 - SAMPLES), ms];
    this.streams = streams;
  }

  /** The number of streams that get summaries now. */
  setStreams(streams: number): void {
    this.streams = streams;
  }

  get ms(): number {
    // The timed loop only queues the writes; the kernel's part of sending them comes later. So the
    // number of streams sets a floor under the measured cost (5,000 streams: the full window).
    const floor = this.streams * this.policy.perStreamMs;
    const broadcast = Math.max(floor, this.broadcasts.length > 0 ? median(this.broadcasts) : 0);
    return windowFor(median(this.loads) + broadcast, this.policy, this.load());
  }
}
