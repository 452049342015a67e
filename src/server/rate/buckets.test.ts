import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  redactUrl,
  redisAvailable,
  requireService,
  TEST_REDIS_URL,
} from '../../../tests/helpers/services.ts';
import { memoryBuckets, type RateBuckets, redisBuckets } from './buckets.ts';
import { memoryRefusals, redisRefusals } from './refusals.ts';

const spec = { burst: 3, perSecond: 2 };

async function takeMany(buckets: RateBuckets, key: string, n: number): Promise<number[]> {
  const waits: number[] = [];
  for (let i = 0; i < n; i++) waits.push(await buckets.take(spec, key));
  return waits;
}

describe('memory buckets', () => {
  it('allow the burst at once, then refill at the rate and say how long to wait', async () => {
    let now = 1_000_000;
    const buckets = memoryBuckets(1000, () => now);
    expect(await takeMany(buckets, 'a', 3)).toEqual([0, 0, 0]);
    expect(await buckets.take(spec, 'a')).toBeCloseTo(0.5);
    // Another key has its own bucket.
    expect(await buckets.take(spec, 'b')).toBe(0);
    now += 250;
    expect(await buckets.take(spec, 'a')).toBeCloseTo(0.25);
    now += 250;
    expect(await buckets.take(spec, 'a')).toBe(0);
    expect(await buckets.take(spec, 'a')).toBeCloseTo(0.5);
    // Never more than the burst, however long it waited.
    now += 3_600_000;
    expect(await takeMany(buckets, 'a', 4)).toEqual([0, 0, 0, 0.5]);
  });

  it('hold a bounded number of keys, forgetting refilled ones first, then the least recent', async () => {
    let now = 0;
    const buckets = memoryBuckets(1000, () => now);
    for (let i = 0; i < 5000; i++) {
      await buckets.take(spec, `k${i}`);
      if (i % 100 === 0) await takeMany(buckets, 'busy', 3);
    }
    expect(buckets.size()).toBeLessThanOrEqual(1000);
    // The busy key was used recently: still there, still empty.
    expect(await buckets.take(spec, 'busy')).toBeGreaterThan(0);
    // Once everything has refilled, a sweep drops all of it at once.
    now += 10_000;
    for (let i = 0; i < 1001; i++) await buckets.take(spec, `n${i}`);
    expect(buckets.size()).toBeLessThan(1000);
  });

  it('count refusals per poll, forgetting the least recent past the cap', async () => {
    const log = memoryRefusals(2);
    log.add('a');
    log.add('a');
    log.add('b');
    log.add('c');
    expect(await log.count('a')).toBe(0);
    expect(await log.count('b')).toBe(1);
    expect(await log.count('c')).toBe(1);
  });
});

const available = await requireService('Redis', redactUrl(TEST_REDIS_URL), () =>
  redisAvailable(TEST_REDIS_URL),
);

describe.runIf(available)('Redis buckets', () => {
  const clients: Redis[] = [];
  const client = () => {
    const redis = new Redis(TEST_REDIS_URL);
    clients.push(redis);
    return redis;
  };
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit().catch(() => {})));
  });

  it('share one bucket between instances, with the same refill', async () => {
    const prefix = `sondeo-test-${randomBytes(4).toString('hex')}:`;
    const errors: unknown[] = [];
    const one = redisBuckets(client(), prefix, (e) => errors.push(e));
    const two = redisBuckets(client(), prefix, (e) => errors.push(e));
    expect(await one.take(spec, 'ip')).toBe(0);
    expect(await two.take(spec, 'ip')).toBe(0);
    expect(await one.take(spec, 'ip')).toBe(0);
    const wait = await two.take(spec, 'ip');
    expect(wait).toBeGreaterThan(0.4);
    expect(wait).toBeLessThanOrEqual(0.5);
    await new Promise((r) => setTimeout(r, wait * 1000 + 30));
    expect(await one.take(spec, 'ip')).toBe(0);
    // The key expires once the bucket would be full again.
    const ttl = await client().pttl(`${prefix}ip`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(3000);
    expect(errors).toEqual([]);
  });

  it('let requests through when Redis does not answer, and say so', async () => {
    const dead = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
    });
    dead.on('error', () => {});
    clients.push(dead);
    const errors: unknown[] = [];
    const buckets = redisBuckets(dead, 'x:', (e) => errors.push(e));
    expect(await takeMany(buckets, 'ip', 5)).toEqual([0, 0, 0, 0, 0]);
    expect(errors.length).toBe(5);
  });

  it('count refusals of every instance together', async () => {
    const prefix = `sondeo-test-${randomBytes(4).toString('hex')}:refused:`;
    const one = redisRefusals(client(), prefix, () => {});
    const two = redisRefusals(client(), prefix, () => {});
    one.add('poll');
    two.add('poll');
    one.add('other');
    await new Promise((r) => setTimeout(r, 100));
    expect(await two.count('poll')).toBe(2);
    expect(await one.count('nothing')).toBe(0);
  });
});
