import type { Poll } from './poll.ts';
import type { Summary } from './summary.ts';

/**
 * Server-sent events of GET /polls/{slug}/events.
 * `summary` goes only to clients allowed to see results; `poll` goes to everyone.
 */
export type LiveEvent = { type: 'summary'; data: Summary } | { type: 'poll'; data: Poll };
export type LiveEventType = LiveEvent['type'];

/** Heartbeat comment period, so proxies keep the stream open. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** Reconnect hint sent as `retry:`. */
export const LIVE_RETRY_MS = 2_000;
/** Changes within this window after the first one merge into one frame. */
export const LIVE_COALESCE_MS = 200;
