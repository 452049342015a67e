import type { BucketSpec } from './buckets.ts';

interface Budget {
  tokens: number;
  at: number;
}

/**
 * A token bucket that only failures spend: a request is refused while the bucket is empty, and
 * only a request that failed (a join code that leads nowhere) takes a token. A room of 300
 * behind one NAT address typing the right code spends nothing; a guesser, whose tries nearly
 * all fail, gets `burst` at once and then `perSecond`. In this process only, bounded in keys
 * like the buckets: past `maxKeys` the least recently charged address is forgotten.
 */
export class MissBudget {
  private readonly budgets = new Map<string, Budget>();
  constructor(
    private readonly spec: BucketSpec,
    private readonly maxKeys: number,
    private readonly clock: () => number = Date.now,
  ) {}

  private tokens(key: string, now: number): number {
    const budget = this.budgets.get(key);
    if (!budget) return this.spec.burst;
    return Math.min(
      this.spec.burst,
      budget.tokens + ((now - budget.at) / 1000) * this.spec.perSecond,
    );
  }

  /** Seconds until `key` may try again (0: now). */
  wait(key: string): number {
    const tokens = this.tokens(key, this.clock());
    return tokens >= 1 ? 0 : (1 - tokens) / this.spec.perSecond;
  }

  /** A try of `key` failed: it costs a token. */
  miss(key: string): void {
    const now = this.clock();
    const tokens = Math.max(0, this.tokens(key, now) - 1);
    this.budgets.delete(key);
    this.budgets.set(key, { tokens, at: now });
    if (this.budgets.size > this.maxKeys) {
      this.budgets.delete(this.budgets.keys().next().value!);
    }
  }
}
