import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { DEFAULT_CHANNEL } from '../live/redis-bus.ts';
import { redisBuckets } from './buckets.ts';
import { createLimiter, type Limiter } from './limiter.ts';
import { redisRefusals } from './refusals.ts';

/** A bucket check that waits longer than this for Redis lets the request through. */
const REDIS_TIMEOUT_MS = 250;

/**
 * The one place that picks where buckets live: in this process, or in Redis with REDIS_URL so
 * every instance counts against the same buckets (keys under the deployment's channel name).
 */
export function openLimiter(
  config: Pick<Config, 'redisUrl' | 'redisChannel' | 'rateLimits'>,
  warn: (message: string, error: unknown) => void,
): Limiter {
  // With RATE_LIMITS=off nothing is counted, so there is nothing to share.
  if (!config.redisUrl || !config.rateLimits.enabled) return createLimiter(config.rateLimits);
  const redis = new Redis(config.redisUrl, {
    connectionName: 'sondeo-limits',
    commandTimeout: REDIS_TIMEOUT_MS,
    // Fail fast while disconnected instead of queueing ballots behind a reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  // Errors are reported per command below; the connection's own would repeat them.
  redis.on('error', () => {});
  let lastWarning = 0;
  const onError = (error: unknown) => {
    if (Date.now() - lastWarning < 10_000) return;
    lastWarning = Date.now();
    warn('rate limits: Redis unavailable, requests let through', error);
  };
  const prefix = `${config.redisChannel ?? DEFAULT_CHANNEL}:limits:`;
  return createLimiter(config.rateLimits, {
    buckets: redisBuckets(redis, prefix, onError),
    refusals: redisRefusals(redis, `${prefix}refused:`, onError),
  });
}
