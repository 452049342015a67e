import { questionsPartOf, toPollView } from '../domain/poll-view.ts';
import { loadSummaries, type TextParts } from '../domain/tally.ts';
import { DEFAULT_LIMITS } from '../limits.ts';
import { rebuildClock } from '../shared-clock.ts';
import type { PollStore } from '../store/store.ts';
import type { ChangeBus, PollChange } from './change-bus.ts';
import { AdaptiveWindow, type WindowPolicy } from './coalescing-window.ts';
import { Refresher } from './refresher.ts';
import {
  type Paid,
  type PollSnapshot,
  type SummarySnapshot,
  snapshotBytes,
  viewOf,
} from './snapshots.ts';

export {
  type Paid,
  type PollSnapshot,
  type SummarySnapshot,
  type SummaryView,
  snapshotBytes,
  summaryViewFor,
} from './snapshots.ts';

/** One turn of the event loop: its I/O (a ballot, a /health probe) runs before what follows. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface LiveCacheOptions {
  /** Summaries are rebuilt at most once per window while votes flow. A number fixes the window;
   *  by default it follows the cost of a frame (coalescing-window.ts). */
  windowMs?: number;
  windowPolicy?: WindowPolicy;
  /** Most polls held, whatever their size. */
  maxPolls?: number;
  /** Most bytes held (estimated, see snapshotBytes); LIVE_CACHE_MB in limits.ts. */
  maxBytes?: number;
}

/** Many small polls cost a Map entry and two refreshers each even when tiny. */
const DEFAULT_MAX_POLLS = 10_000;
/** A poll bigger than this share of the budget is served uncached: it would evict everything. */
const LARGEST_SHARE = 4;

interface Entry {
  poll: Refresher<PollSnapshot | undefined>;
  summary: Refresher<SummarySnapshot | undefined>;
  /** Bytes of the snapshots last loaded into this entry. */
  pollBytes: number;
  summaryBytes: number;
  window: AdaptiveWindow;
  /** The open-text questions' parts of the last summary, and which of them changed since: a
   *  ballot rebuilds only the clouds it answered. */
  textParts?: TextParts;
  textsChanged: Set<number> | 'all';
  /** How long the last loads took, from their start to their end (what a read that caused
   *  one pays, http/read-cost.ts). */
  pollLoadMs: number;
  summaryLoadMs: number;
  /** Releases the bus's watch of the poll's votes, taken when its summary is first read. */
  releaseVotes?: () => void;
}

/**
 * Polls and summaries in memory, kept current by the change bus: a poll snapshot until the poll
 * changes, a summary until its votes change, then rebuilt at most once per coalescing window
 * (Refresher). GET summary, the vote path and the live hub all read from here, so they cost
 * O(options) per window, not per request, and never O(votes).
 */
export class LiveCache {
  private readonly entries = new Map<string, Entry>();
  private readonly windowMs: number | undefined;
  private readonly windowPolicy: WindowPolicy | undefined;
  private readonly maxPolls: number;
  private readonly maxBytes: number;
  private readonly unsubscribe: () => void;
  private version = 0;
  private bytes = 0;

  constructor(
    private readonly store: PollStore,
    private readonly bus: ChangeBus,
    options: LiveCacheOptions = {},
  ) {
    this.windowMs = options.windowMs;
    this.windowPolicy = options.windowPolicy;
    this.maxPolls = options.maxPolls ?? DEFAULT_MAX_POLLS;
    this.maxBytes = options.maxBytes ?? DEFAULT_LIMITS.LIVE_CACHE_MB * 1024 * 1024;
    this.unsubscribe = bus.subscribe((change) => this.apply(change));
  }

  /** The poll with its questions; undefined for an unknown slug (not remembered). */
  async poll(slug: string): Promise<PollSnapshot | undefined> {
    return (await this.pollPaid(slug)).snapshot;
  }

  /** As poll(), with what building it cost if this call caused it. */
  async pollPaid(slug: string): Promise<Paid<PollSnapshot>> {
    const entry = this.entry(slug);
    const { value, caused } = entry.poll.request();
    const snapshot = await value;
    // A slug nobody created is not kept, so made-up slugs cannot fill the cache with misses.
    if (!snapshot) this.forget(slug, entry);
    return { snapshot, builtMs: caused ? entry.pollLoadMs : 0 };
  }

  /** As summary(), with what building it cost if this call caused it. */
  async summaryPaid(slug: string): Promise<Paid<SummarySnapshot>> {
    const entry = this.entry(slug);
    // Before the read: other instances' votes must invalidate what it keeps (change-bus.ts).
    entry.releaseVotes ??= this.bus.watchVotes(slug);
    const { value, caused } = entry.summary.request();
    const snapshot = await value;
    if (!snapshot) this.forget(slug, entry);
    return { snapshot, builtMs: caused ? entry.summaryLoadMs : 0 };
  }

  /** Whether poll(slug) would answer without a load. */
  pollFresh(slug: string): boolean {
    return this.entries.get(slug)?.poll.fresh ?? false;
  }

  /**
   * The poll row as of now, without caching anything new: from the cache when it holds a
   * current snapshot, else straight from the store. For checks that may refuse (results of a
   * private poll), so a refused request never fills the cache.
   */
  async pollRow(slug: string): Promise<PollSnapshot['poll'] | undefined> {
    const cached = this.entries.get(slug)?.poll.peek();
    if (cached) return cached.poll;
    return this.store.getPollBySlug(slug);
  }

  /**
   * The summary read after this call, for a stream's first frame: a phone that reconnects after
   * its instance died, or opens the results after voting on another one, has seen ballots
   * acknowledged whose notices may still be on their way here (ChangeBus.othersArriveLate).
   * Every caller of one coalescing window shares one rebuild, so a hall moving over costs a
   * rebuild per window, not one per phone; the caller that caused it is told what it cost, to
   * charge it (http/read-cost.ts). With a bus that delivers every change before its request is
   * answered, the cached summary is current already.
   */
  async currentSummaryPaid(slug: string): Promise<Paid<SummarySnapshot>> {
    if (this.bus.othersArriveLate) this.apply({ slug, kind: 'votes' });
    return this.summaryPaid(slug);
  }

  /** Whether summary(slug) would answer without a rebuild. */
  summaryFresh(slug: string): boolean {
    return this.entries.get(slug)?.summary.fresh ?? false;
  }

  /** Estimated bytes held (for tests and diagnostics). */
  get heldBytes(): number {
    return this.bytes;
  }

  /** The summary as of this call (at most one coalescing window behind a flood of votes). */
  async summary(slug: string): Promise<SummarySnapshot | undefined> {
    return (await this.summaryPaid(slug)).snapshot;
  }

  /** Marks what the change touched as stale. The bus calls it; so can a staleness guard. */
  apply(change: PollChange): void {
    const entry = this.entries.get(change.slug);
    // Audience questions are neither the poll nor its summary (live/qa-feed.ts keeps them);
    // co-host links are in neither.
    if (!entry || change.kind === 'qa' || change.kind === 'cohosts') return;
    // A poll change moves the summary too: title, status, questions and options are in it.
    if (change.kind === 'poll') entry.poll.invalidate();
    // Only a ballot names its text questions; anything else (moderation, a reset, an edit, a
    // change from another instance) rebuilds every cloud.
    if (change.kind === 'poll' || !change.textQuestionIds) entry.textsChanged = 'all';
    else if (entry.textsChanged !== 'all') {
      for (const id of change.textQuestionIds) entry.textsChanged.add(id);
    }
    entry.summary.invalidate();
  }

  /** The hub's report of a summary broadcast: the window follows what a frame costs. */
  recordBroadcast(slug: string, ms: number, streams: number): void {
    this.entries.get(slug)?.window.recordBroadcast(ms, streams);
  }

  /** The hub's count of streams that get summaries. */
  recordStreams(slug: string, streams: number): void {
    this.entries.get(slug)?.window.setStreams(streams);
  }

  /** Slugs of the polls held here (for a staleness guard). */
  slugs(): IterableIterator<string> {
    return this.entries.keys();
  }

  close(): void {
    this.unsubscribe();
    for (const entry of this.entries.values()) {
      entry.releaseVotes?.();
      entry.poll.dispose();
      entry.summary.dispose();
    }
    this.entries.clear();
    this.bytes = 0;
  }

  private entry(slug: string): Entry {
    const entry = this.entries.get(slug);
    if (entry) {
      // Least recently used goes first: re-inserting moves this one to the end.
      this.entries.delete(slug);
      this.entries.set(slug, entry);
      return entry;
    }
    const window = new AdaptiveWindow(this.windowPolicy);
    const created: Entry = {
      // Poll changes are rare host actions that should show at once: no window.
      poll: new Refresher(
        () => this.timed(created, 'pollLoadMs', () => this.readPoll(slug, created)),
        0,
      ),
      summary: new Refresher(
        () => this.timed(created, 'summaryLoadMs', () => this.readSummary(slug, created)),
        this.windowMs ?? (() => window.ms),
      ),
      pollBytes: 0,
      summaryBytes: 0,
      window,
      textsChanged: 'all',
      pollLoadMs: 0,
      summaryLoadMs: 0,
    };
    this.entries.set(slug, created);
    this.evict();
    return created;
  }

  private forget(slug: string, entry: Entry): void {
    if (this.entries.get(slug) !== entry) return;
    // Whoever still waits on the entry gets its answer; only later reads miss.
    this.entries.delete(slug);
    this.bytes -= entry.pollBytes + entry.summaryBytes;
    // Nothing kept here depends on its votes any more; a later read watches again.
    entry.releaseVotes?.();
    entry.releaseVotes = undefined;
  }

  /** Drops the least recently used entries until both bounds hold. */
  private evict(): void {
    for (const [slug, entry] of this.entries) {
      if (this.entries.size <= this.maxPolls && this.bytes <= this.maxBytes) return;
      this.forget(slug, entry);
    }
  }

  /** Counts what a load put in the entry; a poll too big for the budget is not kept. */
  private account(slug: string, entry: Entry, part: 'pollBytes' | 'summaryBytes', json?: string) {
    if (this.entries.get(slug) !== entry) return;
    const size = json === undefined ? 0 : snapshotBytes(json);
    this.bytes += size - entry[part];
    entry[part] = size;
    if (entry.pollBytes + entry.summaryBytes > this.maxBytes / LARGEST_SHARE) {
      this.forget(slug, entry);
    } else {
      this.evict();
    }
  }

  /** Runs a load of the entry, noting in `field` its share of the time it took beside the
   *  other loads running (what a read that caused it pays; shared-clock.ts says why a share). */
  private async timed<T>(
    entry: Entry,
    field: 'pollLoadMs' | 'summaryLoadMs',
    load: () => Promise<T>,
  ): Promise<T> {
    const began = rebuildClock.start();
    try {
      return await load();
    } finally {
      entry[field] = rebuildClock.end(began);
    }
  }

  private async readPoll(slug: string, entry: Entry): Promise<PollSnapshot | undefined> {
    const poll = await this.store.getPollBySlug(slug);
    if (!poll) return undefined;
    // SQLite answers synchronously: without these pauses the reads and the JSON of a 100 × 50
    // poll held the event loop ~30 ms in one piece; between them ballots and /health get in.
    const questions = await this.store.listQuestions(poll.id);
    await yieldToEventLoop();
    const blockedWords = await this.store.listBlockedWords(poll.id);
    const view = toPollView(poll, questions);
    const json = JSON.stringify(view);
    // Only a quiz's views differ (correct answers before the close), and a poll's with an
    // 'Explicación' (issue 27: the host's until its time).
    const differs = poll.quiz || questions.some((q) => q.explanation !== null);
    const hostJson = differs ? JSON.stringify(toPollView(poll, questions, 'host')) : json;
    this.account(slug, entry, 'pollBytes', hostJson === json ? json : json + hostJson);
    // Slices of the views' JSON, sharing their memory (V8 keeps a slice as a reference).
    const questionsJson = questionsPartOf(json);
    const hostQuestionsJson = hostJson === json ? questionsJson : questionsPartOf(hostJson);
    return {
      poll,
      questions,
      blockedWords,
      view,
      json,
      hostJson,
      questionsJson,
      hostQuestionsJson,
      version: ++this.version,
    };
  }

  private async readSummary(slug: string, entry: Entry): Promise<SummarySnapshot | undefined> {
    // The entry's own poll, even if it was evicted meanwhile: a poll served uncached still
    // needs its summary built from it.
    const snapshot = await entry.poll.get();
    if (!snapshot) return undefined;
    await yieldToEventLoop();
    const started = performance.now();
    // Changes arriving from now on are for the next load.
    const changed = entry.textsChanged;
    entry.textsChanged = new Set();
    let summaries: Awaited<ReturnType<typeof loadSummaries>>;
    try {
      summaries = await loadSummaries(
        this.store,
        snapshot.poll.id,
        entry.textParts && { parts: entry.textParts, changed },
        yieldToEventLoop,
      );
    } catch (error) {
      entry.textsChanged = 'all';
      throw error;
    }
    entry.window.recordLoad(performance.now() - started);
    entry.textParts = summaries?.textParts;
    if (!summaries) return undefined;
    await yieldToEventLoop();
    const host = viewOf(summaries.host);
    const audience = summaries.audience === summaries.host ? host : viewOf(summaries.audience);
    const json = audience === host ? host.json : host.json + audience.json;
    this.account(slug, entry, 'summaryBytes', json);
    return { ...host, audience, version: ++this.version };
  }
}
