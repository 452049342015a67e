import { loadQaFrames } from '../domain/qa/qa-view.ts';
import type { PollStore } from '../store/store.ts';
import type { ChangeBus, PollChange } from './change-bus.ts';
import { Refresher } from './refresher.ts';

/** A poll's `qa` frames, serialised once per change. */
export interface QaSnapshot {
  hostJson: string;
  audienceJson: string;
  /** Grows with every snapshot this feed makes: newer is larger. */
  version: number;
}

/** Votes pour in (20,000 a minute in a hall): one frame per window carries them all. */
export const QA_WINDOW_MS = 250;
/** Polls whose frames are held; the least recently read go first. */
const MAX_POLLS = 1_000;

/**
 * Issue 20: the audience questions' frames of the polls with open streams, kept current by the
 * change bus like LiveCache keeps summaries: a change marks a poll's frames stale, and they are
 * rebuilt at most once per QA_WINDOW_MS (Refresher), so a flood of votes costs one build per
 * window, not one per vote.
 */
export class QaFeed {
  private readonly entries = new Map<string, Refresher<QaSnapshot | undefined>>();
  private readonly unsubscribe: () => void;
  private version = 0;

  constructor(
    private readonly store: PollStore,
    bus: ChangeBus,
    private readonly windowMs = QA_WINDOW_MS,
  ) {
    this.unsubscribe = bus.subscribe((change) => this.apply(change));
  }

  /** The poll's frames as of now; undefined when the poll is gone or its Q&A is off. */
  async frames(slug: string): Promise<QaSnapshot | undefined> {
    let entry = this.entries.get(slug);
    if (entry) {
      this.entries.delete(slug);
    } else {
      entry = new Refresher(() => this.load(slug), this.windowMs);
    }
    this.entries.set(slug, entry);
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= MAX_POLLS) break;
      old.dispose();
      this.entries.delete(oldest);
    }
    return entry.get();
  }

  apply(change: PollChange): void {
    // Settings (Q&A turned on or off) and questions' changes; votes of the poll do not matter.
    if (change.kind === 'votes' || change.kind === 'cohosts') return;
    this.entries.get(change.slug)?.invalidate();
  }

  close(): void {
    this.unsubscribe();
    for (const entry of this.entries.values()) entry.dispose();
    this.entries.clear();
  }

  private async load(slug: string): Promise<QaSnapshot | undefined> {
    const poll = await this.store.getPollBySlug(slug);
    if (!poll?.qa) return undefined;
    const { host, audience } = await loadQaFrames(this.store, poll.id);
    const audienceJson = JSON.stringify(audience);
    const hostJson = host.counts.pending === 0 ? audienceJson : JSON.stringify(host);
    return { hostJson, audienceJson, version: ++this.version };
  }
}
