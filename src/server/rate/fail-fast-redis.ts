import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { DEFAULT_CHANNEL } from '../live/redis-bus.ts';
import { newRedis } from '../redis-client.ts';

/** A Redis command that takes longer than this counts as failed: a request never waits on it. */
export const REDIS_TIMEOUT_MS = 250;

/**
 * A Redis connection for what a request checks on its way (buckets, seats, creation keys): it
 * fails fast while disconnected instead of queueing requests behind a reconnect, and reports
 * failures at most every 10 s (each command reports its own; the connection's would repeat them).
 * `prefix` is where its keys live, under the deployment's channel name.
 */
export function failFastRedis(
  config: Pick<Config, 'redisUrl' | 'redisChannel'> & { redisUrl: string },
  part: string,
  warn: (error: unknown) => void,
): { redis: Redis; prefix: string; onError: (error: unknown) => void } {
  const redis = newRedis(config.redisUrl, {
    connectionName: `sondeo-${part}`,
    commandTimeout: REDIS_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // The commands of one event-loop turn leave in one write: a hall's ballots each look up
    // their seat (shared-room.ts), one socket write apiece before (issue 29).
    enableAutoPipelining: true,
  });
  redis.on('error', () => {});
  let lastWarning = 0;
  const onError = (error: unknown) => {
    if (Date.now() - lastWarning < 10_000) return;
    lastWarning = Date.now();
    warn(error);
  };
  return { redis, prefix: `${config.redisChannel ?? DEFAULT_CHANNEL}:${part}:`, onError };
}
