import type { FastifyReply } from 'fastify';
import { DomainError } from '../domain/errors.ts';
import { rateLimited } from './rate-limits.ts';

/**
 * The event-loop time anonymous reads may make the server spend building what it does not
 * hold: summaries rebuilt, polls loaded into the live cache, /p/ and /r/ pages rendered. Two
 * budgets, both token buckets of milliseconds (limits.ts):
 *
 * - per address: READ_REBUILD_MS_PER_S, up to READ_REBUILD_BURST_MS at once. Unbounded, 32
 *   readers rotating over big polls took a victim's ballot p50 from 10 ms to 2.5 s.
 * - for the whole server: READ_REBUILD_SERVER_MS_PER_S, up to READ_REBUILD_SERVER_BURST_MS
 *   (issue 25). The per-address budget multiplies by the number of addresses: 32 addresses
 *   rotating over 20 big polls still took a victim's ballot p95 from 9 ms to 0.5–0.8 s. This
 *   one holds whatever the number of addresses: past it, anonymous reads that would build get
 *   503 with Retry-After (a page: the client-rendered app), while reads answered from memory,
 *   the host's reads and ballots go on. Not a stale copy: a summary kept past a change could
 *   show counts the host has just hidden.
 *
 * A read answered from memory costs nothing; the one that caused a build pays what it took,
 * after the fact (those waiting on the same build pay nothing). Per instance: it guards this
 * instance's event loop.
 */
export interface ReadCostSettings {
  enabled: boolean;
  perSecondMs: number;
  burstMs: number;
  /** The whole server's budget; 0 or absent: none. */
  serverPerSecondMs?: number;
  serverBurstMs?: number;
}

/** Why a read that would build must wait: its address is in debt, or the whole server is. */
export interface ReadRefusal {
  seconds: number;
  scope: 'address' | 'server';
}

export class ReadCost {
  private readonly balances = new Map<string, { ms: number; at: number }>();
  private server = { ms: 0, at: 0 };

  constructor(
    private readonly settings: ReadCostSettings,
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {
    this.server = { ms: settings.serverBurstMs ?? 0, at: now() };
  }

  /** Seconds before `address` may cause another rebuild; 0 when it may now. */
  wait(address: string): number {
    return this.refusal(address)?.seconds ?? 0;
  }

  /** Why `address` may not cause a rebuild now, and for how long; undefined when it may. */
  refusal(address: string): ReadRefusal | undefined {
    if (!this.settings.enabled) return undefined;
    const own = this.balance(address);
    if (own < 0) return { seconds: -own / this.settings.perSecondMs, scope: 'address' };
    const rate = this.settings.serverPerSecondMs ?? 0;
    if (rate > 0) {
      const all = this.serverBalance();
      if (all < 0) return { seconds: -all / rate, scope: 'server' };
    }
    return undefined;
  }

  /** Takes `ms` of rebuild from the address's balance and the server's (either may go below
   *  zero). */
  charge(address: string, ms: number): void {
    // Nothing built, nothing owed (and no entry kept for an address that only read the cache).
    if (!this.settings.enabled || ms <= 0) return;
    if ((this.settings.serverPerSecondMs ?? 0) > 0) {
      this.server = { ms: this.serverBalance() - ms, at: this.now() };
    }
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

  private serverBalance(): number {
    const rate = this.settings.serverPerSecondMs ?? 0;
    const refill = ((this.now() - this.server.at) / 1000) * rate;
    return Math.min(this.settings.serverBurstMs ?? 0, this.server.ms + refill);
  }
}

/** Refuses a read that would build: 429 when its address is in debt (its own doing), 503 when
 *  the whole server's budget is spent (nobody's fault in particular); Retry-After either way. */
export function readRefused(reply: FastifyReply, refusal: ReadRefusal): DomainError {
  if (refusal.scope === 'address') return rateLimited(reply, refusal.seconds);
  const seconds = Math.max(1, Math.ceil(refusal.seconds));
  reply.header('retry-after', String(seconds));
  return new DomainError(
    'SERVICE_UNAVAILABLE',
    `El servidor está ocupado preparando resultados; inténtalo de nuevo en ${seconds} s`,
  );
}
