import { describe, expect, it } from 'vitest';
import {
  MAX_OPTIONS_PER_QUESTION,
  MAX_QUESTIONS_PER_POLL,
  OPTION_TEXT_MAX,
  POLL_TITLE_MAX,
  QUESTION_TEXT_MAX,
} from '../../src/contract/index.ts';
import { openStream } from '../helpers/sse-client.ts';
import { testJoinCode } from '../store/test-join-codes.ts';
import { setUpTestApp, streamsClosedAfterAll } from './api-client.ts';

// A poll at the contract's limits: 100 questions × 50 options, every text at its maximum in
// two-byte letters. Its first frames (poll + summary) are megabytes in one write each, more than
// the stream's send buffer cap (1 MB) held at once: every stream of it was dropped before its
// first byte.

const api = setUpTestApp({
  config: { port: 0 },
  listen: true,
});
const streams = streamsClosedAfterAll();

/** Built through the store: through the API the edit bucket and 5,000 requests would be slow. */
async function pollAtTheLimits(slug: string) {
  const poll = await api.store.createPoll({
    slug,
    title: 'ñ'.repeat(POLL_TITLE_MAX),
    hostSecretHash: 'h',
    oneVotePerQuestion: false,
    resultsPublic: true,
    status: 'open',
    joinCode: testJoinCode(),
  });
  for (let q = 0; q < MAX_QUESTIONS_PER_POLL; q++) {
    await api.store.addQuestion(poll.id, {
      text: `${q} `.padEnd(QUESTION_TEXT_MAX, 'ñ'),
      type: 'multiple',
      options: Array.from({ length: MAX_OPTIONS_PER_QUESTION }, (_, o) => ({
        text: `${o} `.padEnd(OPTION_TEXT_MAX, 'ñ'),
      })),
    });
  }
  return poll;
}

describe('the live stream of a poll at the contract limits', () => {
  it('delivers its first poll and summary frames to every stream', async () => {
    const { slug } = await pollAtTheLimits('Enormeab');
    const opened = await Promise.all(
      Array.from({ length: 3 }, () => openStream(`${api.apiUrl}/polls/${slug}/events`)),
    );
    streams.push(...opened);
    for (const stream of opened) {
      expect(stream.status).toBe(200);
      const poll = await stream.next((e) => e.event === 'poll', 20_000);
      const summary = await stream.next((e) => e.event === 'summary', 20_000);
      const bytes = Buffer.byteLength(poll.data) + Buffer.byteLength(summary.data);
      expect(bytes).toBeGreaterThan(1024 * 1024);
      expect(JSON.parse(poll.data).questions).toHaveLength(MAX_QUESTIONS_PER_POLL);
      expect(JSON.parse(summary.data).questions).toHaveLength(MAX_QUESTIONS_PER_POLL);
    }
    // A vote: every stream gets the next summary (megabytes again) as well.
    const question = JSON.parse(opened[0]!.events.find((e) => e.event === 'poll')!.data)
      .questions[0];
    const vote = await fetch(`${api.apiUrl}/polls/${slug}/votes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        answers: [{ questionId: question.id, optionIds: [question.options[0].id] }],
      }),
    });
    expect(vote.status).toBe(201);
    for (const stream of opened) {
      await stream.next(
        (e) => e.event === 'summary' && JSON.parse(e.data).totalVotes === 1,
        20_000,
      );
    }
  }, 60_000);
});
