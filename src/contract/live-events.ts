import { z } from 'zod';
import type { Poll } from './poll.ts';
import type { QaFrame } from './qa.ts';
import type { ParticipantQuizState } from './quiz.ts';
import type { Summary } from './summary.ts';

/**
 * Server-sent events of GET /polls/{slug}/events (route `pollEvents`):
 * - The host sends X-Host-Secret (fetch, not EventSource; never in the URL); a wrong secret is
 *   not the host. An unknown slug is a JSON 404 POLL_NOT_FOUND, not a stream.
 * - First `retry: LIVE_RETRY_MS`, then at once `poll` (the Poll of GET /polls/{slug}; its
 *   updatedAt is as of the poll's last change, since votes move it too and the summary carries
 *   that one) and, when
 *   the client may see results (host, resultsPublic, or closed: the rule of GET …/summary),
 *   `summary` (the Summary of GET …/summary).
 * - Then `poll` after every change of status, settings, title, questions or options, to every
 *   client (who may see results is decided again: closing starts summaries for everyone, making
 *   them private stops them); `summary` after vote changes, coalesced per poll: the first change
 *   after a quiet spell at once, the next ones within LIVE_COALESCE_MS merged into one frame at
 *   the end of the window, so the last state always arrives. (The server shortens the window
 *   for a few streams and stretches it to 500 ms while it is saturated: coalescing-window.ts.)
 * - Every event has `id: <n>`, increasing per poll; a reconnect with Last-Event-ID gets the
 *   current state at once. Each `data:` is one line of JSON.
 * - To the host only, `presence` (a Presence): at once on connect, then whenever the number of
 *   people with the participation page open changes, coalesced to at most one frame per
 *   LIVE_PRESENCE_MS. A participant page says it is one by `?as=participant` on the stream's URL;
 *   several tabs of one browser (one participant cookie) count once. Counted per instance.
 * - A stream with `?as=participant` gets `poll` frames only, never `summary`: the participation
 *   page shows no results (the results page has its own stream), and a hall of phones voting at
 *   once would otherwise be sent a summary per phone per window.
 * - With the poll's Q&A on (issue 20), `qa` (a QaFrame) at once and after every change of its
 *   audience questions or their votes, coalesced to one frame per QA_WINDOW_MS (250 ms), to every
 *   stream, participation pages included: the host's frame counts the questions waiting for
 *   review, everyone else's shows only visible ones. A frame holds at most QA_FRAME_QUESTIONS
 *   questions per list, however many are stored; `votedByMe` is false in it (pages keep their
 *   own votes from GET …/qa and their vote calls).
 * - Quiz (issue 29): when a question closes, or the game ends, each player's stream with
 *   `?as=participant` gets `player` (a ParticipantQuizState: the quiz fields of GET …/me, that
 *   player's own and nobody else's) right after the `poll` frame showing the close, so a hall of
 *   phones shows points and rank without asking. Streams of people without a nickname, hosts
 *   and projectors get none; GET …/me stays the reload path.
 * - A `: ping` comment every LIVE_HEARTBEAT_MS. A client that stops reading is dropped.
 * - `deleted` ({slug}) when the poll was erased (issue 24: 'Eliminar encuesta'), then the stream
 *   ends; the poll's URLs answer 404 from then on.
 */
export type LiveEvent =
  | { type: 'qa'; data: QaFrame }
  | { type: 'summary'; data: Summary }
  | { type: 'poll'; data: Poll }
  | { type: 'presence'; data: Presence }
  | { type: 'player'; data: ParticipantQuizState }
  | { type: 'deleted'; data: { slug: string } };
export type LiveEventType = LiveEvent['type'];

// The heartbeat lives in limits.ts, which has no zod: the browser's stream reader needs it, and
// importing this module would bring the schemas below (and zod) into the phones' download.
export { LIVE_HEARTBEAT_MS } from './limits.ts';
/** Reconnect hint sent as `retry:`. */
export const LIVE_RETRY_MS = 2_000;
/** Changes within this window after the first one merge into one frame. */
export const LIVE_COALESCE_MS = 200;

/** How many people have the participation page open now (distinct participants). */
export const Presence = z.object({ participants: z.number().int().min(0) });
export type Presence = z.infer<typeof Presence>;

/** Presence frames go out at most this often: a room scanning the QR at once is one update. */
export const LIVE_PRESENCE_MS = 1000;

/** Query of the stream's URL by which a participant page asks to be counted as present. */
export const LiveEventsQuery = z.object({ as: z.enum(['participant']).optional() });
