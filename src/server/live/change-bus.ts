import type { PollEvents } from '../domain/events.ts';

/** What changed in a poll: its content (status, settings, title, questions, options), its votes,
 *  its audience questions (issue 20: neither the poll's content nor its summary), or its
 *  co-host links (issue 28: a revoked link's open streams end; nothing cached changes). */
export type PollChange = {
  slug: string;
  kind: 'poll' | 'votes' | 'qa' | 'cohosts';
  /** Of a ballot: the open-text questions it answered (maybe none). Caches rebuild only those
   *  clouds; without it, every one. Not sent between instances. */
  textQuestionIds?: readonly number[];
};

/**
 * Where poll changes travel. The domain publishes through the PollEvents port; the caches and
 * the live hub subscribe. The local bus delivers within the process; a Redis bus (issue 5) also
 * delivers the changes of other instances to the same listeners, so nothing else has to know.
 */
export interface ChangeBus {
  /** Delivers to every listener before returning (local ones at least). Never throws. */
  publish(change: PollChange): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (c: PollChange) => void): () => void;
  /**
   * This process holds something the poll's votes change (a summary, streams that see it):
   * other instances' `votes` changes of it must reach the listeners until the returned release
   * is called. Call it before reading what it protects. Changes of every other kind always
   * arrive. A bus may deliver more `votes` changes than watched (never fewer); a watch not in
   * force at once gets one `votes` change of the slug when it is, for a read begun before.
   */
  watchVotes(slug: string): () => void;
  /**
   * Other instances' changes reach this process a little after they were acknowledged (the
   * Redis bus: up to REMOTE_NOTICE_MS plus the trip), so what it caches may be that far behind
   * the database. Absent or false: every change is delivered before its request is answered.
   */
  readonly othersArriveLate?: boolean;
  close(): Promise<void>;
}

export function createLocalBus(): ChangeBus {
  const listeners = new Set<(change: PollChange) => void>();
  return {
    publish(change) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (error) {
          // One failing listener must not starve the others nor fail the request that voted.
          console.error('change listener failed:', error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // One process: every change is published here, so every watch is in force already.
    watchVotes: () => () => {},
    async close() {
      listeners.clear();
    },
  };
}

/** The domain's PollEvents port, publishing to a bus. */
export function busEvents(bus: ChangeBus): PollEvents {
  return {
    pollChanged: (slug) => bus.publish({ slug, kind: 'poll' }),
    votesChanged: (slug, textQuestionIds) => bus.publish({ slug, kind: 'votes', textQuestionIds }),
    qaChanged: (slug) => bus.publish({ slug, kind: 'qa' }),
    cohostsChanged: (slug) => bus.publish({ slug, kind: 'cohosts' }),
  };
}

/** Tells several PollEvents the same thing (the bus, and a test's own listener). */
export function teeEvents(...targets: PollEvents[]): PollEvents {
  return {
    pollChanged: (slug) => {
      for (const t of targets) t.pollChanged(slug);
    },
    votesChanged: (slug, textQuestionIds) => {
      for (const t of targets) t.votesChanged(slug, textQuestionIds);
    },
    qaChanged: (slug) => {
      for (const t of targets) t.qaChanged(slug);
    },
    cohostsChanged: (slug) => {
      for (const t of targets) t.cohostsChanged(slug);
    },
  };
}
