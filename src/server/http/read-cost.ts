/**
 * The event-loop time one address's anonymous reads may make the server spend building what
 * it does not hold: summaries rebuilt, polls loaded into the live cache, /p/ and /r/ pages
 * rendered. READ_REBUILD_MS_PER_S, up to READ_REBUILD_BURST_MS at once (limits.ts). A read
 * answered from memory costs nothing here; the one that caused a build pays what it took, after
 * the fact (those waiting on the same build pay nothing), and while its address is in debt such
 * reads get 429 (a page: the client-rendered app). Unbounded, 32 readers rotating over big polls
 * (each rebuild ~0.1 s, the cache too small to hold them all) took a victim's ballot p50 from
 * 10 ms to 2.5 s. Per instance: it guards this instance's event loop.
 */
export class ReadCost {
  private readonly balances = new Map<string, { ms: number; at: number }>();

  constructor(
    private readonly settings: { enabled: boolean; perSecondMs: number; burstMs: number },
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds before `address` may cause another rebuild; 0 when it may now. */
  wait(address: string): number {
    if (!this.settings.enabled) return 0;
    const ms = this.balance(address);
    return ms >= 0 ? 0 : -ms / this.settings.perSecondMs;
  }

  /** Takes `ms` of rebuild from the address's balance (it may go below zero). */
  charge(address: string, ms: number): void {
    // Nothing built, nothing owed (and no entry kept for an address that only read the cache).
    if (!this.settings.enabled || ms <= 0) return;
    const balance = this.balance(address) - ms;
    this.balances.delete(address);
    if (this.balances.size >= this.maxKeys) {
      // Least recently charged first: a flood of addresses cannot grow memory without end.
      const oldest = this.balances.keys().next().value;
      if (oldest !== undefined) this.balances.delete(oldest);
    }
    this.balances.set(address, { ms: balance, at: this.now() });
  }

  private balance(address: string): number {
    const entry = this.balances.get(address);
    if (!entry) return this.settings.burstMs;
    const refill = ((this.now() - entry.at) / 1000) * this.settings.perSecondMs;
    return Math.min(this.settings.burstMs, entry.ms + refill);
  }
}
