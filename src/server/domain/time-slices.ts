/**
 * Long work in slices (issue 25: a 200,000-ballot export held the event loop ~3 s in one piece,
 * and every room's ballots waited): the work asks `due()` as it goes, and when a slice's budget
 * is spent it awaits `pause()`, which lets timers, I/O and other requests run first.
 */
export class TimeSlices {
  private started = performance.now();
  private asks = 0;

  constructor(private readonly budgetMs: number) {}

  /** Whether the slice's budget is spent: reads the clock once every 16 asks, since most work
   *  between asks is a few microseconds. */
  due(): boolean {
    this.asks = (this.asks + 1) & 15;
    return this.asks === 0 && performance.now() - this.started >= this.budgetMs;
  }

  /** Yields to the event loop (after I/O callbacks, as setImmediate does); a new slice starts. */
  async pause(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.started = performance.now();
  }
}

/** The budget of one slice of an export: well inside the 20 ms issue 25 allows. */
export const EXPORT_SLICE_MS = 8;
