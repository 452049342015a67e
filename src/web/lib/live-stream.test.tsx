import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventServer, isEventsUrl } from '../../../tests/helpers/fake-event-stream.ts';
import { makePoll, makeSummary } from '../../../tests/helpers/live-fixtures.ts';
import { json, mockFetch } from '../../../tests/helpers/render-web.tsx';
import type { LiveEvent } from '../../contract/live-events.ts';
import {
  CONNECT_TIMEOUT_MS,
  HIDDEN_CLOSE_MS,
  IDLE_TIMEOUT_MS,
  type LiveStatus,
  openLiveStream,
  reconnectDelay,
  useLiveStream,
} from './live-stream.ts';
import { createQueryClient, queryKeys } from './query.ts';

const half = () => 0.5; // no jitter: delays are the plain steps

/** Lets pending reads and promise chains run without moving the clock. */
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Opens a stream whose requests `handler` answers (by default: a new fake stream each time). */
function open(server: FakeEventServer, handler?: (init: RequestInit) => Response) {
  const fetchMock = mockFetch((url, init) => {
    if (!isEventsUrl(url)) throw new Error(`unexpected request ${url}`);
    return handler ? handler(init) : server.handle(init);
  });
  const events: LiveEvent[] = [];
  const statuses: LiveStatus[] = [];
  const stream = openLiveStream({
    url: '/api/v1/polls/abc/events',
    onEvent: (e) => events.push(e),
    onStatus: (s) => statuses.push(s),
    random: half,
  });
  return { fetchMock, events, statuses, stream };
}

describe('reconnectDelay', () => {
  it('backs off 1 s, 2 s, 5 s, then stays at 15 s', () => {
    expect([0, 1, 2, 3, 4, 9].map((n) => reconnectDelay(n, null, half))).toEqual([
      1000, 2000, 5000, 15_000, 15_000, 15_000,
    ]);
  });

  it("uses the server's retry hint for the first wait and jitters by ±25 %, never over 15 s", () => {
    expect(reconnectDelay(0, 2000, half)).toBe(2000);
    expect(reconnectDelay(0, 2000, () => 0)).toBe(1500);
    expect(reconnectDelay(0, 2000, () => 1)).toBe(2500);
    expect(reconnectDelay(1, 2000, () => 0)).toBe(1500);
    expect(reconnectDelay(5, null, () => 1)).toBe(15_000);
    expect(reconnectDelay(0, 60_000, half)).toBe(15_000);
  });
});

describe('openLiveStream', () => {
  it('goes live on the first event and delivers valid poll and summary frames', async () => {
    const server = new FakeEventServer();
    const { events, statuses, stream } = open(server);
    await flush();
    expect(statuses).toEqual(['connecting']);
    expect(server.last.headers.accept).toBe('text/event-stream');
    server.last.write('retry: 2000\n\n');
    server.last.send('poll', makePoll(), 1);
    server.last.send('summary', makeSummary(), 2);
    server.last.write(': ping\n\n');
    server.last.send('summary', { not: 'a summary' }, 3);
    server.last.write('event: summary\ndata: {broken\n\n');
    server.last.send('vote', { x: 1 }, 4);
    await flush();
    expect(statuses).toEqual(['connecting', 'live']);
    expect(events.map((e) => e.type)).toEqual(['poll', 'summary']);
    expect(events[0]?.data).toEqual(makePoll());
    stream.close();
  });

  it('decodes UTF-8 split inside a character', async () => {
    const server = new FakeEventServer();
    const { events, stream } = open(server);
    await flush();
    const bytes = new TextEncoder().encode(
      `event: poll\ndata: ${JSON.stringify(makePoll({ title: 'Votación ñandú' }))}\n\n`,
    );
    const cut = bytes.indexOf(0xc3) + 1; // between the two bytes of 'ó'
    server.last.writeBytes(bytes.slice(0, cut));
    await flush();
    server.last.writeBytes(bytes.slice(cut));
    await flush();
    expect(events[0]?.type === 'poll' && events[0].data.title).toBe('Votación ñandú');
    stream.close();
  });

  it('after a working stream drops, reconnects after the retry hint with Last-Event-ID', async () => {
    const server = new FakeEventServer();
    const { statuses, events, stream } = open(server);
    await flush();
    server.last.write('retry: 3000\n\n');
    server.last.send('poll', makePoll(), 41);
    server.last.send('summary', makeSummary(), 42);
    await flush();
    server.last.end();
    await flush();
    // A first quick retry is not an outage yet.
    expect(statuses).toEqual(['connecting', 'live', 'connecting']);
    await advance(2999);
    expect(server.streams).toHaveLength(1);
    await advance(1);
    expect(server.streams).toHaveLength(2);
    expect(server.last.headers['last-event-id']).toBe('42');
    server.last.send('summary', makeSummary({ totalVotes: 4 }), 43);
    await flush();
    expect(statuses).toEqual(['connecting', 'live', 'connecting', 'live']);
    expect(events).toHaveLength(3);
    stream.close();
  });

  it('when the server is unreachable says down and backs off 1, 2, 5, 15, 15 s', async () => {
    const { fetchMock, statuses, stream } = open(new FakeEventServer(), () => {
      throw new TypeError('Failed to fetch');
    });
    await flush();
    expect(statuses).toEqual(['connecting', 'down']);
    const times: number[] = [];
    let calls = fetchMock.mock.calls.length;
    for (let t = 0; t < 40_000; t += 500) {
      await advance(500);
      if (fetchMock.mock.calls.length > calls) {
        times.push(t + 500);
        calls = fetchMock.mock.calls.length;
      }
    }
    expect(times).toEqual([1000, 3000, 8000, 23_000, 38_000]);
    expect(statuses).toEqual(['connecting', 'down']);
    stream.close();
  });

  it('a failed retry after a drop is down; the next working stream is live again', async () => {
    const server = new FakeEventServer();
    let up = true;
    const { statuses, stream } = open(server, (init) => {
      if (!up) throw new TypeError('Failed to fetch');
      return server.handle(init);
    });
    await flush();
    server.last.send('poll', makePoll(), 1);
    await flush();
    up = false;
    server.last.fail();
    await flush();
    await advance(1000);
    expect(statuses).toEqual(['connecting', 'live', 'connecting', 'down']);
    up = true;
    await advance(2000);
    server.last.send('poll', makePoll(), 2);
    await flush();
    expect(statuses.at(-1)).toBe('live');
    stream.close();
  });

  it('stops on 404: the poll does not exist, and the fallback GET will say so', async () => {
    const { fetchMock, statuses, stream } = open(new FakeEventServer(), () =>
      json({ message: 'Encuesta no encontrada', code: 'POLL_NOT_FOUND' }, 404),
    );
    await flush();
    await advance(60_000);
    expect(statuses).toEqual(['connecting', 'down']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stream.close();
  });

  it('treats a response that is not an event stream (5xx, HTML) as a failure to retry', async () => {
    const { fetchMock, statuses, stream } = open(new FakeEventServer(), () =>
      json({ message: 'boom' }, 503),
    );
    await flush();
    await advance(1000);
    expect(statuses).toEqual(['connecting', 'down']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stream.close();
  });

  it('gives up on a connection that sends nothing in time, and on one that goes silent', async () => {
    const server = new FakeEventServer();
    const { statuses, stream } = open(server);
    await flush();
    await advance(CONNECT_TIMEOUT_MS);
    expect(server.streams[0]?.cancelled).toBe(true);
    expect(statuses).toEqual(['connecting', 'down']);
    await advance(1000);
    server.last.send('poll', makePoll(), 1);
    await flush();
    expect(statuses.at(-1)).toBe('live');
    // Heartbeats keep it open...
    await advance(IDLE_TIMEOUT_MS - 1000);
    server.last.write(': ping\n\n');
    await advance(IDLE_TIMEOUT_MS - 1000);
    expect(server.streams[1]?.cancelled).toBe(false);
    // ...silence past the limit ends it.
    await advance(1000);
    expect(server.streams[1]?.cancelled).toBe(true);
    expect(statuses.at(-1)).toBe('connecting');
    stream.close();
  });

  it('close ends the connection and every retry', async () => {
    const server = new FakeEventServer();
    const { fetchMock, statuses, events, stream } = open(server);
    await flush();
    server.last.send('poll', makePoll(), 1);
    await flush();
    stream.close();
    await flush();
    expect(server.last.cancelled).toBe(true);
    server.last.send('poll', makePoll({ title: 'Tarde' }), 2);
    await advance(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(events).toHaveLength(1);
    expect(statuses).toEqual(['connecting', 'live']);
  });
});

describe('useLiveStream', () => {
  function renderStream(hostSecret: string | null) {
    const server = new FakeEventServer();
    const fetchMock = mockFetch((url, init) => {
      if (isEventsUrl(url)) return server.handle(init);
      throw new TypeError('Failed to fetch');
    });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const onEvent = vi.fn();
    const hook = renderHook(() => useLiveStream('abc', { hostSecret, onEvent }), { wrapper });
    return { server, fetchMock, queryClient, hook, onEvent };
  }

  function setHidden(hidden: boolean) {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (hidden ? 'hidden' : 'visible'),
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }

  afterEach(() => setHidden(false));

  it('writes poll and summary into the query cache and reports status', async () => {
    const { server, queryClient, hook, onEvent } = renderStream(null);
    await flush();
    expect(hook.result.current).toBe('connecting');
    server.last.send('poll', makePoll(), 1);
    server.last.send('summary', makeSummary(), 2);
    await flush();
    expect(hook.result.current).toBe('live');
    expect(queryClient.getQueryData(queryKeys.poll('abc'))).toEqual(makePoll());
    expect(queryClient.getQueryData(queryKeys.summary('abc'))).toEqual(makeSummary());
    expect(onEvent.mock.calls.map(([e]) => e.type)).toEqual(['poll', 'summary']);
    hook.unmount();
    expect(server.last.cancelled).toBe(true);
  });

  it("merges a quiz player's own frame into what GET …/me gave, keeping its answers", async () => {
    const { server, queryClient, hook } = renderStream(null);
    await flush();
    const me = {
      answeredQuestionIds: [7],
      nickname: 'Ana',
      score: 0,
      rank: 1,
      players: 2,
      results: [],
    };
    queryClient.setQueryData(queryKeys.answered('abc'), me);
    const pushed = {
      nickname: 'Ana',
      score: 950,
      rank: 1,
      players: 2,
      results: [{ questionId: 7, correct: true, points: 950 }],
    };
    server.last.send('player', pushed, 3);
    // A malformed one never lands in the cache.
    server.last.send('player', { score: 5 }, 4);
    await flush();
    expect(queryClient.getQueryData(queryKeys.answered('abc'))).toEqual({
      ...pushed,
      answeredQuestionIds: [7],
    });
    hook.unmount();
  });

  it('sends the host secret as a header, never in the URL', async () => {
    const { fetchMock, server, hook } = renderStream('s3cret');
    await flush();
    const url = String(fetchMock.mock.calls[0]?.[0]);
    expect(url).toBe('/api/v1/polls/abc/events');
    expect(server.last.headers['x-host-secret']).toBe('s3cret');
    hook.unmount();
  });

  it('keeps the stream while briefly hidden, closes it after a minute, reopens when shown', async () => {
    const { server, hook } = renderStream(null);
    await flush();
    server.last.send('poll', makePoll(), 5);
    await flush();
    setHidden(true);
    // The server's heartbeats keep the hidden tab's stream going.
    for (let t = 0; t < HIDDEN_CLOSE_MS - 1000; t += 14_750) {
      await advance(14_750);
      server.last.write(': ping\n\n');
    }
    expect(server.streams).toHaveLength(1);
    expect(server.last.cancelled).toBe(false);
    await advance(1000);
    expect(server.last.cancelled).toBe(true);
    expect(hook.result.current).toBe('connecting');
    setHidden(false);
    await flush();
    expect(server.streams).toHaveLength(2);
    server.last.send('poll', makePoll(), 6);
    await flush();
    expect(hook.result.current).toBe('live');
    hook.unmount();
  });
});
