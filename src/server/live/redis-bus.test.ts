import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  redactUrl,
  redisAvailable,
  requireService,
  TEST_REDIS_URL,
} from '../../../tests/helpers/services.ts';
import { startTcpProxy } from '../../../tests/helpers/tcp-proxy.ts';
import type { PollChange } from './change-bus.ts';
import { createRedisBus, REMOTE_NOTICE_MS, type RedisBus } from './redis-bus.ts';

const url = TEST_REDIS_URL;
const available = await requireService('Redis', redactUrl(url), () => redisAvailable(url));

/** A channel per file run: other runs and files on the same Redis never see these messages. */
const channel = `sondeo:test:${randomBytes(5).toString('hex')}`;
const buses: RedisBus[] = [];
let admin: Redis | undefined;

function bus(options: { url?: string; log?: (message: string) => void } = {}): RedisBus {
  const created = createRedisBus({ url, channel, log: () => {}, ...options });
  buses.push(created);
  return created;
}

function record(b: RedisBus): PollChange[] {
  const seen: PollChange[] = [];
  b.subscribe((change) => seen.push(change));
  return seen;
}

/** Kills one named connection of ours, not every pub/sub client of a shared Redis. */
async function kill(connectionName: string): Promise<void> {
  admin ??= new Redis(url);
  const list = await admin.client('LIST');
  const line = String(list)
    .split('\n')
    .find((l) => l.includes(` name=${connectionName} `));
  const id = line?.match(/\bid=(\d+)/)?.[1];
  if (!id) throw new Error(`no Redis connection named ${connectionName}`);
  await admin.client('KILL', 'ID', id);
}

const quiet = () => new Promise((r) => setTimeout(r, 150));

/** Makes `b` watch the poll's votes and waits until the watch is in force: the bus then tells
 *  its listeners once (for a read made before), which this swallows. */
async function watching(b: RedisBus, slug: string): Promise<() => void> {
  const seen: PollChange[] = [];
  const off = b.subscribe((change) => seen.push(change));
  const release = b.watchVotes(slug);
  await vi.waitFor(() => expect(seen).toContainEqual({ slug, kind: 'votes' }));
  off();
  return release;
}

afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
});
afterAll(async () => {
  await admin?.quit();
});

describe.runIf(available)('redis bus', () => {
  it('carries a change to the other instance, and an instance hears its own only once', async () => {
    const a = bus();
    const b = bus();
    expect(await a.waitUntilConnected(5000)).toBe(true);
    expect(await b.waitUntilConnected(5000)).toBe(true);
    await watching(b, 'abc12345');
    const [seenA, seenB] = [record(a), record(b)];

    a.publish({ slug: 'abc12345', kind: 'votes' });
    // Local delivery does not wait for Redis.
    expect(seenA).toEqual([{ slug: 'abc12345', kind: 'votes' }]);
    await vi.waitFor(() => expect(seenB).toEqual([{ slug: 'abc12345', kind: 'votes' }]));
    await quiet();
    expect(seenA).toHaveLength(1);
    expect(seenB).toHaveLength(1);
  });

  it('sends a burst of changes in one turn as one message per distinct change', async () => {
    const a = bus();
    const b = bus();
    await Promise.all([a.waitUntilConnected(5000), b.waitUntilConnected(5000)]);
    await watching(b, 'burst123');
    const [seenA, seenB] = [record(a), record(b)];
    for (let i = 0; i < 100; i++) a.publish({ slug: 'burst123', kind: 'votes' });
    a.publish({ slug: 'burst123', kind: 'poll' });
    expect(seenA).toHaveLength(101);
    await vi.waitFor(() => expect(seenB).toHaveLength(2));
    await quiet();
    expect(seenB).toEqual([
      { slug: 'burst123', kind: 'votes' },
      { slug: 'burst123', kind: 'poll' },
    ]);
  });

  it('sends a hot poll’s changes of many turns as one message per REMOTE_NOTICE_MS, the first at once', async () => {
    const a = bus();
    const b = bus();
    await Promise.all([a.waitUntilConnected(5000), b.waitUntilConnected(5000)]);
    await watching(b, 'first123');
    await watching(b, 'hot12345');
    // What goes out on the channels (votes on their shards), counted by a plain subscriber.
    const spy = new Redis(url);
    let messages = 0;
    spy.on('pmessage', () => messages++);
    await spy.psubscribe(`${channel}*`);
    const seenB = record(b);
    const started = Date.now();
    a.publish({ slug: 'first123', kind: 'votes' });
    await vi.waitFor(() => expect(seenB).toHaveLength(1), { interval: 1 });
    // A lone change after a quiet spell is not held back.
    expect(Date.now() - started).toBeLessThan(REMOTE_NOTICE_MS + 50);
    // A ballot every turn for ~100 ms: one message per turn before, ≤ ~6 now.
    const until = Date.now() + 5 * REMOTE_NOTICE_MS;
    while (Date.now() < until) {
      a.publish({ slug: 'hot12345', kind: 'votes' });
      await new Promise((r) => setImmediate(r));
    }
    await quiet();
    expect(messages).toBeGreaterThanOrEqual(2);
    expect(messages).toBeLessThanOrEqual(8);
    // The other instance still hears the change (once per message, the last one included).
    expect(seenB.at(-1)).toEqual({ slug: 'hot12345', kind: 'votes' });
    spy.disconnect();
  });

  it('resubscribes after its subscriber connection is killed, reporting the flips', async () => {
    const a = bus();
    const b = bus();
    await Promise.all([a.waitUntilConnected(5000), b.waitUntilConnected(5000)]);
    const flips: boolean[] = [];
    b.onConnectionChange((connected) => flips.push(connected));
    await watching(b, 'after123');
    const seenB = record(b);

    await kill(`sondeo-sub-${b.instanceId}`);
    await vi.waitFor(() => expect(flips).toEqual([false, true]), { timeout: 5000 });
    expect(b.isConnected()).toBe(true);
    a.publish({ slug: 'after123', kind: 'poll' });
    await vi.waitFor(() => expect(seenB).toEqual([{ slug: 'after123', kind: 'poll' }]));
    // The watched poll's votes shard was subscribed again before "connected".
    a.publish({ slug: 'after123', kind: 'votes' });
    await vi.waitFor(() => expect(seenB).toContainEqual({ slug: 'after123', kind: 'votes' }));
  });

  it('re-sends what was published while its publisher connection was down', async () => {
    const a = bus();
    const b = bus();
    await Promise.all([a.waitUntilConnected(5000), b.waitUntilConnected(5000)]);
    await watching(b, 'during12');
    const seenB = record(b);
    await kill(`sondeo-pub-${a.instanceId}`);
    await vi.waitFor(() => expect(a.isConnected()).toBe(false));
    a.publish({ slug: 'during12', kind: 'votes' });
    await vi.waitFor(() => expect(seenB).toEqual([{ slug: 'during12', kind: 'votes' }]), {
      timeout: 5000,
    });
  });

  it('keeps working locally through a Redis outage, logs it once, and catches up after', async () => {
    const proxy = await startTcpProxy(hostPort(url));
    const logs: string[] = [];
    const a = bus({ url: proxy.url('redis'), log: (m) => logs.push(m) });
    const b = bus();
    await Promise.all([a.waitUntilConnected(5000), b.waitUntilConnected(5000)]);
    await watching(b, 'down0xyz');
    await watching(b, 'down1xyz');
    const [seenA, seenB] = [record(a), record(b)];

    await proxy.cut();
    await vi.waitFor(() => expect(a.isConnected()).toBe(false));
    for (let i = 0; i < 20; i++) a.publish({ slug: `down${i % 2}xyz`, kind: 'votes' });
    expect(seenA).toHaveLength(20);
    // Several reconnect attempts fail meanwhile; the outage is still one line.
    await new Promise((r) => setTimeout(r, 800));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/unavailable/);
    expect(seenB).toEqual([]);

    await proxy.restore();
    expect(await a.waitUntilConnected(8000)).toBe(true);
    await vi.waitFor(() => expect(seenB).toHaveLength(2));
    expect(new Set(seenB.map((c) => c.slug))).toEqual(new Set(['down0xyz', 'down1xyz']));
    expect(logs[1]).toMatch(/back after .* 2 poll change/);
    await proxy.close();
  });

  it('never blocks or throws when Redis is not there, and closes at once', async () => {
    const logs: string[] = [];
    const a = bus({ url: 'redis://127.0.0.1:1', log: (m) => logs.push(m) });
    const seenA = record(a);
    expect(await a.waitUntilConnected(300)).toBe(false);
    a.publish({ slug: 'nowhere1', kind: 'poll' });
    expect(seenA).toEqual([{ slug: 'nowhere1', kind: 'poll' }]);
    expect(logs).toHaveLength(1);
    const started = Date.now();
    await a.close();
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('ignores foreign messages on its channel', async () => {
    const b = bus();
    await b.waitUntilConnected(5000);
    const seenB = record(b);
    admin ??= new Redis(url);
    await admin.publish(channel, 'not json');
    await admin.publish(channel, JSON.stringify({ from: 'x', changes: [{ slug: 1 }] }));
    await admin.publish(
      channel,
      JSON.stringify({ from: 'x', changes: [{ slug: 'ok123456', kind: 'votes' }] }),
    );
    await vi.waitFor(() => expect(seenB).toEqual([{ slug: 'ok123456', kind: 'votes' }]));
  });

  it('sends votes changes only to instances watching the poll, every other kind to all', async () => {
    const a = bus();
    const b = bus();
    await Promise.all([a.waitUntilConnected(5000), b.waitUntilConnected(5000)]);
    const seenB = record(b);
    a.publish({ slug: 'unwatch1', kind: 'votes' });
    a.publish({ slug: 'unwatch1', kind: 'poll' });
    await vi.waitFor(() => expect(seenB).toEqual([{ slug: 'unwatch1', kind: 'poll' }]));
    await quiet();
    // Neither received nor parsed: B holds nothing the votes change.
    expect(seenB).toEqual([{ slug: 'unwatch1', kind: 'poll' }]);

    // Watching: told once when the watch is in force (a read made before it may be stale)…
    const release = b.watchVotes('unwatch1');
    await vi.waitFor(() => expect(seenB).toHaveLength(2));
    expect(seenB[1]).toEqual({ slug: 'unwatch1', kind: 'votes' });
    // … then every votes change of the poll arrives.
    a.publish({ slug: 'unwatch1', kind: 'votes' });
    await vi.waitFor(() => expect(seenB).toHaveLength(3));
    expect(seenB[2]).toEqual({ slug: 'unwatch1', kind: 'votes' });

    // Released: no longer delivered (the shard is unsubscribed).
    release();
    await quiet();
    a.publish({ slug: 'unwatch1', kind: 'votes' });
    await quiet();
    expect(seenB).toHaveLength(3);
  });

  it('keeps a shard while any of its watches holds, and a new watch after a release works', async () => {
    const a = bus();
    const b = bus();
    await Promise.all([a.waitUntilConnected(5000), b.waitUntilConnected(5000)]);
    const first = await watching(b, 'twice123');
    // Its shard is subscribed already: in force at once, nothing to tell.
    const second = b.watchVotes('twice123');
    first();
    const seenB = record(b);
    a.publish({ slug: 'twice123', kind: 'votes' });
    await vi.waitFor(() => expect(seenB).toEqual([{ slug: 'twice123', kind: 'votes' }]));
    // Released and watched again in one turn: the answer to the old SUBSCRIBE or the
    // UNSUBSCRIBE crossing them must not leave the shard unsubscribed.
    second();
    const third = b.watchVotes('twice123');
    await vi.waitFor(() => expect(seenB).toHaveLength(2));
    await quiet();
    a.publish({ slug: 'twice123', kind: 'votes' });
    await vi.waitFor(() => expect(seenB).toHaveLength(3));
    third();
  });

  it('quits both connections on close', async () => {
    const a = bus();
    await a.waitUntilConnected(5000);
    await a.close();
    admin ??= new Redis(url);
    const list = String(await admin.client('LIST'));
    expect(list).not.toContain(a.instanceId);
  });
});

function hostPort(redisUrl: string): { host: string; port: number } {
  const { hostname, port } = new URL(redisUrl);
  return { host: hostname || '127.0.0.1', port: Number(port || 6379) };
}
