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
  /** Ballots with no participation page behind them (see seatedBallots) whose participant id
   *  was issued less than 10 s before them: a script that drops its cookie makes every ballot
   *  such a one. */
  newParticipantBallots: z.number().int(),
  /** Ballots with no participation page behind them whose participant id was one of many
   *  issued within the same second to the ids this source voted with (a bank of ids taken at
   *  once by a script, however long it then waited). */
  bulkIssuedBallots: z.number().int(),
  /** Ballots whose participant id held the poll's participation page (its live stream) before
   *  voting: a person's phone. A class joining in a wave behind one address is such ballots,
   *  however fast its ids came and however soon it voted. */
  seatedBallots: z.number().int(),
  /** Quiz: answers that arrived in the room's first burst of their question (within 0.3 s of
   *  its fastest answer, up to 0.6 s when every answer came late), faster than a person reads
   *  and taps. */
  instantQuizAnswers: z.number().int(),
  /** Quiz: many of this source's answers were instant and spread evenly over the options,
   *  question after question: players run by a script (a farm covering every option so that
   *  one of them is always right). */
  quizBots: z.boolean(),
  /** The server finds the source unusual: its ballots mostly came from brand-new ids, or from
   *  ids issued in bulk, with no participation page behind them; or, in a quiz, quizBots. A big share alone is not unusual (a classroom behind one address). */
  unusual: z.boolean(),
});
export type IntegritySource = z.infer<typeof IntegritySource>;

export const Integrity = z.object({
  totalBallots: z.number().int(),
  /** How many different sources the poll's ballots came from. */
  sourceCount: z.number().int(),
  /** Sources the server finds unusual, of all of them (not only this page). */
  unusualSources: z.number().int(),
  /** One page of the sources, most ballots first: from `offset`, at most `limit` of them. */
  sources: z.array(IntegritySource),
  offset: z.number().int(),
  /** Discarded ballots set aside, which 'Restaurar' can bring back until they are emptied. */
  setAsideBallots: z.number().int(),
  /** Ballots the rate limits refused for this poll. */
  refusedBallots: z.number().int(),
  /** 'shared': counted by every instance together (Redis); 'instance': by the one that
   *  answered, since it started. */
  refusedScope: z.enum(['shared', 'instance']),
});
export type Integrity = z.infer<typeof Integrity>;

/** Largest page of sources in GET …/integrity. */
export const INTEGRITY_PAGE_MAX = 500;

export const IntegrityQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(INTEGRITY_PAGE_MAX).default(50),
});
export type IntegrityQuery = z.infer<typeof IntegrityQuery>;

/** One source by its opaque id, or every source the view flags as unusual at once. */
export const DiscardBody = z.union([
  z.object({
    source: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'El origen no es válido'),
  }),
  z.object({ unusual: z.literal(true) }),
]);
export type DiscardBody = z.infer<typeof DiscardBody>;

export const DiscardResponse = z.object({
  discardedBallots: z.number().int(),
  /** With `{unusual: true}`: how many sources were discarded. */
  discardedSources: z.number().int().optional(),
});
export type DiscardResponse = z.infer<typeof DiscardResponse>;

/** Issue 24: discarded ballots are set aside; restore one source's, or all of them. */
export const RestoreDiscardedBody = z.object({
  source: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'El origen no es válido')
    .optional(),
});
export type RestoreDiscardedBody = z.infer<typeof RestoreDiscardedBody>;

export const RestoreDiscardedResponse = z.object({ restoredBallots: z.number().int() });
export type RestoreDiscardedResponse = z.infer<typeof RestoreDiscardedResponse>;

export const EmptyDiscardedResponse = z.object({ emptiedBallots: z.number().int() });
export type EmptyDiscardedResponse = z.infer<typeof EmptyDiscardedResponse>;
