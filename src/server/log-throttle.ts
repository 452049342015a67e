/**
 * One line per kind of log message per period, with the count of those held back since: a flood
 * of one failure (an address sending cut-off bodies made 55,148 lines, 21.8 MB, in 22 s) costs a
 * line a minute, and the count says how big it was.
 */
export class LogThrottle {
  private readonly seen = new Map<string, { at: number; suppressed: number }>();

  constructor(
    /** LOG_THROTTLE_MS in limits.ts. */
    private readonly everyMs: number,
    /** Kinds remembered at most: a made-up message per request cannot grow the map without end. */
    private readonly maxKinds = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Whether a line of this kind is written now; if so, how many were held back since the last
   * one (0 the first time).
   */
  admit(kind: string): { write: boolean; suppressed: number } {
    const now = this.now();
    const last = this.seen.get(kind);
    if (last && now - last.at < this.everyMs) {
      last.suppressed++;
      return { write: false, suppressed: 0 };
    }
    if (!last && this.seen.size >= this.maxKinds) this.forgetOld(now);
    this.seen.set(kind, { at: now, suppressed: 0 });
    return { write: true, suppressed: last?.suppressed ?? 0 };
  }

  private forgetOld(now: number): void {
    for (const [kind, { at }] of this.seen) {
      if (now - at >= this.everyMs) this.seen.delete(kind);
    }
    // All recent: the oldest goes, so a new kind is still written once.
    if (this.seen.size >= this.maxKinds) {
      const oldest = this.seen.keys().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
  }
}

type LogArgs = unknown[];

/**
 * pino's `hooks.logMethod` (Fastify's logger): every warning and error of the app goes through
 * one throttle, keyed by level and message, so no kind can flood the log. A line written after
 * some were held back carries `suppressed: N`.
 */
export function throttledLogMethod(throttle: LogThrottle, minLevel = 40) {
  return function logMethod(
    this: unknown,
    args: LogArgs,
    method: (...args: LogArgs) => void,
    level: number,
  ): void {
    if (level < minLevel) {
      method.apply(this, args);
      return;
    }
    const [first, second] = args;
    const message = typeof first === 'string' ? first : typeof second === 'string' ? second : '';
    const { write, suppressed } = throttle.admit(`${level}:${message}`);
    if (!write) return;
    if (suppressed === 0) {
      method.apply(this, args);
    } else if (first !== null && typeof first === 'object' && !(first instanceof Error)) {
      method.apply(this, [{ ...first, suppressed }, ...args.slice(1)]);
    } else if (first instanceof Error) {
      method.apply(this, [{ err: first, suppressed }, ...args.slice(1)]);
    } else {
      method.apply(this, [{ suppressed }, ...args]);
    }
  };
}

/** console.warn through the throttle, for what logs outside Fastify (the rate limiter's store). */
export function throttledWarn(throttle: LogThrottle) {
  return (message: string, error?: unknown): void => {
    const { write, suppressed } = throttle.admit(`console:${message}`);
    if (!write) return;
    if (suppressed > 0) console.warn(message, { suppressed }, error);
    else console.warn(message, error);
  };
}
