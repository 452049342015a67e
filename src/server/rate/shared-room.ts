import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { SharedCreationKeys } from './creation-claims.ts';
import { redisCreationKeys } from './creation-claims.ts';
import { failFastRedis } from './fail-fast-redis.ts';
import { SEAT_HEARTBEAT_MS, type SeatDirectory } from './seats.ts';

/** A poll's seats outlive its last held stream by this much: the heartbeat of every holding
 *  instance renews them each SEAT_HEARTBEAT_MS, so only polls nobody streams any more expire. */
const SEATS_TTL_MS = 10 * SEAT_HEARTBEAT_MS;

/** What instances behind one deployment share besides buckets and changes (issue 25). */
export interface SharedRoom {
  seats: SeatDirectory;
  creationKeys: SharedCreationKeys;
  close(): Promise<void>;
}

/**
 * The one place that says whether seats and creation Idempotency-Keys are shared: with
 * REDIS_URL, in Redis under the deployment's channel name; without, nothing is shared (one
 * instance, as before). Redis down never fails a request: a seat lookup answers "unseated" (the
 * ballot spends its address bucket, as on another instance before), a creation key is kept in
 * this instance only.
 */
export function openSharedRoom(
  config: Pick<Config, 'redisUrl' | 'redisChannel'>,
  warn: (message: string, error: unknown) => void,
): SharedRoom | undefined {
  if (!config.redisUrl) return undefined;
  const { redis, prefix, onError } = failFastRedis(
    { ...config, redisUrl: config.redisUrl },
    'room',
    (error) =>
      warn('seats and creation keys: Redis unavailable, this instance judges alone', error),
  );
  return {
    seats: redisSeatDirectory(redis, `${prefix}seats:`, onError),
    creationKeys: redisCreationKeys(redis, `${prefix}keys:`, onError),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * One hash per poll: participant id → when it first held the poll's stream (the earliest
 * instance's, HSETNX). Its expiry is the poll's, renewed by every instance holding a stream of
 * it; a seat whose stream closed stays findable as long as its poll is streamed, as it does in
 * the memory of its own instance.
 */
export function redisSeatDirectory(
  redis: Redis,
  prefix: string,
  onError: (error: unknown) => void,
): SeatDirectory {
  return {
    announce(slug, participantId, since) {
      redis
        .multi()
        .hsetnx(prefix + slug, participantId, String(since))
        .pexpire(prefix + slug, SEATS_TTL_MS)
        .exec()
        .catch(onError);
    },
    async lookup(slug, participantId) {
      try {
        const since = await redis.hget(prefix + slug, participantId);
        return since === null ? undefined : Number(since);
      } catch (error) {
        onError(error);
        return undefined;
      }
    },
    keepAlive(slugs) {
      if (slugs.length === 0) return;
      const pipeline = redis.pipeline();
      for (const slug of slugs) pipeline.pexpire(prefix + slug, SEATS_TTL_MS);
      pipeline.exec().catch(onError);
    },
  };
}
