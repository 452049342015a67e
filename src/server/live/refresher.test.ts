import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Refresher } from './refresher.ts';

/** A load whose calls the test counts and finishes by hand. */
function controlledLoad() {
  const calls: { resolve: (v: number) => void; reject: (e: Error) => void }[] = [];
  let value = 0;
  const load = () =>
    new Promise<number>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return {
    calls,
    load,
    /** Finishes the latest load with the next value. */
    finish: () => calls.at(-1)!.resolve(++value),
  };
}

describe('Refresher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads once, then answers from memory until invalidated', async () => {
    let n = 0;
    const r = new Refresher(async () => ++n, 200);
    expect(await Promise.all([r.get(), r.get()])).toEqual([1, 1]);
    expect(await r.get()).toBe(1);
    expect(r.fresh).toBe(true);
    r.invalidate();
    expect(r.fresh).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await r.get()).toBe(2);
  });

  it('tells which request caused a load: not those answered from memory or waiting on it', async () => {
    const c = controlledLoad();
    const r = new Refresher(c.load, 0);
    const first = r.request();
    const second = r.request();
    expect([first.caused, second.caused]).toEqual([true, false]);
    c.finish();
    expect(await Promise.all([first.value, second.value])).toEqual([1, 1]);
    expect(r.request().caused).toBe(false);
    r.invalidate();
    const third = r.request();
    expect(third.caused).toBe(true);
    c.finish();
    expect(await third.value).toBe(2);
  });

  it('loads the first change after a quiet spell at once, and merges the next ones into one load at the end of the window', async () => {
    const l = controlledLoad();
    const r = new Refresher(l.load, 200);
    const first = r.get();
    expect(l.calls).toHaveLength(1); // at once
    l.finish();
    expect(await first).toBe(1);

    // Three changes inside the window, each read right away: one load, when the window ends.
    const reads: Promise<number>[] = [];
    for (let i = 0; i < 3; i++) {
      await vi.advanceTimersByTimeAsync(30);
      r.invalidate();
      reads.push(r.get());
    }
    expect(l.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200 - 90 - 1);
    expect(l.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(l.calls).toHaveLength(2);
    l.finish();
    expect(await Promise.all(reads)).toEqual([2, 2, 2]);

    // Quiet for a window: the next change loads at once again.
    await vi.advanceTimersByTimeAsync(250);
    r.invalidate();
    const later = r.get();
    expect(l.calls).toHaveLength(3);
    l.finish();
    expect(await later).toBe(3);
  });

  it('never runs two loads at once; a change during a load is loaded after it', async () => {
    const l = controlledLoad();
    const r = new Refresher(l.load, 0);
    const a = r.get();
    r.invalidate();
    const b = r.get();
    expect(l.calls).toHaveLength(1);
    l.finish();
    expect(await a).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(l.calls).toHaveLength(2);
    l.finish();
    expect(await b).toBe(2);
    // A read after both is served from memory.
    expect(await r.get()).toBe(2);
    expect(l.calls).toHaveLength(2);
  });

  it('passes a failed load on and tries again on the next read', async () => {
    const l = controlledLoad();
    const r = new Refresher(l.load, 0);
    const failed = r.get();
    l.calls[0]!.reject(new Error('database down'));
    await expect(failed).rejects.toThrow('database down');
    await vi.advanceTimersByTimeAsync(0);
    const retried = r.get();
    expect(l.calls).toHaveLength(2);
    l.finish();
    expect(await retried).toBe(1);
  });

  it('on dispose, starts a load waiting for its window at once', async () => {
    const l = controlledLoad();
    const r = new Refresher(l.load, 10_000);
    const first = r.get();
    l.finish();
    await first;
    await vi.advanceTimersByTimeAsync(0);
    r.invalidate();
    const waiting = r.get();
    expect(l.calls).toHaveLength(1);
    r.dispose();
    expect(l.calls).toHaveLength(2);
    l.finish();
    expect(await waiting).toBe(2);
  });
});
