import { describe, expect, it } from 'vitest';
import { httpFrom } from '../helpers/http-from.ts';
import { openPublicPoll, setUpReadCostApp } from '../helpers/read-cost-app.ts';
import type { HostedPoll } from './api-client.ts';

/**
 * A rebuild is charged its share of the time it ran beside the others (src/server/shared-clock.ts),
 * not its wall time: 32 readers' builds in parallel were charged 26–51 s in all for ~2.7 s of the
 * server's CPU, and the server-wide budget then refused every anonymous rebuild for minutes. Here
 * 16 polls load at once, each held 300 ms by its database read: ~0.3 s of the server's time in
 * all, within the server's 1 s burst, so the next reader is served (charged by wall time, 4.8 s:
 * refused with 503).
 */
const server = setUpReadCostApp({ burstMs: 1_000, perSecondMs: 1 });

describe('rebuilds that run side by side', () => {
  it('are charged their share of the time, so parallel loads do not put the server in debt', async () => {
    const polls: HostedPoll[] = [];
    for (let i = 0; i < 17; i++) polls.push(await openPublicPoll(server));
    const listQuestions = server.store.listQuestions.bind(server.store);
    server.store.listQuestions = async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return listQuestions(...args);
    };
    try {
      const parallel = await Promise.all(
        polls
          .slice(0, 16)
          .map((poll, i) => httpFrom(`127.0.4.${i + 1}`, `${server.apiUrl}/polls/${poll.slug}`)),
      );
      expect(parallel.map((r) => r.status)).toEqual(polls.slice(0, 16).map(() => 200));
      const next = await httpFrom('127.0.5.1', `${server.apiUrl}/polls/${polls[16]!.slug}`);
      expect(next.status).toBe(200);
    } finally {
      server.store.listQuestions = listQuestions;
    }
  });
});
