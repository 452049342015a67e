/**
 * Long work in slices (issue 25: a 200,000-ballot export held the event loop ~3 s in one piece,
 * and every room's ballots waited): the work asks `due()` as it goes, and when a slice's budget
 * is spent it awaits `pause()`, which lets timers, I/O and other requests run first.
 *
 * Every sliced job of the process takes turns: one slice per turn of the event loop whatever
 * the number of jobs (two exports side by side would otherwise run two slices between each
 * step of a ballot, and a ballot takes several steps).
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

  /** Waits for this job's next turn (after I/O callbacks, as setImmediate does). */
  async pause(): Promise<void> {
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      schedule();
    });
    this.started = performance.now();
  }
}

/** Jobs waiting for a turn, first come first served. */
const waiting: (() => void)[] = [];
let scheduled = false;

/** One job resumes per turn of the event loop: a setImmediate queued from inside a
 *  setImmediate callback runs on the next turn, after that turn's I/O. */
function schedule(): void {
  if (scheduled || waiting.length === 0) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    waiting.shift()?.();
    schedule();
  });
}

/** The budget of one slice of an export: well inside the 20 ms issue 25 allows. */
export const EXPORT_SLICE_MS = 6;
