import { z } from 'zod';
import { endpoints } from './endpoints.ts';
import { SlugParams } from './poll.ts';
import { SummaryQuestion } from './summary.ts';

/**
 * Issue 27: rounds. 'Nueva ronda' archives the current round's results and starts the next one
 * with the same questions; the results page and the projector read any kept round and compare
 * two of them.
 */

const roundMessages = {
  round: 'La ronda debe ser un número entero desde 1',
  compare: 'Compara dos rondas distintas así: compare=1,2',
  both: 'Pide una ronda o una comparación, no las dos',
} as const;

const RoundNumber = z.coerce
  .number({ error: roundMessages.round })
  .int({ error: roundMessages.round })
  .min(1, { error: roundMessages.round })
  .max(1_000_000, { error: roundMessages.round });

/** GET /polls/{slug}/summary: `round=N` reads that round, `compare=A,B` compares two. */
export const SummaryQuery = z
  .object({
    round: RoundNumber.optional(),
    compare: z
      .string()
      .regex(/^\d{1,7},\d{1,7}$/, { error: roundMessages.compare })
      .transform((value) => value.split(',').map(Number) as [number, number])
      .refine(([a, b]) => a >= 1 && b >= 1 && a !== b, { error: roundMessages.compare })
      .optional(),
  })
  .refine((q) => q.round === undefined || q.compare === undefined, {
    error: roundMessages.both,
  });
export type SummaryQuery = z.infer<typeof SummaryQuery>;

export const RoundInfo = z.object({
  round: z.number().int(),
  /** Ballots the round closed with. */
  ballots: z.number().int(),
  /** ISO 8601. */
  closedAt: z.string(),
});
export type RoundInfo = z.infer<typeof RoundInfo>;

/** GET /polls/{slug}/rounds: the kept rounds and the one running now. */
export const RoundList = z.object({
  /** The round phones answer now: 1 + the kept archived rounds. */
  current: z.number().int(),
  /** Archived rounds, oldest first. */
  rounds: z.array(RoundInfo),
  /** Host only: rounds 'Borrar rondas' took that 'Deshacer' can bring back. */
  discarded: z.number().int().optional(),
});
export type RoundList = z.infer<typeof RoundList>;

/** POST /polls/{slug}/rounds: the round that starts now. */
export const StartRoundResponse = z.object({ round: z.number().int() });
export type StartRoundResponse = z.infer<typeof StartRoundResponse>;

export const DeleteRoundsResponse = z.object({ deletedRounds: z.number().int() });
export type DeleteRoundsResponse = z.infer<typeof DeleteRoundsResponse>;

export const RestoreRoundsResponse = z.object({ restoredRounds: z.number().int() });
export type RestoreRoundsResponse = z.infer<typeof RestoreRoundsResponse>;

/** One option's share in each round and the change, in percentage points. */
export const OptionChange = z.object({
  id: z.number().int(),
  text: z.string(),
  /** Whole percent of the round's base (answers, or people for a multiple question; Borda
   *  points for a ranking); null when that round has no count for it. */
  before: z.number().nullable(),
  after: z.number().nullable(),
  /** after − before, null when either is. */
  points: z.number().nullable(),
});
export type OptionChange = z.infer<typeof OptionChange>;

/** Two numbers of a question in each round and their difference. */
export const ValueChange = z.object({
  before: z.number().nullable(),
  after: z.number().nullable(),
  change: z.number().nullable(),
});
export type ValueChange = z.infer<typeof ValueChange>;

/** How one question changed between the two rounds; what it holds follows the type's
 *  `rounds` rule (question-types/): options, cloud words or the average. */
export const QuestionChange = z.object({
  id: z.number().int(),
  text: z.string(),
  type: SummaryQuestion.shape.type,
  ordinal: z.number().int(),
  /** The question as each round's summary shows it to this caller (null: not in that round). */
  before: SummaryQuestion.nullable(),
  after: SummaryQuestion.nullable(),
  options: z.array(OptionChange).optional(),
  /** Scale: the average; number: the mean. */
  average: ValueChange.optional(),
  /** Quiz: the percentage of players who answered it correctly, once it closed. */
  correctPercent: ValueChange.optional(),
});
export type QuestionChange = z.infer<typeof QuestionChange>;

/** GET /polls/{slug}/summary?compare=A,B. */
export const RoundComparison = z.object({
  slug: z.string(),
  title: z.string(),
  rounds: z.tuple([z.number().int(), z.number().int()]),
  totalVotes: z.tuple([z.number().int(), z.number().int()]),
  questions: z.array(QuestionChange),
});
export type RoundComparison = z.infer<typeof RoundComparison>;

/** The round calls with their schemas; routes.ts spreads them into its table. */
export const roundRoutes = {
  startRound: {
    ...endpoints.startRound,
    description:
      "'Nueva ronda' (issue 27): archives the current round's results (the host's and the " +
      "audience's summaries and, in a quiz, the leaderboard) and starts round n+1 with the same " +
      'questions: the ballots are emptied as by POST …/reset (phones answer again without ' +
      'reloading; a quiz starts afresh: players, scores and clocks). `round` is the round that ' +
      'starts. Host, or a co-host link of scope `present`. 409 ROUND_BUSY if ballots kept ' +
      'arriving while the archive was read.',
    params: SlugParams,
    response: StartRoundResponse,
  },
  listRounds: {
    ...endpoints.listRounds,
    description:
      'The archived rounds (number, ballots, when it closed), oldest first, and the `current` ' +
      "one; `discarded` (host only) counts rounds 'Borrar rondas' took that POST …/rounds/" +
      'restore can bring back. Visible to whoever may see the results (as GET …/summary).',
    params: SlugParams,
    response: RoundList,
  },
  deleteRounds: {
    ...endpoints.deleteRounds,
    description:
      "'Borrar rondas': deletes the archived rounds (the current round's ballots stay). " +
      'Undoable with POST …/rounds/restore until the next round is archived. Host only.',
    params: SlugParams,
    response: DeleteRoundsResponse,
  },
  restoreRounds: {
    ...endpoints.restoreRounds,
    description:
      "Undoes the last 'Borrar rondas': the rounds come back with their numbers. Host only.",
    params: SlugParams,
    response: RestoreRoundsResponse,
  },
} as const;
