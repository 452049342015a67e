import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { API_BASE, routePath } from '../../contract/endpoints.ts';
import { HOST_SECRET_HEADER, LIVE_HEARTBEAT_MS } from '../../contract/limits.ts';
import type { LiveEvent, Presence } from '../../contract/live-events.ts';
import type { ParticipantState, Poll } from '../../contract/poll.ts';
import type { QaFrame } from '../../contract/qa.ts';
import type { Summary } from '../../contract/summary.ts';
import { queryKeys } from './query.ts';
import { type SseMessage, SseParser } from './sse-parser.ts';

/**
 * 'connecting': the first attempt (or the first quick retry after a working stream dropped);
 * 'live': the stream delivers events; 'down': it failed and is retried with backoff.
 */
export type LiveStatus = 'connecting' | 'live' | 'down';

/** Waits between reconnects: quick at first, then backing off so a dead server is not hammered. */
export const RECONNECT_STEPS_MS = [1000, 2000, 5000, 15_000] as const;
export const RECONNECT_MAX_MS = 15_000;
/** The server sends the current poll at once; silence this long means it is not coming. */
export const CONNECT_TIMEOUT_MS = 10_000;
/** Two missed heartbeats: the connection died without telling us (Wi-Fi gone, NAT timeout). */
export const IDLE_TIMEOUT_MS = LIVE_HEARTBEAT_MS * 2 + 5000;
/** A hidden tab keeps its stream (cheap) for this long, then lets it go until shown again. */
export const HIDDEN_CLOSE_MS = 60_000;

/** `asParticipant`: the participation page, counted in the host's presence figure. Such a
 *  stream carries `poll` frames only, never summaries (contract/live-events.ts). */
export function liveEventsPath(slug: string, asParticipant = false): string {
  return `${API_BASE}${routePath('pollEvents', { slug })}${asParticipant ? '?as=participant' : ''}`;
}

/**
 * Delay before reconnect attempt `attempt` (0-based). The server's `retry:` hint replaces the
 * first step; ±25 % jitter spreads a room of phones that lost the server at the same moment.
 */
export function reconnectDelay(attempt: number, retryHint: number | null, random: () => number) {
  const steps = RECONNECT_STEPS_MS;
  const step = steps[Math.min(attempt, steps.length - 1)] ?? RECONNECT_MAX_MS;
  const base = attempt === 0 && retryHint !== null ? retryHint : step;
  return Math.round(Math.min(RECONNECT_MAX_MS, base * (0.75 + 0.5 * random())));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The frames come from our own server, which serialises them through the contract; what is
 * checked here is that a frame has the shape the screens read, so a proxy's garbage or a
 * truncated frame never lands in the cache. (Parsing them with the contract's zod schemas would
 * put zod, a quarter of the participant page's script, into every phone's download.)
 */
function looksLikePoll(value: unknown): value is Poll {
  return (
    isObject(value) &&
    typeof value.slug === 'string' &&
    typeof value.title === 'string' &&
    typeof value.status === 'string' &&
    isObject(value.settings) &&
    Array.isArray(value.questions) &&
    value.questions.every((q) => isObject(q) && Array.isArray(q.options))
  );
}

function looksLikeSummary(value: unknown): value is Summary {
  return (
    isObject(value) &&
    typeof value.title === 'string' &&
    typeof value.totalVotes === 'number' &&
    Array.isArray(value.questions) &&
    value.questions.every((q) => isObject(q) && Array.isArray(q.options))
  );
}

function looksLikeQaFrame(value: unknown): value is QaFrame {
  return (
    isObject(value) &&
    Array.isArray(value.top) &&
    Array.isArray(value.recent) &&
    Array.isArray(value.answered) &&
    isObject(value.counts)
  );
}

function looksLikePresence(value: unknown): value is Presence {
  return isObject(value) && typeof value.participants === 'number' && value.participants >= 0;
}

/** Frames of the contract only; anything malformed is dropped rather than put in the cache. */
export function toLiveEvent(message: SseMessage): LiveEvent | null {
  if (!['poll', 'summary', 'presence', 'qa', 'deleted', 'player'].includes(message.event)) {
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse(message.data);
  } catch {
    return null;
  }
  if (message.event === 'poll') {
    return looksLikePoll(json) ? { type: 'poll', data: json } : null;
  }
  if (message.event === 'player') {
    return isObject(json) && Array.isArray(json.results)
      ? { type: 'player', data: json as Frame<'player'>['data'] }
      : null;
  }
  if (message.event === 'qa') return looksLikeQaFrame(json) ? { type: 'qa', data: json } : null;
  if (message.event === 'deleted') {
    return isObject(json) && typeof json.slug === 'string'
      ? { type: 'deleted', data: { slug: json.slug } }
      : null;
  }
  if (message.event === 'presence') {
    return looksLikePresence(json) ? { type: 'presence', data: json } : null;
  }
  return looksLikeSummary(json) ? { type: 'summary', data: json } : null;
}

export type LiveStreamOptions = {
  url: string;
  headers?: Record<string, string>;
  onEvent: (event: LiveEvent) => void;
  onStatus: (status: LiveStatus) => void;
  random?: () => number;
};

type Outcome = { kind: 'ended'; delivered: boolean } | { kind: 'refused'; status: number };

/** A 4xx other than timeout/rate limit is an answer (no such poll): asking again won't help. */
function isRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/**
 * Reads the event stream with fetch (EventSource cannot send X-Host-Secret), reconnecting with
 * backoff and Last-Event-ID until closed. Status changes are reported once each.
 */
export function openLiveStream(options: LiveStreamOptions): { close: () => void } {
  const random = options.random ?? Math.random;
  let closed = false;
  let current: AbortController | null = null;
  let wake: (() => void) | null = null;
  let lastEventId = '';
  let retryHint: number | null = null;
  let status: LiveStatus | null = null;

  const report = (next: LiveStatus) => {
    if (closed || status === next) return;
    status = next;
    options.onStatus(next);
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function connectOnce(): Promise<Outcome> {
    const controller = new AbortController();
    current = controller;
    let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
    let delivered = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(), ms);
    };
    // Cancelling the reader ends a pending read even where fetch ignores the signal.
    const onAbort = () => void reader?.cancel().catch(() => {});
    controller.signal.addEventListener('abort', onAbort);
    arm(CONNECT_TIMEOUT_MS);
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream', ...options.headers };
      if (lastEventId) headers['Last-Event-ID'] = lastEventId;
      const response = await fetch(options.url, {
        headers,
        signal: controller.signal,
        credentials: 'same-origin',
        cache: 'no-store',
      });
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.includes('text/event-stream') || !response.body) {
        void response.body?.cancel().catch(() => {});
        if (!response.ok && isRefusal(response.status)) {
          return { kind: 'refused', status: response.status };
        }
        return { kind: 'ended', delivered };
      }
      reader = response.body.getReader();
      if (controller.signal.aborted) onAbort();
      const decoder = new TextDecoder();
      const parser = new SseParser(
        {
          onMessage: (message) => {
            const event = closed ? null : toLiveEvent(message);
            if (!event) return;
            delivered = true;
            report('live');
            options.onEvent(event);
          },
          onRetry: (ms) => {
            retryHint = ms;
          },
        },
        lastEventId,
      );
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
        lastEventId = parser.lastEventId;
        // Any byte (a heartbeat too) proves the connection alive; until the first event the
        // connect timeout keeps running.
        if (delivered) arm(IDLE_TIMEOUT_MS);
      }
    } catch {
      // A network failure, our own abort (timeout, close) or a throwing handler: all end this
      // connection; the loop decides whether to try again.
    } finally {
      clearTimeout(timer);
      controller.signal.removeEventListener('abort', onAbort);
      current = null;
    }
    return { kind: 'ended', delivered };
  }

  async function run() {
    report('connecting');
    let attempt = 0;
    while (!closed) {
      const outcome = await connectOnce();
      if (closed) return;
      if (outcome.kind === 'refused') {
        // The caller's fallback (plain GETs) will meet the same answer and show it.
        report('down');
        return;
      }
      if (outcome.delivered) {
        // A stream that worked and dropped (server restart, proxy timeout) usually comes back
        // on the first try; only a failed retry counts as down.
        attempt = 0;
        report('connecting');
      } else {
        report('down');
      }
      await sleep(reconnectDelay(attempt, retryHint, random));
      wake = null;
      attempt += 1;
    }
  }

  void run();
  return {
    close: () => {
      closed = true;
      current?.abort();
      wake?.();
    },
  };
}

/** False once the page has been hidden for `afterMs`; true again as soon as it is shown. */
function usePageAwake(afterMs: number): boolean {
  const [awake, setAwake] = useState(true);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      clearTimeout(timer);
      if (document.visibilityState === 'hidden') timer = setTimeout(() => setAwake(false), afterMs);
      else setAwake(true);
    };
    onChange();
    document.addEventListener('visibilitychange', onChange);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onChange);
    };
  }, [afterMs]);
  return awake;
}

export type UseLiveStreamOptions = {
  /** Sent as X-Host-Secret so the host receives private results; never put in the URL. */
  hostSecret?: string | null;
  /** The participation page: counted as present for the host's view; gets no summaries. */
  asParticipant?: boolean;
  /** Called after each event has been written to the cache. */
  onEvent?: (event: LiveEvent) => void;
};

type Frame<T extends LiveEvent['type']> = Extract<LiveEvent, { type: T }>;

/** Where each kind of frame goes in the cache (a frame's kind, not a question's type). */
const frameWriters: {
  [T in LiveEvent['type']]: (client: QueryClient, slug: string, event: Frame<T>) => void;
} = {
  poll: (client, slug, { data }) => client.setQueryData(queryKeys.poll(slug), data),
  summary: (client, slug, { data }) => client.setQueryData(queryKeys.summary(slug), data),
  qa: (client, slug, { data }) => client.setQueryData(queryKeys.qaFrame(slug), data),
  presence: (client, slug, { data }) => client.setQueryData(queryKeys.presence(slug), data),
  // A quiz player's own points and rank after a close (issue 29), into what GET …/me gave.
  player: (client, slug, { data }) =>
    client.setQueryData<ParticipantState>(
      queryKeys.answered(slug),
      (me) => me && { ...me, ...data },
    ),
  // Erased by its host (issue 24): forget the poll; the refetch's 404 says 'Encuesta no
  // encontrada' on every screen that showed it.
  deleted: (client, slug) => void client.resetQueries({ queryKey: queryKeys.poll(slug) }),
};

function writeFrame(client: QueryClient, slug: string, event: LiveEvent): void {
  (frameWriters[event.type] as (c: QueryClient, s: string, e: LiveEvent) => void)(
    client,
    slug,
    event,
  );
}

/**
 * Follows GET /polls/{slug}/events and writes what arrives into the TanStack cache (`poll` under
 * queryKeys.poll, `summary` under queryKeys.summary, `presence` under queryKeys.presence), so the cache stays the only client store.
 * Returns the stream's status, which the caller uses to switch its polling fallback on and off.
 */
export function useLiveStream(slug: string, options: UseLiveStreamOptions = {}): LiveStatus {
  const { hostSecret = null, asParticipant = false } = options;
  const queryClient = useQueryClient();
  const awake = usePageAwake(HIDDEN_CLOSE_MS);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  // The latest callback without reconnecting when the caller passes a new function each render.
  const onEvent = useRef(options.onEvent);
  useEffect(() => {
    onEvent.current = options.onEvent;
  });

  useEffect(() => {
    if (!awake) {
      setStatus('connecting');
      return;
    }
    const stream = openLiveStream({
      url: liveEventsPath(slug, asParticipant),
      headers: hostSecret ? { [HOST_SECRET_HEADER]: hostSecret } : undefined,
      onStatus: setStatus,
      onEvent: (event) => {
        writeFrame(queryClient, slug, event);
        onEvent.current?.(event);
      },
    });
    return () => stream.close();
  }, [slug, hostSecret, asParticipant, awake, queryClient]);

  return status;
}
