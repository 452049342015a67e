import type { PollRecord, PollStore } from '../../store/store.ts';

/**
 * The server closes a poll at its `closesAt` (issue 27), with no presenter: a timer on every
 * instance that saw the deadline, and a check on every read of the poll, so a poll whose
 * timer's instance is gone (several instances, a restart) is closed by the next read anywhere.
 * Closing is one conditional write that also settles the homework (the store), so racing
 * closers close once and only the winner tells the streams.
 */

/** setTimeout's longest wait; a later deadline is re-armed when this one fires. */
const MAX_WAIT_MS = 2 ** 31 - 1;

export class Deadlines {
  private readonly timers = new Map<number, { at: number; timer: NodeJS.Timeout }>();
  /** Told when this instance closed a poll (the app tells the streams and caches). */
  onClosed: (slug: string) => void = () => {};

  constructor(
    private readonly store: PollStore,
    private readonly now: () => Date = () => new Date(),
    private readonly log: (message: string, error: unknown) => void = () => {},
  ) {}

  /**
   * The store, reading polls through the deadline: a poll found open past its `closesAt` is
   * closed before it is returned, and a poll with a deadline ahead gets its timer.
   */
  wrap(store: PollStore): PollStore {
    const through = (poll: PollRecord | undefined) => (poll ? this.check(poll) : poll);
    return new Proxy(store, {
      get: (target, key, receiver) => {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        if (key === 'getPollBySlug' || key === 'getPollById' || key === 'getPollByJoinCode') {
          return (arg: never) => value.call(target, arg).then(through);
        }
        if (key === 'createPoll' || key === 'updatePoll') {
          return (...args: never[]) => value.apply(target, args).then(through);
        }
        return value.bind(target);
      },
    });
  }

  /** The poll as it stands now: closed here when its deadline passed. */
  async check(poll: PollRecord): Promise<PollRecord> {
    if (poll.status !== 'open' || poll.closesAt === null) return poll;
    if (poll.closesAt > this.now()) {
      this.arm(poll.id, poll.slug, poll.closesAt.getTime());
      return poll;
    }
    const closed = await this.store.closeDuePoll(poll.id, this.now());
    if (closed) {
      this.onClosed(poll.slug);
      return closed;
    }
    // Another instance (or request) closed it a moment ago.
    return (await this.store.getPollById(poll.id)) ?? poll;
  }

  /** Every open poll's deadline (an instance starting). */
  async armAll(): Promise<void> {
    for (const d of await this.store.pollDeadlines()) {
      this.arm(d.pollId, d.slug, d.closesAt.getTime());
    }
  }

  stop(): void {
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private arm(pollId: number, slug: string, at: number): void {
    if (this.timers.get(pollId)?.at === at) return;
    clearTimeout(this.timers.get(pollId)?.timer);
    const wait = Math.min(Math.max(0, at - this.now().getTime()) + 1, MAX_WAIT_MS);
    const timer = setTimeout(() => {
      this.timers.delete(pollId);
      // Read fresh: the deadline may have moved, or the poll closed, meanwhile. The read
      // closes it when due, or arms the timer again for a later deadline.
      this.store
        .getPollById(pollId)
        .then((poll) => poll && this.check(poll))
        .catch((error) => this.log(`homework: could not close ${slug}`, error));
    }, wait);
    timer.unref();
    this.timers.set(pollId, { at, timer });
  }
}
