import type { Redis } from 'ioredis';

/**
 * Votes changes travel between instances on this many channels, a poll's picked by a hash of
 * its slug; an instance subscribes only to the shards of the polls it watches
 * (ChangeBus.watchVotes: a summary held, streams that see results). On one channel every
 * instance received and parsed every other instance's ballot notices, whether it held anything
 * they change or not (issue 29: 6,422 messages received at 3 instances, none needed by the
 * instances holding only phones' streams). Not a limit: every instance of a deployment must
 * split alike, so the number is part of the wire format, like the channel name. 1,024 keeps
 * strangers' notices few (an instance watching 100 polls shares a shard with ~10 % of the
 * others) and bounds what an instance subscribes to, whatever the number of polls.
 */
export const VOTES_SHARDS = 1024;

/** FNV-1a of the slug, modulo the shards: the same on every instance, cheap, well spread. */
export function votesShardOf(slug: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < slug.length; i++) {
    hash ^= slug.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % VOTES_SHARDS;
}

/**
 * The subscriptions of one instance to the votes shards. A watch counts against its shard;
 * the first subscribes, the last release unsubscribes. A read made before its shard's
 * subscription was in force may miss a change published meanwhile, so once it is (SUBSCRIBE
 * answered: Redis delivers every later PUBLISH), each slug watched while waiting gets a `votes`
 * change of its own, which invalidates what was read.
 */
export class VotesShards {
  /** Shard → watches in force. */
  private readonly watches = new Map<number, number>();
  /** Shards whose SUBSCRIBE was answered on the current connection. */
  private readonly subscribed = new Set<number>();
  /** Slugs watched while their shard was not subscribed yet: they get a change once it is. */
  private readonly waiting = new Map<number, Set<string>>();
  /** Bumped by every SUBSCRIBE and UNSUBSCRIBE of a shard: only the latest one's answer counts
   *  (a release and a new watch may cross an answer still on its way). */
  private readonly generations = new Map<number, number>();
  private readonly prefix: string;

  constructor(
    private readonly sub: Redis,
    channel: string,
    private readonly deliver: (slug: string) => void,
  ) {
    this.prefix = `${channel}:votes:`;
  }

  channelOf(slug: string): string {
    return this.prefix + votesShardOf(slug);
  }

  /** Whether a message's channel is one of the shards (not necessarily watched). */
  carries(channel: string): boolean {
    return channel.startsWith(this.prefix);
  }

  watch(slug: string): () => void {
    const shard = votesShardOf(slug);
    const count = (this.watches.get(shard) ?? 0) + 1;
    this.watches.set(shard, count);
    if (!this.subscribed.has(shard)) {
      const slugs = this.waiting.get(shard) ?? new Set<string>();
      slugs.add(slug);
      this.waiting.set(shard, slugs);
      // Down: the next 'ready' subscribes every watched shard (resubscribe()).
      if (count === 1 && this.sub.status === 'ready') void this.subscribe([shard]);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release(shard);
    };
  }

  /** On every 'ready' of the subscriber: the watched shards again. Resolves once answered. */
  resubscribe(): Promise<void> {
    return this.subscribe([...this.watches.keys()]);
  }

  /** The subscriber's connection closed: no shard is subscribed any more. */
  disconnected(): void {
    this.subscribed.clear();
  }

  /** Shards subscribed now (tests, diagnostics). */
  get size(): number {
    return this.subscribed.size;
  }

  private release(key: number): void {
    const left = (this.watches.get(key) ?? 1) - 1;
    if (left > 0) {
      this.watches.set(key, left);
      return;
    }
    this.watches.delete(key);
    this.waiting.delete(key);
    this.subscribed.delete(key);
    this.bump(key);
    if (this.sub.status === 'ready') this.sub.unsubscribe(this.prefix + key).catch(() => {});
  }

  private bump(shard: number): number {
    const generation = (this.generations.get(shard) ?? 0) + 1;
    this.generations.set(shard, generation);
    return generation;
  }

  private async subscribe(shards: number[]): Promise<void> {
    if (shards.length === 0) return;
    const asked = shards.map((shard) => [shard, this.bump(shard)] as const);
    try {
      await this.sub.subscribe(...shards.map((shard) => this.prefix + shard));
    } catch {
      // The connection died meanwhile; its next 'ready' subscribes again.
      return;
    }
    for (const [shard, generation] of asked) {
      if (this.generations.get(shard) !== generation || !this.watches.has(shard)) continue;
      this.subscribed.add(shard);
      const slugs = this.waiting.get(shard);
      this.waiting.delete(shard);
      for (const slug of slugs ?? []) this.deliver(slug);
    }
  }
}
