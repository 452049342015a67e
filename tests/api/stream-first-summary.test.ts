import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type Limits } from '../../src/server/limits.ts';
import { createLocalBus } from '../../src/server/live/change-bus.ts';
import { createLive } from '../../src/server/live/live.ts';
import { openPublicPoll } from '../helpers/read-cost-app.ts';
import { openStream } from '../helpers/sse-client.ts';
import { setUpTestApp } from './api-client.ts';

/**
 * With a bus that brings other instances' changes late (Redis), a stream's first summary is
 * rebuilt after it was asked for (issue 29's failover). That rebuild is paid from the read
 * budget like any anonymous read that makes the server build: an address in debt gets the
 * cached summary instead, so opening and closing streams of a public poll in a loop cannot
 * make the server rebuild it at will. Here an address's budget holds no burst at all and
 * refills at 1 ms per 1,000 s: its first rebuild puts it in debt for good.
 */
const limits: Limits = {
  ...DEFAULT_LIMITS,
  POLL_CREATE_BURST: 1_000,
  POLL_EDIT_BURST: 1_000,
  READ_REBUILD_BURST_MS: 0,
  READ_REBUILD_MS_PER_S: 0.001,
  READ_REBUILD_SERVER_BURST_MS: 100_000,
  READ_REBUILD_SERVER_MS_PER_S: 100_000,
};
const server = setUpTestApp({
  config: { port: 0, rateLimits: { enabled: true, limits } },
  listen: true,
  // A local bus that says what a Redis bus says: other instances' changes arrive late.
  live: (store) =>
    createLive(store, { ...createLocalBus(), othersArriveLate: true }, { windowMs: 0 }),
});

describe("a stream's first summary on an instance that hears the others late", () => {
  it('is rebuilt for the host every time, and for an anonymous address only while its read budget lasts', async () => {
    const poll = await openPublicPoll(server);
    const getTally = server.store.getTally.bind(server.store);
    let rebuilds = 0;
    server.store.getTally = async (...args) => {
      rebuilds++;
      return getTally(...args);
    };
    try {
      const url = `${server.apiUrl}/polls/${poll.slug}/events`;
      const firstSummary = async (headers: Record<string, string> = {}) => {
        const stream = await openStream(url, headers);
        try {
          expect(stream.status).toBe(200);
          const frame = await stream.next((e) => e.event === 'summary');
          return JSON.parse(frame.data).totalVotes as number;
        } finally {
          stream.close();
        }
      };
      // The host's streams: a rebuild each, never refused.
      for (let i = 0; i < 3; i++) {
        expect(await firstSummary({ 'x-host-secret': poll.secret })).toBe(0);
      }
      expect(rebuilds).toBe(3);
      // An anonymous address: its first stream pays for a rebuild and puts it in debt; the
      // next ones still open, with the cached summary, and rebuild nothing.
      for (let i = 0; i < 5; i++) expect(await firstSummary()).toBe(0);
      expect(rebuilds).toBe(4);
    } finally {
      server.store.getTally = getTally;
    }
  });
});
