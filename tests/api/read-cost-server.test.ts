import { describe, expect, it } from 'vitest';
import { httpFrom } from '../helpers/http-from.ts';
import { openPublicPoll, setUpReadCostApp } from '../helpers/read-cost-app.ts';
import type { HostedPoll } from './api-client.ts';

/**
 * Issue 25, 'Rotating reads still saturate the CPU': each address had its own budget of
 * rebuilds, so the server's total grew with the number of addresses. A server-wide budget
 * (READ_REBUILD_SERVER_*) holds whatever their number: here it is spent by the first rebuild
 * and hardly refills, while each address's own budget is plenty.
 */
const server = setUpReadCostApp({ burstMs: 0, perSecondMs: 0.001 });
const openPoll = () => openPublicPoll(server);

describe('the server-wide budget of rebuilds for anonymous readers', () => {
  it('refuses reads that would build, from any number of addresses, with 503 and Retry-After', async () => {
    const polls: HostedPoll[] = [];
    for (let i = 0; i < 24; i++) polls.push(await openPoll());
    // 24 addresses in turn, each reading a poll nobody has loaded yet: each address's own budget
    // is untouched, but the server's is spent by the first build (a build is paid when it ends,
    // so the reads go one after another).
    const results = [];
    for (const [i, poll] of polls.entries()) {
      results.push(await httpFrom(`127.0.1.${i + 1}`, `${server.apiUrl}/polls/${poll.slug}`));
    }
    expect(results.map((r) => r.status)).toEqual([200, ...polls.slice(1).map(() => 503)]);
    for (const r of results.slice(1)) {
      expect(r.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(r.body.message).toMatch(/^El servidor está ocupado/);
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // Summaries alike, from yet other addresses.
    for (const [i, poll] of polls.slice(1).entries()) {
      const r = await httpFrom(`127.0.2.${i + 1}`, `${server.apiUrl}/polls/${poll.slug}/summary`);
      expect(r.status).toBe(503);
    }
  });

  it('still answers what is in memory, the host, and ballots', async () => {
    const poll = await openPoll();
    // The host loads it: the host never pays nor is refused.
    const hostRead = await httpFrom('127.0.3.1', `${server.apiUrl}/polls/${poll.slug}`, {
      headers: { 'x-host-secret': poll.secret },
    });
    expect(hostRead.status).toBe(200);
    // Now it is in memory: anonymous readers from anywhere get it, budget or not.
    for (let i = 2; i < 12; i++) {
      const read = await httpFrom(`127.0.3.${i}`, `${server.apiUrl}/polls/${poll.slug}`);
      expect(read.status).toBe(200);
    }
    const question = hostRead.body.questions[0];
    const ballot = await httpFrom('127.0.3.20', `${server.apiUrl}/polls/${poll.slug}/votes`, {
      body: { answers: [{ questionId: question.id, optionIds: [question.options[0].id] }] },
    });
    expect(ballot.status).toBe(201);
  });
});
