import type { Redis } from 'ioredis';

/** Where the Idempotency-Key of a creation stands among every instance. */
export type CreationClaim =
  /** This call holds the key now: make the thing, then complete or release. */
  | { state: 'claimed' }
  /** Another call holds it and is still making its thing. */
  | { state: 'pending'; fingerprint: string }
  /** Made: the first result, sealed (creation-keys.ts). */
  | { state: 'done'; fingerprint: string; sealed: string }
  /** Redis did not answer: the instance judges alone. */
  | { state: 'unknown' };

/** Creation keys shared by every instance (issue 25): two instances never make two polls for
 *  one double click that a balancer split between them. */
export interface SharedCreationKeys {
  claim(id: string, fingerprint: string, ttlMs: number): Promise<CreationClaim>;
  complete(id: string, fingerprint: string, sealed: string, ttlMs: number): Promise<void>;
  /** The making failed: the key is free again (asking again tries again). */
  release(id: string): Promise<void>;
}

/**
 * Redis, not a table: a creation's key matters for a minute, and an instance restarting within
 * it only costs the (rare) double click its dedup; SET NX PX is one atomic round trip with its
 * own expiry, where a table would need a migration, a sweep and a write per creation on the
 * database every ballot shares. Values hold the request's fingerprint and, once made, the
 * sealed result; keys are hashes.
 */
export function redisCreationKeys(
  redis: Redis,
  prefix: string,
  onError: (error: unknown) => void,
): SharedCreationKeys {
  return {
    async claim(id, fingerprint, ttlMs) {
      try {
        const taken = await redis.set(
          prefix + id,
          JSON.stringify({ f: fingerprint }),
          'PX',
          ttlMs,
          'NX',
        );
        if (taken === 'OK') return { state: 'claimed' };
        const raw = await redis.get(prefix + id);
        // Expired or released between the two commands: try to claim it again.
        if (raw === null) return this.claim(id, fingerprint, ttlMs);
        const value = JSON.parse(raw) as { f: string; s?: string };
        return value.s === undefined
          ? { state: 'pending', fingerprint: value.f }
          : { state: 'done', fingerprint: value.f, sealed: value.s };
      } catch (error) {
        onError(error);
        return { state: 'unknown' };
      }
    },
    async complete(id, fingerprint, sealed, ttlMs) {
      await redis
        .set(prefix + id, JSON.stringify({ f: fingerprint, s: sealed }), 'PX', ttlMs)
        .catch(onError);
    },
    async release(id) {
      await redis.del(prefix + id).catch(onError);
    },
  };
}
