import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BusConnection } from './redis-bus.ts';
import { startStalenessGuard } from './staleness-guard.ts';

function fakeConnection(initially: boolean) {
  let connected = initially;
  const listeners = new Set<(connected: boolean) => void>();
  const connection: BusConnection = {
    isConnected: () => connected,
    onConnectionChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const flip = (now: boolean) => {
    connected = now;
    for (const listener of listeners) listener(now);
  };
  return { connection, flip };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('staleness guard', () => {
  it('does nothing while connected', () => {
    const { connection } = fakeConnection(true);
    const refresh = vi.fn();
    const stop = startStalenessGuard({ connection, topics: () => ['a'], refresh });
    vi.advanceTimersByTime(10_000);
    expect(refresh).not.toHaveBeenCalled();
    stop();
  });

  it('refreshes every streamed poll at once and every interval while disconnected', () => {
    const { connection, flip } = fakeConnection(true);
    const refresh = vi.fn();
    let topics = ['a', 'b'];
    const stop = startStalenessGuard({ connection, topics: () => topics, refresh });

    flip(false);
    expect(refresh.mock.calls).toEqual([['a'], ['b']]);
    topics = ['b'];
    vi.advanceTimersByTime(2000);
    expect(refresh.mock.calls.slice(2)).toEqual([['b']]);
    vi.advanceTimersByTime(2000);
    expect(refresh).toHaveBeenCalledTimes(4);
    stop();
  });

  it('refreshes once more on reconnect, then stops', () => {
    const { connection, flip } = fakeConnection(false);
    const refresh = vi.fn();
    const stop = startStalenessGuard({ connection, topics: () => ['a'], refresh });
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000);
    expect(refresh).toHaveBeenCalledTimes(2);
    flip(true);
    expect(refresh).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(10_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    stop();
  });

  it('stops for good when stopped', () => {
    const { connection, flip } = fakeConnection(false);
    const refresh = vi.fn();
    const stop = startStalenessGuard({ connection, topics: () => ['a'], refresh });
    stop();
    vi.advanceTimersByTime(10_000);
    flip(true);
    flip(false);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
