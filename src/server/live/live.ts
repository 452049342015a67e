import type { PollEvents } from '../domain/events.ts';
import { Standings } from '../domain/quiz/game.ts';
import type { PollStore } from '../store/store.ts';
import { LiveCache, type LiveCacheOptions } from './cache.ts';
import { busEvents, type ChangeBus, createLocalBus } from './change-bus.ts';
import { type HubOptions, LiveHub } from './hub.ts';
import { playerFrames } from './player-frames.ts';
import { QaFeed } from './qa-feed.ts';

export interface LiveOptions extends LiveCacheOptions, HubOptions {}

/** The in-memory side of the app: caches and streams, fed by one change bus. */
export interface Live {
  bus: ChangeBus;
  /** The domain's port: publishes each change to the bus. */
  events: PollEvents;
  cache: LiveCache;
  hub: LiveHub;
  /** Quiz standings per poll, shared by GET …/me and the streams' `player` frames. */
  standings: Standings;
  /** Treats a poll as changed on this instance only (a staleness guard while the bus is down):
   *  caches re-read it and its streams get whatever is new. */
  refresh(slug: string): void;
  /** Ends the streams and stops listening; the bus is the caller's to close. */
  close(): void;
}

export function createLive(
  store: PollStore,
  bus: ChangeBus = createLocalBus(),
  options: LiveOptions = {},
): Live {
  // The cache subscribes first, though the hub does not rely on the order (see LiveHub.apply).
  const cache = new LiveCache(store, bus, options);
  const qa = new QaFeed(store, bus);
  const cohostLinks = async (slug: string): Promise<ReadonlySet<number>> => {
    const row = await cache.pollRow(slug);
    const links = row ? await store.listCohosts(row.id) : [];
    return new Set(links.map((link) => link.id));
  };
  const standings = new Standings(store);
  const hub = new LiveHub(cache, bus, {
    ...options,
    qa,
    cohostLinks,
    players: playerFrames(standings),
  });
  return {
    bus,
    standings,
    events: busEvents(bus),
    cache,
    hub,
    refresh(slug) {
      cache.apply({ slug, kind: 'poll' });
      qa.apply({ slug, kind: 'poll' });
      hub.refresh(slug);
    },
    close() {
      hub.close();
      cache.close();
      qa.close();
    },
  };
}
