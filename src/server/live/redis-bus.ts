import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { newRedis } from '../redis-client.ts';
import { type ChangeBus, createLocalBus, type PollChange } from './change-bus.ts';
import { VotesShards } from './votes-shards.ts';

export const DEFAULT_CHANNEL = 'sondeo:changes';
/** Reconnect backoff: a blip heals in ~100 ms, a long outage costs one attempt every 5 s. */
const RETRY_BASE_MS = 100;
const RETRY_MAX_MS = 5000;
/** A Redis that does not complete the handshake by then counts as down (and is retried). */
const CONNECT_TIMEOUT_MS = 2000;
/** Slugs remembered while publishing is impossible, sent when Redis returns. Past this many
 *  (a long outage on a huge deployment) the rest are dropped: the staleness guard of each
 *  instance still refreshes its open streams, only idle caches may lag until their next change. */
const MAX_UNSENT = 10_000;
/** One Redis message carries at most this many changes, so a replay stays a few small frames. */
const MAX_CHANGES_PER_MESSAGE = 500;
/**
 * An instance sends at most one message per this many ms: the first change after a quiet spell
 * goes at once, those that follow within the spell wait for its end, one message for them all.
 * Sent once per event-loop turn, a hot poll cost every other instance a message to parse per
 * turn of this one (several hundred a second each) and Redis a PUBLISH per turn: with 3
 * instances that was ~13–18 µs of Redis CPU per ballot (issue 29). Streams redraw at most every
 * LIVE_COALESCE_MS (200) anyway, so 20 ms more for the other instances' phones is not seen.
 */
export const REMOTE_NOTICE_MS = 20;

const MessageSchema = z.object({
  from: z.string(),
  changes: z
    .array(z.object({ slug: z.string(), kind: z.enum(['poll', 'votes', 'qa', 'cohosts']) }))
    .max(MAX_CHANGES_PER_MESSAGE),
});

/** Whether changes of other instances are arriving; the staleness guard watches it. */
export interface BusConnection {
  isConnected(): boolean;
  /** Called each time the state flips; returns the unsubscribe function. */
  onConnectionChange(listener: (connected: boolean) => void): () => void;
}

export interface RedisBus extends ChangeBus, BusConnection {
  readonly instanceId: string;
  /** Resolves true once connected, or false after `timeoutMs` (the bus keeps trying). */
  waitUntilConnected(timeoutMs: number): Promise<boolean>;
}

export interface RedisBusOptions {
  url: string;
  /** Instances that should see each other's changes share a channel; tests use their own. */
  channel?: string;
  /** Tells this instance's messages from the others'; random unless given. */
  instanceId?: string;
  /** Where the once-per-outage messages go. */
  log?: (message: string) => void;
}

/**
 * A ChangeBus that also carries changes between instances over Redis pub/sub. Local listeners
 * get a change at once, as with the local bus; Redis only forwards it to the other instances,
 * which ignore nothing but their own echo. Redis being down never blocks or fails a publish:
 * the change still reaches local listeners, the slug is remembered and re-sent on reconnect,
 * and the outage is logged once, not once per message.
 */
export function createRedisBus(options: RedisBusOptions): RedisBus {
  const channel = options.channel ?? DEFAULT_CHANNEL;
  const instanceId = options.instanceId ?? randomBytes(6).toString('hex');
  const log = options.log ?? ((message: string) => console.warn(message));
  const where = describe(options.url);

  const connection = {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Never queue while down: a publish then fails at once instead of piling up in memory,
    // and a command caught by a dropped connection fails rather than being retried later.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Resubscribing is done here on every 'ready', so "connected" means "subscribed".
    autoResubscribe: false,
    retryStrategy: (times: number) =>
      Math.min(RETRY_BASE_MS * 2 ** Math.min(times - 1, 10), RETRY_MAX_MS) +
      // Jitter, so N instances do not reconnect to a restarted Redis in lockstep.
      Math.floor(Math.random() * RETRY_BASE_MS),
  };
  const pub = newRedis(options.url, { ...connection, connectionName: `sondeo-pub-${instanceId}` });
  const sub = newRedis(options.url, { ...connection, connectionName: `sondeo-sub-${instanceId}` });

  const stateListeners = new Set<(connected: boolean) => void>();
  let subscribed = false;
  let connected = false;
  let closed = false;
  /** Set while an outage has been logged, so it is logged once; when it started. */
  let outageSince: number | undefined;
  let lastError = '';
  /** Changes not kept for the replay because MAX_UNSENT was reached, reported on recovery. */
  let dropped = 0;

  // Listeners in this process: what the local bus does, for local and remote changes alike.
  const local = createLocalBus();
  // Votes changes go on the poll's shard channel, heard only by instances watching it; the
  // other kinds (rare host actions) on the one channel every instance hears.
  const shards = new VotesShards(sub, channel, (slug) => local.publish({ slug, kind: 'votes' }));

  const updateState = () => {
    // Closing is not an outage: nobody is told, nothing is logged.
    if (closed) return;
    const now = subscribed && pub.status === 'ready';
    if (now === connected) return;
    connected = now;
    if (now) {
      const replayed = resend();
      if (outageSince !== undefined) {
        const seconds = ((Date.now() - outageSince) / 1000).toFixed(1);
        log(
          `Redis ${where}: back after ${seconds} s; ${replayed} poll change(s) re-sent` +
            `${dropped ? `, ${dropped} beyond the ${MAX_UNSENT} kept` : ''}.`,
        );
      }
      outageSince = undefined;
      dropped = 0;
    } else {
      reportDown();
    }
    for (const listener of stateListeners) listener(now);
  };

  const reportDown = () => {
    if (closed || outageSince !== undefined) return;
    outageSince = Date.now();
    log(
      `Redis ${where} unavailable${lastError ? ` (${lastError})` : ''}: votes are still ` +
        'accepted; open streams refresh from the database until it returns. Retrying.',
    );
  };

  for (const client of [pub, sub]) {
    client.on('error', (error: Error) => {
      lastError = error.message;
      // A connection that never came up emits no state flip; its first error is the outage.
      if (!connected) reportDown();
    });
    client.on('close', updateState);
    client.on('ready', updateState);
  }
  sub.on('close', () => {
    subscribed = false;
    shards.disconnected();
    updateState();
  });
  sub.on('ready', () => {
    // Connected means every watched shard is subscribed too (shards.resubscribe never throws).
    Promise.all([sub.subscribe(channel), shards.resubscribe()]).then(
      () => {
        subscribed = true;
        updateState();
      },
      // The connection died between 'ready' and SUBSCRIBE; the next 'ready' tries again.
      (error: Error) => {
        lastError = error.message;
      },
    );
  });
  sub.on('message', (from: string, raw: string) => {
    if (from !== channel && !shards.carries(from)) return;
    const message = parse(raw);
    if (!message || message.from === instanceId) return;
    for (const change of message.changes) local.publish(change);
  });

  // Changes are batched per event-loop turn and deduplicated: a burst of votes on one poll is
  // one PUBLISH, not one per vote, and receivers coalesce anyway.
  const pending = new Map<string, PollChange>();
  const unsent = new Map<string, PollChange>();
  let flushScheduled = false;
  /** When the last message left (ms since the epoch); 0: never. */
  let lastSent = 0;
  const keyOf = (change: PollChange) => `${change.kind}\u0000${change.slug}`;

  const flush = () => {
    flushScheduled = false;
    if (pending.size === 0) return;
    lastSent = Date.now();
    const changes = [...pending.values()];
    pending.clear();
    send(changes);
  };

  const send = (changes: PollChange[]) => {
    if (pub.status !== 'ready') return remember(changes);
    const byChannel = new Map<string, PollChange[]>();
    for (const change of changes) {
      const to = change.kind === 'votes' ? shards.channelOf(change.slug) : channel;
      const list = byChannel.get(to);
      if (list) list.push(change);
      else byChannel.set(to, [change]);
    }
    for (const [to, list] of byChannel) {
      for (let i = 0; i < list.length; i += MAX_CHANGES_PER_MESSAGE) {
        const part = list.slice(i, i + MAX_CHANGES_PER_MESSAGE);
        pub
          .publish(to, JSON.stringify({ from: instanceId, changes: part }))
          .catch(() => remember(part));
      }
    }
  };

  // Logging happens on the connection's events, once per outage; a publish meanwhile only
  // remembers its slug.
  const remember = (changes: PollChange[]) => {
    for (const change of changes) {
      if (unsent.size < MAX_UNSENT || unsent.has(keyOf(change))) unsent.set(keyOf(change), change);
      else dropped++;
    }
  };

  const resend = (): number => {
    const changes = [...unsent.values()];
    unsent.clear();
    if (changes.length > 0) send(changes);
    return changes.length;
  };

  pub.connect().catch(() => {});
  sub.connect().catch(() => {});

  return {
    instanceId,
    publish(change) {
      local.publish(change);
      if (closed) return;
      pending.set(keyOf(change), change);
      if (!flushScheduled) {
        flushScheduled = true;
        // After a quiet spell at the end of this turn (changes of one turn share a message);
        // during a busy one when the spell's REMOTE_NOTICE_MS are over.
        const wait = lastSent + REMOTE_NOTICE_MS - Date.now();
        if (wait <= 0) setImmediate(flush);
        else setTimeout(flush, wait);
      }
    },
    subscribe: (listener) => local.subscribe(listener),
    othersArriveLate: true,
    watchVotes: (slug) => (closed ? () => {} : shards.watch(slug)),
    isConnected: () => connected,
    onConnectionChange(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    waitUntilConnected(timeoutMs) {
      if (connected) return Promise.resolve(true);
      return new Promise((resolve) => {
        const onChange = (now: boolean) => {
          if (!now) return;
          clearTimeout(timer);
          stateListeners.delete(onChange);
          resolve(true);
        };
        const timer = setTimeout(() => {
          stateListeners.delete(onChange);
          resolve(false);
        }, timeoutMs);
        stateListeners.add(onChange);
      });
    },
    async close() {
      if (closed) return;
      // The last batch (votes acknowledged just before shutdown) still goes out.
      flush();
      closed = true;
      await local.close();
      stateListeners.clear();
      await Promise.allSettled([quit(pub), quit(sub)]);
      connected = false;
    },
  };
}

/** QUIT waits for replies already due (the last PUBLISH); a dead connection is just dropped. */
async function quit(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    await client.quit().catch(() => client.disconnect());
  } else {
    client.disconnect();
  }
}

function parse(raw: string): z.infer<typeof MessageSchema> | undefined {
  try {
    const result = MessageSchema.safeParse(JSON.parse(raw));
    return result.success ? result.data : undefined;
  } catch {
    // Not ours (someone else on the channel): ignored like any foreign message.
    return undefined;
  }
}

/** host:port of the Redis URL, without credentials, for log lines. */
function describe(url: string): string {
  try {
    const { host } = new URL(url);
    return host || url;
  } catch {
    return 'URL';
  }
}
