import { EventEmitter } from 'node:events';
import type { PollRecord } from '../store/store.ts';
import type { PollSnapshot, SummarySnapshot } from './cache.ts';
import type { SseSink } from './sse.ts';

/** Stand-ins for the hub's unit tests: a socket and a cache the test drives by hand. */

/** A response that records what it was given and reads (or not) as the test says. */
export class FakeSink extends EventEmitter implements SseSink {
  chunks: Buffer[] = [];
  writableLength = 0;
  reading = true;
  ended = false;
  destroyed = false;
  write(chunk: Buffer): boolean {
    this.chunks.push(chunk);
    if (!this.reading) this.writableLength += chunk.length;
    return this.reading;
  }
  /** The client catches up. */
  drain(): void {
    this.reading = true;
    this.writableLength = 0;
    this.emit('drain');
  }
  end(): void {
    this.ended = true;
  }
  destroy(): void {
    this.destroyed = true;
  }
  /** Events as [type, data] ('ping' for heartbeats, 'retry' for the hint). */
  events(): [string, string][] {
    return Buffer.concat(this.chunks)
      .toString()
      .split('\n\n')
      .filter(Boolean)
      .map((frame) => {
        if (frame.startsWith(':')) return ['ping', ''];
        if (frame.startsWith('retry:')) return ['retry', frame.slice(7)];
        const field = (name: string) =>
          frame
            .split('\n')
            .find((l) => l.startsWith(`${name}: `))
            ?.slice(name.length + 2) ?? '';
        return [field('event'), field('data')];
      });
  }
  ids(): number[] {
    return [
      ...Buffer.concat(this.chunks)
        .toString()
        .matchAll(/^id: (\d+)$/gm),
    ].map((m) => Number(m[1]));
  }
}

/** Snapshots the test sets by hand, as the cache would after a change. */
export class FakeReads {
  private version = 0;
  pollSnap!: PollSnapshot;
  summarySnap!: SummarySnapshot;
  summaryReads = 0;
  constructor() {
    this.setPoll({});
    this.setSummary(0);
  }
  setPoll(changes: Partial<PollRecord>): PollSnapshot {
    const poll = { ...this.pollSnap?.poll, ...baseRecord, ...changes };
    this.pollSnap = {
      poll,
      questions: [],
      view: {} as PollSnapshot['view'],
      json: JSON.stringify({ status: poll.status, public: poll.resultsPublic }),
      hostJson: JSON.stringify({ status: poll.status, public: poll.resultsPublic }),
      questionsJson: '[]',
      hostQuestionsJson: '[]',
      version: ++this.version,
    };
    return this.pollSnap;
  }
  /** With `hiddenFromAudience`, the audience's JSON differs from the host's as a hidden
   *  question's would. */
  setSummary(totalVotes: number, hiddenFromAudience = false): SummarySnapshot {
    const host = {
      summary: {} as SummarySnapshot['summary'],
      json: JSON.stringify({ totalVotes }),
      etag: `"${totalVotes}"`,
    };
    const audience = hiddenFromAudience
      ? { ...host, json: JSON.stringify({ totalVotes, hidden: true }), etag: `"${totalVotes}h"` }
      : host;
    this.summarySnap = { ...host, audience, version: ++this.version };
    return this.summarySnap;
  }
  poll = async () => this.pollSnap;
  summary = async () => {
    this.summaryReads++;
    return this.summarySnap;
  };
}

export const baseRecord: PollRecord = {
  id: 1,
  slug: 'abc',
  title: 'T',
  status: 'open',
  oneVotePerQuestion: true,
  quiz: false,
  resultsPublic: false,
  presenterPace: false,
  currentQuestionId: null,
  hideResultsUntilRevealed: false,
  moderateText: false,
  qa: false,
  qaModerated: false,
  strictFilter: true,
  resultsAfterVote: false,
  opensAt: null,
  closesAt: null,
  speedPoints: false,
  joinCode: '123456',
  resetCount: 0,
  hostSecretHash: 'h',
  createdAt: new Date(0),
  updatedAt: new Date(0),
};
