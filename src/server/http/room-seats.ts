import type { FastifyReply, FastifyRequest } from 'fastify';
import { PARTICIPANT_COOKIE } from '../../contract/index.ts';
import type { Limiter } from '../rate/limiter.ts';
import type { Seat, Seats } from '../rate/seats.ts';
import type { ParticipantIds } from './participant.ts';
import { SECURE_PARTICIPANT_COOKIE } from './participant.ts';
import { ballotBucketKey, countRefusedBallot, rateLimited } from './rate-limits.ts';

const slugOf = (request: FastifyRequest) => (request.params as { slug?: string }).slug ?? '';

/**
 * The rate limits' side of the room (rate/seats.ts): which ballots are a seated person's, and
 * what they spend. A ballot whose cookie holds a signed id with a ripe seat in the poll skips the
 * address's ballot bucket at the door (onRequest, before the body is read); once the body is
 * known, its questions are taken from the seat's allowance, or, when the seat already answered
 * them all through it, from the address bucket after all.
 */
export class RoomSeats {
  private readonly candidates = new WeakMap<FastifyRequest, Seat>();

  constructor(
    readonly seats: Seats,
    private readonly ids: ParticipantIds,
    private readonly limiter: Limiter,
  ) {}

  /**
   * onRequest of a ballot: true when the ballot's id holds a ripe seat (no bucket yet). The
   * seat is looked up on every instance (a stream held elsewhere), so `seated` below knows it
   * too, with or without rate limits.
   */
  async seatedAtTheDoor(request: FastifyRequest): Promise<boolean> {
    for (const name of [SECURE_PARTICIPANT_COOKIE, PARTICIPANT_COOKIE]) {
      const id = request.cookies[name];
      if (!id || this.ids.verify(id) === undefined) continue;
      const seat = await this.seats.find(slugOf(request), id);
      if (!this.limiter.settings.enabled) return false;
      if (!seat || !this.seats.ripe(seat, this.limiter.settings.limits.SEAT_MIN_AGE_MS)) {
        return false;
      }
      this.candidates.set(request, seat);
      return true;
    }
    return false;
  }

  /**
   * Before a ballot let in at the door is cast: its questions from the seat's allowance, else a
   * token of the address bucket (429 when empty). Answers a function that gives the allowance
   * back if the ballot is not stored.
   */
  async spend(
    request: FastifyRequest,
    reply: FastifyReply,
    /** The poll's run (its reset count), read only for a seated ballot. */
    run: () => Promise<number>,
    questionIds: readonly number[],
  ): Promise<() => void> {
    const seat = this.candidates.get(request);
    if (!seat) return () => {};
    const granted = this.seats.grant(seat, await run(), questionIds);
    if (granted) return () => this.seats.ungrant(seat, granted);
    const wait = await this.limiter.take('ballot', ballotBucketKey(request));
    if (wait > 0) {
      countRefusedBallot(this.limiter, request);
      throw rateLimited(reply, wait);
    }
    return () => {};
  }

  /** Whether the id held the poll's participation stream before this ballot (integrity). */
  seated(slug: string, participantId: string): boolean {
    return this.seats.of(slug, participantId) !== undefined;
  }
}
