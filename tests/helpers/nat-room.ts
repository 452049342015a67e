import { PARTICIPANT_COOKIE } from '../../src/contract/index.ts';
import { openStream, type SseStream } from './sse-client.ts';

/**
 * A room of phones behind one address, as a browser's participation page behaves: load the poll
 * (the server issues the participant cookie), open the page's event stream with that cookie, and
 * answer. Every phone is a fetch from this process, so the server sees them all on 127.0.0.1:
 * one school NAT address. Used by the room tests and bench/room-*.ts.
 */
export interface Phone {
  cookie: string;
  stream?: SseStream;
}

export interface CallResult {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read bodies as they need
  body: any;
  cookie?: string;
}

/** One call of the API at `apiUrl` (…/api/v1) with an optional cookie and host secret. */
export async function apiCall(
  apiUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; secret?: string } = {},
): Promise<CallResult> {
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
      ...(options.cookie && { cookie: `${PARTICIPANT_COOKIE}=${options.cookie}` }),
      ...(options.secret && { 'x-host-secret': options.secret }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${PARTICIPANT_COOKIE}=`));
  return {
    status: res.status,
    body: text ? safeJson(text) : undefined,
    cookie: set?.slice(PARTICIPANT_COOKIE.length + 1).split(';')[0],
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `count` phones open the poll's page: each gets its cookie from GET /polls/{slug}. */
export async function joinPhones(apiUrl: string, slug: string, count: number): Promise<Phone[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const res = await apiCall(apiUrl, 'GET', `/polls/${slug}`);
      if (res.status !== 200 || !res.cookie) throw new Error(`phone not let in: ${res.status}`);
      return { cookie: res.cookie };
    }),
  );
}

/** Each phone opens the page's event stream of `slug`, carrying its cookie (its seat). */
export async function openPages(apiUrl: string, slug: string, phones: Phone[]): Promise<void> {
  await Promise.all(
    phones.map(async (phone) => {
      // Like EventSource, a refused stream tries again: the streams of a page just left may
      // still hold their places for a moment.
      for (let attempt = 0; ; attempt++) {
        phone.stream = await openStream(`${apiUrl}/polls/${slug}/events?as=participant`, {
          cookie: `${PARTICIPANT_COOKIE}=${phone.cookie}`,
        });
        if (phone.stream.status === 200) return;
        phone.stream.close();
        if (attempt === 100) throw new Error(`stream refused: ${phone.stream.status}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }),
  );
}

export function closePages(phones: Phone[]): void {
  for (const phone of phones) {
    phone.stream?.close();
    phone.stream = undefined;
  }
}

/**
 * Every phone answers `questionId` with the option `pick(i)` gives, phone i after
 * `readMs(i)` (people read before they tap; 0: at once); the statuses, in order.
 */
export function answerAll(
  apiUrl: string,
  slug: string,
  phones: Phone[],
  questionId: number,
  pick: (i: number) => number,
  readMs: (i: number) => number = () => 0,
): Promise<number[]> {
  return Promise.all(
    phones.map(async (phone, i) => {
      const wait = readMs(i);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const res = await apiCall(apiUrl, 'POST', `/polls/${slug}/votes`, {
        cookie: phone.cookie,
        body: { answers: [{ questionId, optionIds: [pick(i)] }] },
      });
      return res.status;
    }),
  );
}

/** A person's reading time before answering: 0.5 to 2.5 s over the room. */
export const readingTime = (count: number) => (i: number) => 500 + (2_000 * i) / count;

/** How many of `statuses` are not `expected`, by status: `{}` when all are. */
export function tally(statuses: number[], expected = 201): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) if (s !== expected) out[s] = (out[s] ?? 0) + 1;
  return out;
}
