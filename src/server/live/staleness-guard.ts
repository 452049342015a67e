import type { BusConnection } from './redis-bus.ts';

/**
 * The spec's polling interval is 2.5 s, the longest a screen may lag; refreshing every 2 s
 * leaves room for the database read and the hub's 200 ms coalescing window.
 */
export const STALE_REFRESH_MS = 2000;

export interface StalenessGuardDeps {
  connection: BusConnection;
  /** Slugs of the polls this instance streams or caches. */
  topics: () => Iterable<string>;
  /** Treats the poll as changed elsewhere: caches re-read it, streams get the new state. */
  refresh: (slug: string) => void;
  intervalMs?: number;
}

/**
 * While changes of other instances cannot arrive (Redis down or unreachable from here), the
 * polls this instance streams or caches are refreshed from the database on a timer instead, so
 * no stream or summary goes stale. When the bus is back they are refreshed once more, for whatever was lost
 * in flight at the cut, and the timer stops. Returns the stop function.
 */
export function startStalenessGuard({
  connection,
  topics,
  refresh,
  intervalMs = STALE_REFRESH_MS,
}: StalenessGuardDeps): () => void {
  let timer: NodeJS.Timeout | undefined;
  const refreshAll = () => {
    for (const slug of topics()) refresh(slug);
  };
  const onChange = (connected: boolean) => {
    if (connected) {
      clearInterval(timer);
      timer = undefined;
      refreshAll();
    } else if (!timer) {
      refreshAll();
      timer = setInterval(refreshAll, intervalMs);
      // A pending refresh is no reason to keep a closing process alive.
      timer.unref();
    }
  };
  const off = connection.onConnectionChange(onChange);
  if (!connection.isConnected()) onChange(false);
  return () => {
    off();
    clearInterval(timer);
  };
}
