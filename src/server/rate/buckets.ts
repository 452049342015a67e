/**
 * Token buckets. A bucket holds up to `burst` tokens and refills at `perSecond`; a request takes
 * one or is refused until one is back. Unlike a fixed window (what @fastify/rate-limit's stores
 * count), a room can spend the whole burst at once and then continue at the rate, and a refused
 * client learns the exact wait (a fifth of a second at 5/s, not the rest of a minute-long
 * window), which is what the participant page retries after.
 */
export interface BucketSpec {
  burst: number;
  perSecond: number;
}

export interface RateBuckets {
  /** Takes a token from the bucket `key`. Answers 0 when taken, else the seconds until one is
   *  back (nothing taken). */
  take(spec: BucketSpec, key: string): Promise<number>;
  close(): Promise<void>;
}

interface Bucket {
  tokens: number;
  /** When `tokens` was computed, ms. */
  at: number;
}

/** Tokens after refilling from `at` to `now`. */
function refilled(bucket: Bucket, spec: BucketSpec, now: number): number {
  return Math.min(spec.burst, bucket.tokens + ((now - bucket.at) / 1000) * spec.perSecond);
}

/**
 * Buckets of this process. A bucket left alone long enough to refill is the same as no bucket,
 * so when the map reaches `maxKeys` those are dropped first, then the least recently used: a
 * flood of distinct keys costs bounded memory, at worst handing an old key a fresh bucket.
 */
export function memoryBuckets(
  maxKeys: number,
  clock: () => number = Date.now,
): RateBuckets & { size(): number } {
  const buckets = new Map<string, Bucket>();
  const specs = new Map<string, BucketSpec>();

  const shrink = (now: number) => {
    for (const [key, bucket] of buckets) {
      const spec = specs.get(key);
      if (!spec || refilled(bucket, spec, now) >= spec.burst) {
        buckets.delete(key);
        specs.delete(key);
      }
    }
    // Still full of busy keys: forget the least recently used tenth.
    let excess = buckets.size - Math.floor(maxKeys * 0.9);
    for (const key of buckets.keys()) {
      if (excess-- <= 0) break;
      buckets.delete(key);
      specs.delete(key);
    }
  };

  return {
    async take(spec, key) {
      const now = clock();
      const bucket = buckets.get(key);
      let tokens = spec.burst;
      if (bucket) {
        tokens = refilled(bucket, spec, now);
        // Re-inserted so the map's order is least recently used first.
        buckets.delete(key);
      } else if (buckets.size >= maxKeys) {
        shrink(now);
      }
      const taken = tokens >= 1;
      if (taken) tokens -= 1;
      buckets.set(key, { tokens, at: now });
      specs.set(key, spec);
      return taken ? 0 : (1 - tokens) / spec.perSecond;
    },
    async close() {
      buckets.clear();
      specs.clear();
    },
    size: () => buckets.size,
  };
}

/** The same bucket in Redis, one atomic script per take, on Redis's clock so every instance
 *  agrees. The key expires once the bucket would be full again. */
export const TAKE_SCRIPT = `
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil or at == nil then
  tokens = burst
  at = now
end
tokens = math.min(burst, tokens + (now - at) / 1000 * rate)
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
else
  wait = (1 - tokens) / rate
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
return tostring(wait)
`;

/** What redisBuckets needs of an ioredis client (a test may pass a failing one). */
export interface ScriptRunner {
  evalsha(sha: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
  script(command: 'LOAD', script: string): Promise<unknown>;
  quit(): Promise<unknown>;
}

/**
 * Buckets shared by every instance through Redis. When Redis does not answer, requests are let
 * through (and `onError` told): the limits protect the service, and refusing every ballot
 * because Redis is away would take it down instead.
 */
export function redisBuckets(
  redis: ScriptRunner,
  prefix: string,
  onError: (error: unknown) => void,
): RateBuckets {
  let sha: string | undefined;
  const run = async (key: string, spec: BucketSpec): Promise<unknown> => {
    const args = [1, `${prefix}${key}`, spec.burst, spec.perSecond] as const;
    if (sha) {
      try {
        return await redis.evalsha(sha, ...args);
      } catch (error) {
        if (!String(error).includes('NOSCRIPT')) throw error;
      }
    }
    sha = String(await redis.script('LOAD', TAKE_SCRIPT));
    return redis.evalsha(sha, ...args);
  };
  return {
    async take(spec, key) {
      try {
        return Number(await run(key, spec));
      } catch (error) {
        onError(error);
        return 0;
      }
    },
    async close() {
      await redis.quit().catch(() => {});
    },
  };
}
