import { describe, expect, it } from 'vitest';
import { FakeSink } from './hub-fakes.ts';
import { SseClient } from './sse.ts';

const limits = { drainTimeoutMs: 60_000, maxBufferedBytes: 1000 };
const frame = (bytes: number) => Buffer.alloc(bytes, 'x');

describe('SseClient buffer cap', () => {
  it("holds a big poll's state and one newer state unread, and drops past them", () => {
    const sink = new FakeSink();
    sink.reading = false;
    const dropped: string[] = [];
    const client = new SseClient('abc', false, sink, limits, (_c, reason) => dropped.push(reason));
    // First frames far bigger than the plain cap: kept while they drain.
    client.send(frame(5000), 'poll');
    client.send(frame(6000), 'summary');
    // A vote meanwhile: a newer summary behind the unread state, still kept.
    client.send(frame(6000), 'summary');
    expect(sink.destroyed).toBe(false);
    // Past the state, a newer one and the cap: a client that does not read is dropped.
    client.send(frame(6000), 'summary');
    client.send(frame(6000), 'summary');
    expect(sink.destroyed).toBe(true);
    expect(dropped).toEqual(['overflow']);
  });

  it('keeps the plain cap for small frames', () => {
    const sink = new FakeSink();
    sink.reading = false;
    const client = new SseClient('abc', false, sink, limits, () => {});
    client.send(frame(100), 'poll');
    client.send(frame(100), 'summary');
    for (let i = 0; i < 10 && !sink.destroyed; i++) client.send(frame(400));
    expect(sink.destroyed).toBe(true);
    // The cap (1,000) plus twice the small state (400), passed by one frame at most.
    expect(sink.writableLength).toBeLessThanOrEqual(1000 + 400 + 400);
  });
});
