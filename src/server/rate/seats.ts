/**
 * Who is in the room: participant ids that hold (or held) the participation page's event stream
 * of a poll, on this instance. One model of "a room behind one address" serves the rate limits
 * and the integrity view (issues 24, 25): a phone opens the page, its stream carries its
 * participant cookie, and it answers once per question; a script dropping its cookie, or banking
 * ids, sends ballots with no stream behind them.
 *
 * - A seated id answering a question it has not answered spends its own allowance (one answer
 *   per question per run), not its address's ballot bucket: 300 phones behind one school address
 *   play every question of a quiz. Only seats at least `minAgeMs` old count there, so a script
 *   cannot open a stream and vote in the same breath.
 * - Every ballot records whether its id was seated (any age): the integrity view judges new and
 *   bulk-issued ids among unseated ballots only, so an honest class joining in a wave is never
 *   flagged.
 *
 * Bounded: past `maxSeats` the least recently used seat is forgotten (its phone then spends the
 * address bucket, as before). Seats live in this process; behind several instances (REDIS_URL)
 * a `SeatDirectory` shares their start times (rate/shared-room.ts): a ballot reaching another
 * instance than its stream finds the seat there once (one Redis read), then in this map.
 * Each instance keeps its own allowance per seat: behind N instances a person may answer a
 * question through it at most N times, each one more answer of the same person, which the
 * store counts once per question anyway; the address bucket is what bounds scripts.
 */

/** Where the seats of every instance meet (Redis); absent with one instance. */
export interface SeatDirectory {
  /** A seat begun on this instance: the others may find it (not awaited, never throws). */
  announce(slug: string, participantId: string, since: number): void;
  /** When the id first held the poll's stream on any instance; undefined when never (or
   *  unknown: Redis down counts as unseated, as one instance would judge it). */
  lookup(slug: string, participantId: string): Promise<number | undefined>;
  /** The holders' heartbeat: seats of these polls, still held here, stay findable. */
  keepAlive(slugs: readonly string[]): void;
}

/** A miss in the directory is remembered this long: a burst of unseated ballots costs one
 *  Redis read per id and second, not per ballot. Shorter than any sensible SEAT_MIN_AGE_MS,
 *  so a seat begun meanwhile elsewhere is ripe only after the miss is forgotten. */
const MISS_MEMORY_MS = 1_000;
/** How often the instance tells the directory which polls' seats it still holds. */
export const SEAT_HEARTBEAT_MS = 60_000;
export interface Seat {
  /** When the id first opened the poll's participation stream (ms). */
  since: number;
  /** Streams open now. */
  open: number;
  /** `${run}:${questionId}` answered through the seat's allowance. */
  granted: Set<string>;
}

export class Seats {
  private readonly seats = new Map<string, Seat>();
  /** Ids the directory did not know, until when (ms). */
  private readonly misses = new Map<string, number>();
  /** Streams open on this instance per poll: the polls whose seats the heartbeat keeps. */
  private readonly held = new Map<string, number>();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly maxSeats: number,
    private readonly clock: () => number = Date.now,
    private readonly directory?: SeatDirectory,
  ) {
    if (directory) {
      this.heartbeat = setInterval(
        () => directory.keepAlive([...this.held.keys()]),
        SEAT_HEARTBEAT_MS,
      );
      this.heartbeat.unref();
    }
  }

  get size(): number {
    return this.seats.size;
  }

  close(): void {
    clearInterval(this.heartbeat);
  }

  /** The id opened the poll's participation stream; call the answer when it closes. */
  sit(slug: string, participantId: string): () => void {
    const key = `${slug} ${participantId}`;
    let seat = this.seats.get(key);
    if (seat) this.seats.delete(key);
    else {
      seat = { since: this.clock(), open: 0, granted: new Set() };
      this.misses.delete(key);
      this.directory?.announce(slug, participantId, seat.since);
    }
    this.remember(key, seat);
    seat.open++;
    this.held.set(slug, (this.held.get(slug) ?? 0) + 1);
    const held = seat;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      held.open--;
      const left = (this.held.get(slug) ?? 1) - 1;
      if (left > 0) this.held.set(slug, left);
      else this.held.delete(slug);
    };
  }

  private remember(key: string, seat: Seat): void {
    if (!this.seats.has(key) && this.seats.size >= this.maxSeats) {
      this.seats.delete(this.seats.keys().next().value!);
    }
    this.seats.set(key, seat);
  }

  /**
   * The seat of the id in the poll, on any instance: this one's map first (no round trip: the
   * stream's instance, or a seat already found), then the directory, whose answer is kept.
   */
  async find(slug: string, participantId: string): Promise<Seat | undefined> {
    const key = `${slug} ${participantId}`;
    const known = this.seats.get(key);
    if (known || !this.directory) return known;
    const now = this.clock();
    const missUntil = this.misses.get(key);
    if (missUntil !== undefined && missUntil > now) return undefined;
    const since = await this.directory.lookup(slug, participantId);
    // Sat here while Redis answered.
    const meanwhile = this.seats.get(key);
    if (meanwhile) return meanwhile;
    if (since === undefined) {
      if (this.misses.size >= this.maxSeats) this.misses.clear();
      this.misses.set(key, now + MISS_MEMORY_MS);
      return undefined;
    }
    this.misses.delete(key);
    const seat: Seat = { since, open: 0, granted: new Set() };
    this.remember(key, seat);
    return seat;
  }

  /** The seat of the id in the poll, if it ever held the stream. */
  of(slug: string, participantId: string): Seat | undefined {
    return this.seats.get(`${slug} ${participantId}`);
  }

  /** Whether the seat is old enough for its own allowance. */
  ripe(seat: Seat, minAgeMs: number): boolean {
    return this.clock() - seat.since >= minAgeMs;
  }

  /**
   * Takes the seat's allowance for these questions of run `run` (the poll's reset count): true
   * when at least one of them was not answered through it yet (all are then marked); false when
   * every one was, and the ballot must spend the address bucket.
   */
  grant(seat: Seat, run: number, questionIds: readonly number[]): string[] | undefined {
    const keys = questionIds.map((id) => `${run}:${id}`);
    if (keys.every((k) => seat.granted.has(k))) return undefined;
    const fresh = keys.filter((k) => !seat.granted.has(k));
    for (const k of fresh) seat.granted.add(k);
    return fresh;
  }

  /** A granted ballot was not stored (refused, stale): its questions may be answered again. */
  ungrant(seat: Seat, keys: readonly string[]): void {
    for (const k of keys) seat.granted.delete(k);
  }
}
