/**
 * Admission of event streams: at most `perAddress` open from one client address (a NAT'd
 * classroom is one address, so this is generous) and `max` in all (kept well below the
 * process's open-file limit, so streams never take the sockets that /health, pages and ballots
 * need). Each admitted stream holds a ticket until it closes.
 */
export type Admission =
  | { admitted: true; release: () => void }
  | { admitted: false; reason: 'address' | 'total' };

export class StreamGate {
  private readonly byAddress = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: { perAddress: number; max: number }) {}

  /** `allowance`: what this address may hold now (issue 25: less for an address whose people
   *  have not shown up, live/known-rooms.ts); never more than `perAddress`. */
  admit(address: string, allowance = this.limits.perAddress): Admission {
    const mine = this.byAddress.get(address) ?? 0;
    if (mine >= Math.min(allowance, this.limits.perAddress)) {
      return { admitted: false, reason: 'address' };
    }
    if (this.total >= this.limits.max) return { admitted: false, reason: 'total' };
    this.byAddress.set(address, mine + 1);
    this.total++;
    let released = false;
    return {
      admitted: true,
      release: () => {
        if (released) return;
        released = true;
        this.total--;
        const left = (this.byAddress.get(address) ?? 1) - 1;
        if (left > 0) this.byAddress.set(address, left);
        else this.byAddress.delete(address);
      },
    };
  }

  stats(): { total: number; addresses: number } {
    return { total: this.total, addresses: this.byAddress.size };
  }
}
