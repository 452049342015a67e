/**
 * Who behind one client address behaves as people, the one place that says so (issue 25).
 *
 * A person is a participant id that did something only a person does, through a poll, from an
 * address: a ballot stored, a quiz nickname taken, an audience question asked or voted. A burst
 * of fresh ids that never do any of it is not people. An address "is a known room" as far as it
 * has people: each person earns it STREAMS_PER_PERSON event streams (a phone's stream and its
 * results page) above the STREAMS_PER_UNKNOWN_ADDRESS any address gets, up to
 * STREAMS_PER_ADDRESS. So a class behind one NAT address opens its first streams at once and
 * the rest as its people answer (a refused phone falls back to polling and retries its stream),
 * while a script that only opens streams from 40 addresses holds 40 × the small cap, not the
 * server's every socket. Streams of ids that were never people are the first shed when
 * connections run out (connection-gate.ts).
 *
 * Per instance, in memory, bounded: at most `maxAddresses` addresses (least recently seen
 * forgotten first), each with at most STREAMS_PER_ADDRESS people (~20 bytes each: 50 MB at the
 * very worst, and only ballots, nicknames and Q&A, all rate-limited, add any). A person is kept
 * as a 32-bit hash of (poll, id): a collision only counts two people as one.
 */
/** The API operations (contract route names) whose success shows a person: a ballot stored, a
 *  quiz nickname taken, an audience question asked or voted (http/people.ts watches them). */
export const PERSON_ACTIONS: ReadonlySet<string> = new Set([
  'castVote',
  'setNickname',
  'askQa',
  'voteQa',
]);

export class KnownRooms {
  private readonly people = new Map<string, Set<number>>();
  /** Ids that opened a poll's participation stream from the address: seats (rate/seats.ts). */
  private readonly seats = new Map<string, Set<number>>();

  constructor(
    private readonly caps: {
      /** Streams any address may hold (STREAMS_PER_UNKNOWN_ADDRESS). */
      unknownStreams: number;
      /** Streams each person earns (STREAMS_PER_PERSON). */
      perPerson: number;
      /** The most any address may hold (STREAMS_PER_ADDRESS). */
      maxStreams: number;
    },
    private readonly maxAddresses = 5_000,
  ) {}

  /** `participantId` behaved as a person through poll `slug` from `address`. */
  notePerson(address: string, slug: string, participantId: string): void {
    this.remember(this.people, address, slug, participantId);
  }

  /**
   * `participantId` (a signed id, issued by the participant bucket) opens poll `slug`'s stream
   * from `address`. A room's phones each open the page, and so its stream, before anybody
   * answers: 300 phones behind one school address must all hold theirs. Each distinct id earns
   * its own stream, so what an address holds is bounded by the ids it could get (the
   * participant bucket), while a flood of streams without ids, or with one id over and over,
   * stays at STREAMS_PER_UNKNOWN_ADDRESS. Seats that never behave as people are still the first
   * shed when connections run out.
   */
  noteSeat(address: string, slug: string, participantId: string): void {
    this.remember(this.seats, address, slug, participantId);
  }

  private remember(
    map: Map<string, Set<number>>,
    address: string,
    slug: string,
    participantId: string,
  ): void {
    let known = map.get(address);
    if (known) map.delete(address);
    else {
      known = new Set();
      if (map.size >= this.maxAddresses) {
        const oldest = map.keys().next().value;
        if (oldest !== undefined) map.delete(oldest);
      }
    }
    // Least recently seen first, so the oldest is the one forgotten.
    map.set(address, known);
    // Enough to know every phone of a room as big as the stream cap allows.
    if (known.size < this.caps.maxStreams) known.add(personKey(slug, participantId));
  }

  /** Whether this id has behaved as a person through this poll from this address. */
  isPerson(address: string, slug: string, participantId: string | undefined): boolean {
    if (!participantId) return false;
    return this.people.get(address)?.has(personKey(slug, participantId)) ?? false;
  }

  /** How many event streams `address` may hold now. */
  streamAllowance(address: string): number {
    const people = this.people.get(address)?.size ?? 0;
    const seats = this.seats.get(address)?.size ?? 0;
    return Math.min(
      this.caps.maxStreams,
      this.caps.unknownStreams + this.caps.perPerson * people + seats,
    );
  }
}

/** FNV-1a over the poll and the id. */
function personKey(slug: string, participantId: string): number {
  let hash = 0x811c9dc5;
  const text = `${slug}\u0000${participantId}`;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
