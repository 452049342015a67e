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
 * address bucket, as before). Seats live in this process: behind several instances a ballot
 * reaching another instance than the stream is judged as unseated.
 */
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

  constructor(
    private readonly maxSeats: number,
    private readonly clock: () => number = Date.now,
  ) {}

  get size(): number {
    return this.seats.size;
  }

  /** The id opened the poll's participation stream; call the answer when it closes. */
  sit(slug: string, participantId: string): () => void {
    const key = `${slug} ${participantId}`;
    let seat = this.seats.get(key);
    if (seat) this.seats.delete(key);
    else {
      seat = { since: this.clock(), open: 0, granted: new Set() };
      if (this.seats.size >= this.maxSeats) this.seats.delete(this.seats.keys().next().value!);
    }
    this.seats.set(key, seat);
    seat.open++;
    const held = seat;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      held.open--;
    };
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
