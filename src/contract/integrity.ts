import { z } from 'zod';

/**
 * The host's view of where a poll's ballots came from (issue 8). A source is a keyed hash of a
 * client address and the poll: it tells the host "these ballots came from one place" and never
 * which place. Participants and the results page never see any of it.
 */
export const IntegritySource = z.object({
  /** Opaque; what POST …/discard takes. '' gathers ballots stored before sources were kept. */
  source: z.string(),
  ballots: z.number().int(),
  /** ISO 8601 times of the source's first and last ballot. */
  firstAt: z.string(),
  lastAt: z.string(),
  /** Ballots whose participant id was issued less than 10 s before them: a script that drops
   *  its cookie makes every ballot such a one. */
  newParticipantBallots: z.number().int(),
  /** The server finds the source unusual (a big share of the ballots, or mostly new ids). */
  unusual: z.boolean(),
});
export type IntegritySource = z.infer<typeof IntegritySource>;

export const Integrity = z.object({
  totalBallots: z.number().int(),
  /** How many different sources the poll's ballots came from. */
  sourceCount: z.number().int(),
  /** The sources with most ballots, most first (at most 50). */
  sources: z.array(IntegritySource),
  /** Ballots the rate limits refused for this poll. */
  refusedBallots: z.number().int(),
  /** 'shared': counted by every instance together (Redis); 'instance': by the one that
   *  answered, since it started. */
  refusedScope: z.enum(['shared', 'instance']),
});
export type Integrity = z.infer<typeof Integrity>;

export const DiscardBody = z.object({
  source: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'El origen no es válido'),
});
export type DiscardBody = z.infer<typeof DiscardBody>;

export const DiscardResponse = z.object({ discardedBallots: z.number().int() });
export type DiscardResponse = z.infer<typeof DiscardResponse>;
