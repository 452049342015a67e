import { describe, expect, it } from 'vitest';
import { StreamGate } from './stream-gate.ts';

describe('StreamGate', () => {
  it('admits up to the per-address cap, then refuses that address only', () => {
    const gate = new StreamGate({ perAddress: 2, max: 10 });
    const a1 = gate.admit('10.0.0.1');
    const a2 = gate.admit('10.0.0.1');
    expect(a1.admitted && a2.admitted).toBe(true);
    expect(gate.admit('10.0.0.1')).toEqual({ admitted: false, reason: 'address' });
    expect(gate.admit('10.0.0.2').admitted).toBe(true);
    if (a1.admitted) a1.release();
    expect(gate.admit('10.0.0.1').admitted).toBe(true);
  });

  it('refuses everyone past the global cap, and a released ticket frees one place once', () => {
    const gate = new StreamGate({ perAddress: 5, max: 3 });
    const tickets = ['a', 'b', 'c'].map((ip) => gate.admit(ip));
    expect(gate.admit('d')).toEqual({ admitted: false, reason: 'total' });
    const first = tickets[0]!;
    if (first.admitted) {
      first.release();
      first.release();
    }
    expect(gate.stats()).toEqual({ total: 2, addresses: 2 });
    expect(gate.admit('d').admitted).toBe(true);
    expect(gate.admit('e')).toEqual({ admitted: false, reason: 'total' });
  });
});
