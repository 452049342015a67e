import { createHash } from 'node:crypto';
import { LIVE_COALESCE_MS, type Poll, type Summary } from '../../contract/index.ts';
import { type PollContext, toPollView } from '../domain/poll-view.ts';
import { loadSummary } from '../domain/tally.ts';
import type { PollStore } from '../store/store.ts';
import type { ChangeBus, PollChange } from './change-bus.ts';
import { Refresher } from './refresher.ts';

/** A poll as the vote path and the stream need it, serialised once per change. */
export interface PollSnapshot extends PollContext {
  view: Poll;
  /** JSON of `view`, exactly as GET /polls/{slug} would send it. */
  json: string;
  /** Grows with every snapshot this cache makes, of any poll: newer is larger. */
  version: number;
}

export interface SummarySnapshot {
  summary: Summary;
  /** JSON of `summary`, exactly as GET /polls/{slug}/summary sends it. */
  json: string;
  /** Strong ETag: a hash of `json`, so equal content has an equal tag on every instance. */
  etag: string;
  version: number;
}

export interface LiveCacheOptions {
  /** Summaries are rebuilt at most once per window while votes flow. */
  windowMs?: number;
  maxPolls?: number;
}

/** Room for every poll of a busy day; each entry holds a poll and a summary of a few KB. */
const DEFAULT_MAX_POLLS = 1000;

interface Entry {
  poll: Refresher<PollSnapshot | undefined>;
  summary: Refresher<SummarySnapshot | undefined>;
}

/**
 * Polls and summaries in memory, kept current by the change bus: a poll snapshot until the poll
 * changes, a summary until its votes change, then rebuilt at most once per coalescing window
 * (Refresher). GET summary, the vote path and the live hub all read from here, so they cost
 * O(options) per window, not per request, and never O(votes).
 */
export class LiveCache {
  private readonly entries = new Map<string, Entry>();
  private readonly windowMs: number;
  private readonly maxPolls: number;
  private readonly unsubscribe: () => void;
  private version = 0;

  constructor(
    private readonly store: PollStore,
    bus: ChangeBus,
    options: LiveCacheOptions = {},
  ) {
    this.windowMs = options.windowMs ?? LIVE_COALESCE_MS;
    this.maxPolls = options.maxPolls ?? DEFAULT_MAX_POLLS;
    this.unsubscribe = bus.subscribe((change) => this.apply(change));
  }

  /** The poll with its questions; undefined for an unknown slug (not remembered). */
  async poll(slug: string): Promise<PollSnapshot | undefined> {
    const entry = this.entry(slug);
    const snapshot = await entry.poll.get();
    // A slug nobody created is not kept, so made-up slugs cannot fill the cache with misses.
    if (!snapshot) this.forget(slug, entry);
    return snapshot;
  }

  /** The summary as of this call (at most one coalescing window behind a flood of votes). */
  async summary(slug: string): Promise<SummarySnapshot | undefined> {
    const entry = this.entry(slug);
    const snapshot = await entry.summary.get();
    if (!snapshot) this.forget(slug, entry);
    return snapshot;
  }

  /** Marks what the change touched as stale. The bus calls it; so can a staleness guard. */
  apply(change: PollChange): void {
    const entry = this.entries.get(change.slug);
    if (!entry) return;
    // A poll change moves the summary too: title, status, questions and options are in it.
    if (change.kind === 'poll') entry.poll.invalidate();
    entry.summary.invalidate();
  }

  /** Slugs of the polls held here (for a staleness guard). */
  slugs(): IterableIterator<string> {
    return this.entries.keys();
  }

  close(): void {
    this.unsubscribe();
    for (const entry of this.entries.values()) {
      entry.poll.dispose();
      entry.summary.dispose();
    }
    this.entries.clear();
  }

  private entry(slug: string): Entry {
    let entry = this.entries.get(slug);
    if (entry) {
      // Least recently used goes first: re-inserting moves this one to the end.
      this.entries.delete(slug);
      this.entries.set(slug, entry);
      return entry;
    }
    entry = {
      // Poll changes are rare host actions that should show at once: no window.
      poll: new Refresher(() => this.loadPoll(slug), 0),
      summary: new Refresher(() => this.loadSummary(slug), this.windowMs),
    };
    this.entries.set(slug, entry);
    if (this.entries.size > this.maxPolls) {
      // Whoever still waits on the oldest entry gets its answer; only later reads miss.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return entry;
  }

  private forget(slug: string, entry: Entry): void {
    if (this.entries.get(slug) === entry) this.entries.delete(slug);
  }

  private async loadPoll(slug: string): Promise<PollSnapshot | undefined> {
    const poll = await this.store.getPollBySlug(slug);
    if (!poll) return undefined;
    const questions = await this.store.listQuestions(poll.id);
    const view = toPollView(poll, questions);
    return { poll, questions, view, json: JSON.stringify(view), version: ++this.version };
  }

  private async loadSummary(slug: string): Promise<SummarySnapshot | undefined> {
    const snapshot = await this.entry(slug).poll.get();
    if (!snapshot) return undefined;
    const summary = await loadSummary(this.store, snapshot.poll.id);
    if (!summary) return undefined;
    const json = JSON.stringify(summary);
    const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
    return { summary, json, etag, version: ++this.version };
  }
}
