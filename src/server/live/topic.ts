import { withNow } from '../domain/poll-view.ts';
import type { PollSnapshot, SummarySnapshot } from './cache.ts';
import type { QaSnapshot } from './qa-feed.ts';
import type { SseClient } from './sse.ts';

/** The streams of one poll. */
export interface Topic {
  slug: string;
  clients: Set<SseClient>;
  /** The clients allowed to see results, so a private poll costs nothing per vote. */
  seers: Set<SseClient>;
  /** The host's streams: the only ones told about presence. */
  hosts: Set<SseClient>;
  /** Participant id → that participant's open participation streams (tabs count once). */
  present: Map<string, number>;
  /** The count last told to the hosts, when, and the pending coalesced send. */
  presenceSent: number;
  presenceSentAt: number;
  presenceTimer?: NodeJS.Timeout;
  /** Last event id given out: strictly increasing, and at least the clock in ms, so ids keep
   *  growing across restarts and instances without any coordination. */
  lastId: number;
  /** The newest snapshots sent to this topic. */
  poll?: PollSnapshot;
  summary?: SummarySnapshot;
  qa?: QaSnapshot;
  /** The scoring moment (PlayerFrames.scoredAt) whose `player` frames were sent. */
  scoredAt?: string;
  /** Releases the bus's watch of the poll's votes, held while the topic has seers. */
  releaseVotes?: () => void;
}

export function newTopic(slug: string): Topic {
  return {
    slug,
    clients: new Set(),
    seers: new Set(),
    hosts: new Set(),
    present: new Map(),
    presenceSent: 0,
    presenceSentAt: 0,
    lastId: 0,
  };
}

/** The topic's next event id: strictly increasing, and never behind the clock. */
export function nextId(topic: Topic): number {
  topic.lastId = Math.max(topic.lastId + 1, Date.now());
  return topic.lastId;
}

export function newer<T extends { version: number }>(
  a: T | undefined,
  b: T | undefined,
): T | undefined {
  if (!a) return b;
  if (!b) return a;
  return a.version >= b.version ? a : b;
}

const EPOCH = new Date(0);

/** Two serialised poll views that differ at most in `now`. */
export function sameView(a: string, b: string): boolean {
  return a === b || withNow(a, EPOCH) === withNow(b, EPOCH);
}
