import type { Config } from '../config.ts';
import { redisBuckets } from './buckets.ts';
import { failFastRedis } from './fail-fast-redis.ts';
import { createLimiter, type Limiter } from './limiter.ts';
import { redisRefusals } from './refusals.ts';

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
  const { redis, prefix, onError } = failFastRedis(
    { ...config, redisUrl: config.redisUrl },
    'limits',
    (error) => warn('rate limits: Redis unavailable, requests let through', error),
  );
  return createLimiter(config.rateLimits, {
    buckets: redisBuckets(redis, prefix, onError),
    refusals: redisRefusals(redis, `${prefix}refused:`, onError),
  });
}
