import { z } from 'zod';
import { PollStatus } from './poll.ts';

/*
 * 'Mis encuestas' (issue 17): the home page reads every poll this browser holds a host code for
 * in one request. The codes travel in a POST body, never in a URL (URLs end up in logs and
 * history). The server's cap on the list is MY_POLLS_LOOKUP_MAX (server limits.ts, at least
 * MY_POLLS_BATCH); the web client sends at most MY_POLLS_BATCH entries per request.
 */
/** Longest secret accepted: the server's are 43 characters (32 bytes, base64url). */
const SECRET_MAX = 200;

export const LookupPollsBody = z.object({
  polls: z
    .array(
      z.object({
        // Any string: a malformed slug is answered `missing` like an unknown one.
        slug: z.string().min(1).max(64),
        secret: z.string().min(1).max(SECRET_MAX),
      }),
    )
    .min(1, 'Indica al menos una encuesta'),
});
export type LookupPollsBody = z.infer<typeof LookupPollsBody>;

/** A poll the secret opens. */
export const MyPollFound = z.object({
  slug: z.string(),
  missing: z.literal(false),
  title: z.string(),
  status: PollStatus,
  /** ISO 8601; updatedAt moves with every change of the poll, its questions and its votes. */
  createdAt: z.string(),
  updatedAt: z.string(),
  questionCount: z.number().int(),
  /** People who answered: distinct participant ids among the poll's ballots (not ballots, so
   *  one person answering question by question in presenter pace counts once). */
  participantCount: z.number().int(),
  /** The 6-digit join code (issue 24), so the list tells polls of the same title apart. */
  joinCode: z.string(),
});
export type MyPollFound = z.infer<typeof MyPollFound>;

/** No poll with this slug opens with this secret: deleted, or the code is not its own (the
 *  answer is the same either way, so it never tells whether the slug exists). */
export const MyPollMissing = z.object({ slug: z.string(), missing: z.literal(true) });
export type MyPollMissing = z.infer<typeof MyPollMissing>;

export const MyPoll = z.discriminatedUnion('missing', [MyPollFound, MyPollMissing]);
export type MyPoll = z.infer<typeof MyPoll>;

export const LookupPollsResponse = z.object({
  /** Found polls by last change, newest first; then the missing ones, in the order asked. */
  polls: z.array(MyPoll),
});
export type LookupPollsResponse = z.infer<typeof LookupPollsResponse>;
