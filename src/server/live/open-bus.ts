import type { Config } from '../config.ts';
import { type ChangeBus, createLocalBus } from './change-bus.ts';
import type { Live } from './live.ts';
import { createRedisBus, DEFAULT_CHANNEL } from './redis-bus.ts';
import { startStalenessGuard } from './staleness-guard.ts';

/** Start-up waits this long for Redis so the log can say whether it answered; a Redis that is
 *  down does not stop the server (the staleness guard covers it until it returns). */
const STARTUP_WAIT_MS = 3000;

export interface OpenedBus {
  bus: ChangeBus;
  /** One line for the start-up log: which bus, and where. */
  description: string;
  /** Keeps the live side of this instance current while changes of other instances cannot
   *  arrive; returns the stop function. A no-op for the in-process bus. */
  guard(live: Live): () => void;
}

/** The one place that picks the change bus from the configuration, as openStore does the store. */
export async function openBus(
  config: Pick<Config, 'redisUrl' | 'redisChannel'>,
): Promise<OpenedBus> {
  if (!config.redisUrl) {
    return {
      bus: createLocalBus(),
      description: 'Cambios en vivo: en este proceso (una sola instancia; REDIS_URL para varias).',
      guard: () => () => {},
    };
  }
  const channel = config.redisChannel ?? DEFAULT_CHANNEL;
  const bus = createRedisBus({ url: config.redisUrl, channel });
  const connected = await bus.waitUntilConnected(STARTUP_WAIT_MS);
  const { host } = new URL(config.redisUrl);
  return {
    bus,
    description:
      `Cambios en vivo: Redis ${host}, canal ${channel}` +
      (connected ? '.' : ' (sin conexión todavía; se reintenta).'),
    guard: (live) =>
      startStalenessGuard({
        connection: bus,
        // Streamed polls, and cached ones a GET …/summary (the polling fallback) may read.
        topics: () => new Set([...live.hub.slugs(), ...live.cache.slugs()]),
        refresh: (slug) => live.refresh(slug),
      }),
  };
}
