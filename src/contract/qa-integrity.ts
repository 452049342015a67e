import { z } from 'zod';

/**
 * The host's view of where a poll's audience upvotes came from, and the discard that sets a
 * source's upvotes aside (issue 25), as the integrity view does for ballots: a source is a keyed
 * hash of a client address and the poll, never the address. Hosts only.
 */
export const QaVoteSourceView = z.object({
  /** Opaque; what POST …/qa/discard takes. '' gathers votes stored before sources were kept. */
  source: z.string(),
  /** Upvotes counted now. */
  votes: z.number().int(),
  /** Upvotes the host set aside (not counted; 'Restaurar' counts them again). */
  discardedVotes: z.number().int(),
  /** Upvotes from ids issued less than 10 s before (a script dropping its cookie). */
  newParticipantVotes: z.number().int(),
  /** Upvotes from ids issued many within one second (a bank of ids taken at once). */
  bulkIssuedVotes: z.number().int(),
  /** Worth the host's look: mostly new or banked ids, from enough votes to matter. */
  unusual: z.boolean(),
});

export const QaIntegrity = z.object({
  totalVotes: z.number().int(),
  unusualSources: z.number().int(),
  /** Every source, most votes first (a poll's upvotes come from few addresses). */
  sources: z.array(QaVoteSourceView),
});
export type QaIntegrity = z.infer<typeof QaIntegrity>;

const Source = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'El origen no es válido');

export const QaDiscardBody = z.union([
  z.object({ source: Source }),
  z.object({ unusual: z.literal(true) }),
]);
export type QaDiscardBody = z.infer<typeof QaDiscardBody>;

export const QaDiscardResponse = z.object({
  discardedVotes: z.number().int(),
  /** With `{unusual: true}`: how many sources were set aside. */
  discardedSources: z.number().int().optional(),
});
export type QaDiscardResponse = z.infer<typeof QaDiscardResponse>;

export const QaRestoreBody = z.object({ source: Source.optional() });
export type QaRestoreBody = z.infer<typeof QaRestoreBody>;

export const QaRestoreResponse = z.object({ restoredVotes: z.number().int() });
export type QaRestoreResponse = z.infer<typeof QaRestoreResponse>;
