import { createHash } from 'node:crypto';
import type { Poll, Summary } from '../../contract/index.ts';
import type { PollContext } from '../domain/poll-view.ts';

/** What the live cache holds and hands out (live/cache.ts): snapshots serialised once per
 *  change, and what they weigh. */

/** A poll as the vote path and the stream need it, serialised once per change. */
export interface PollSnapshot extends PollContext {
  view: Poll;
  /** JSON of `view`, exactly as GET /polls/{slug} would send it (send it through withNow). */
  json: string;
  /** The host's view (quiz: every option's `correct`); the same string when nothing differs. */
  hostJson: string;
  /** JSON of the questions' part of each view: GET /polls/{slug} sends it inside a head built
   *  from the row it has just read (pollViewJson). */
  questionsJson: string;
  hostQuestionsJson: string;
  /** Grows with every snapshot this cache makes, of any poll: newer is larger. */
  version: number;
}

/** One serialised form of a summary. */
export interface SummaryView {
  summary: Summary;
  /** JSON of `summary`, exactly as GET /polls/{slug}/summary sends it. */
  json: string;
  /** Strong ETag: a hash of `json`, so equal content has an equal tag on every instance. */
  etag: string;
}

/** The host's view (all counts, every open answer and word), and the one for everyone else (no
 *  counts of a question whose results are hidden, only visible open answers and words not
 *  hidden; the very same object when nothing differs). */
export interface SummarySnapshot extends SummaryView {
  audience: SummaryView;
  version: number;
}

/** What a caller receives: the host sees everything. */
export function summaryViewFor(snapshot: SummarySnapshot, isHost: boolean): SummaryView {
  return isHost ? snapshot : snapshot.audience;
}

/** Each question's JSON, kept with the question: the parts a rebuild reuses (the clouds no
 *  ballot touched) are not serialised again. A poll with 100 full clouds has a 1.2 MB summary,
 *  ~10–15 ms to serialise whole on every vote. Snapshots are never changed once built. */
const questionJson = new WeakMap<object, string>();

/** JSON.stringify(summary), from the questions' memoised JSON (`questions` is its last key). */
function summaryJson(summary: Summary): string {
  const { questions, ...head } = summary;
  const parts = questions.map((q) => {
    let json = questionJson.get(q);
    if (json === undefined) {
      json = JSON.stringify(q);
      questionJson.set(q, json);
    }
    return json;
  });
  const empty = JSON.stringify({ ...head, questions: [] });
  return `${empty.slice(0, -2)}${parts.join(',')}]}`;
}

export function viewOf(summary: Summary): SummaryView {
  const json = summaryJson(summary);
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  return { summary, json, etag };
}

/**
 * Heap bytes a snapshot holds, estimated from its JSON: the string itself plus the parsed view
 * and the rows it was built from. Measured on 100 × 50 polls with texts at their maximum
 * lengths: 1.67 MB of JSON (poll and summary) held 4.1 MB of heap, 2.45×; 3× errs on the
 * safe side.
 */
export function snapshotBytes(json: string): number {
  return json.length * 3;
}

/** A snapshot, and how long building it took when the call asking is the one that caused the
 *  build (0 when it was kept, or built for someone else). */
export interface Paid<T> {
  snapshot: T | undefined;
  builtMs: number;
}
