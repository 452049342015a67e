/**
 * Time measured as each of several overlapping jobs' share of the wall clock (processor
 * sharing): while n jobs run, each one's clock advances at 1/n of real time. What one rebuild
 * is charged (http/read-cost.ts) is then its part of the time the server spent rebuilding, not
 * the wall time it waited while 31 others ran beside it: 32 readers' builds in parallel were
 * charged 26–51 s in all for ~2.7 s of the server's CPU, which put the whole server's read
 * budget minutes in debt and refused every anonymous reader's rebuild, honest ones included.
 * The sum of the charges is at most the wall time during which any build ran, so the server's
 * budget still bounds what the builds can take of its event loop.
 */
export class SharedClock {
  private running = 0;
  private virtualMs = 0;
  private lastMs: number;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.lastMs = now();
  }

  /** Starts a job; give what it returns to `end`. */
  start(): number {
    this.advance();
    this.running += 1;
    return this.virtualMs;
  }

  /** Ends a job started at `began`: its share of the time since, in ms. */
  end(began: number): number {
    this.advance();
    this.running = Math.max(0, this.running - 1);
    return this.virtualMs - began;
  }

  private advance(): void {
    const now = this.now();
    if (this.running > 0) this.virtualMs += (now - this.lastMs) / this.running;
    this.lastMs = now;
  }
}

/** The clock every rebuild an anonymous read may be charged for runs on, server-wide. */
export const rebuildClock = new SharedClock();
