import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ChangeBus, createLocalBus } from './change-bus.ts';
import { LiveHub } from './hub.ts';
import { FakeReads, FakeSink } from './hub-fakes.ts';

describe('LiveHub', () => {
  let bus: ChangeBus;
  let reads: FakeReads;
  let hub: LiveHub;
  const settle = () => vi.advanceTimersByTimeAsync(0);
  const join = (isHost: boolean, lastEventId?: number) => {
    const sink = new FakeSink();
    const client = hub.join(sink, {
      slug: 'abc',
      isHost,
      lastEventId,
      poll: reads.pollSnap,
      summary: isHost ? reads.summarySnap : undefined,
    });
    return { sink, client: client! };
  };

  beforeEach(() => {
    vi.useFakeTimers();
    bus = createLocalBus();
    reads = new FakeReads();
    hub = new LiveHub(reads, bus, {
      heartbeatMs: 15_000,
      limits: { drainTimeoutMs: 3000, maxBufferedBytes: 1000 },
      log: () => {},
    });
  });
  afterEach(() => {
    hub.close();
    vi.useRealTimers();
  });

  it('opens with the retry hint and the state; summaries only to who may see them', async () => {
    const host = join(true);
    const guest = join(false);
    await settle();
    expect(host.sink.events()).toEqual([
      ['retry', '2000'],
      ['poll', '{"status":"open","public":false}'],
      ['summary', '{"totalVotes":0}'],
      // The host hears how many have the participation page open (none here).
      ['presence', '{"participants":0}'],
    ]);
    expect(guest.sink.events()).toEqual([
      ['retry', '2000'],
      ['poll', '{"status":"open","public":false}'],
    ]);
    expect(hub.stats()).toEqual({ topics: 1, clients: 2 });
  });

  it('writes one frame, the same bytes, to every client allowed to see results', async () => {
    reads.setPoll({ resultsPublic: true });
    const clients = [join(true), join(false), join(false)];
    await settle();
    reads.setSummary(5);
    bus.publish({ slug: 'abc', kind: 'votes' });
    await settle();
    const last = clients.map((c) => c.sink.chunks.at(-1));
    expect(last[0]!.toString()).toContain('data: {"totalVotes":5}');
    expect(last[1]).toBe(last[0]);
    expect(last[2]).toBe(last[0]);
    // Another poll's change reaches nobody here.
    bus.publish({ slug: 'other', kind: 'votes' });
    await settle();
    expect(clients[0]!.sink.chunks.at(-1)).toBe(last[0]);
  });

  it('builds no summary for a private poll nobody may see', async () => {
    join(false);
    await settle();
    const before = reads.summaryReads;
    bus.publish({ slug: 'abc', kind: 'votes' });
    await settle();
    expect(reads.summaryReads).toBe(before);
  });

  it('decides again who sees results when the poll changes', async () => {
    const guest = join(false);
    await settle();
    reads.setPoll({ status: 'closed' });
    reads.setSummary(3);
    bus.publish({ slug: 'abc', kind: 'poll' });
    await settle();
    expect(guest.sink.events().slice(2)).toEqual([
      ['poll', '{"status":"closed","public":false}'],
      ['summary', '{"totalVotes":3}'],
    ]);

    const open = join(false);
    reads.setPoll({ status: 'open', resultsPublic: true });
    bus.publish({ slug: 'abc', kind: 'poll' });
    await settle();
    reads.setPoll({ resultsPublic: false });
    bus.publish({ slug: 'abc', kind: 'poll' });
    await settle();
    const seen = open.sink.events().length;
    reads.setSummary(4);
    bus.publish({ slug: 'abc', kind: 'votes' });
    await settle();
    expect(open.sink.events()).toHaveLength(seen);
  });

  it('sends nothing when a change re-reads the same state', async () => {
    const { sink } = join(true);
    await settle();
    const before = sink.chunks.length;
    // New snapshots, same content: what a staleness guard's refresh produces.
    reads.pollSnap = { ...reads.pollSnap, version: reads.pollSnap.version + 10 };
    reads.summarySnap = { ...reads.summarySnap, version: reads.summarySnap.version + 10 };
    hub.refresh('abc');
    await settle();
    expect(sink.chunks.length).toBe(before);
  });

  it('gives increasing ids, above a reconnecting client’s Last-Event-ID', async () => {
    const a = join(true);
    await settle();
    // A client that saw the newest id of this topic (another instance may be a little ahead).
    const seen = Math.max(...a.sink.ids());
    const b = join(true, seen);
    await settle();
    reads.setSummary(1);
    bus.publish({ slug: 'abc', kind: 'votes' });
    await settle();
    for (const ids of [a.sink.ids(), b.sink.ids()]) {
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect(b.sink.ids()[0]).toBeGreaterThan(seen);
  });

  it('clamps a Last-Event-ID beyond the topic’s current id, so later ids do not stick', async () => {
    const a = join(true);
    await settle();
    const huge = 9_999_999_999_999_998; // 16 digits, the most parseLastEventId accepts
    const b = join(true, huge);
    await settle();
    reads.setSummary(1);
    bus.publish({ slug: 'abc', kind: 'votes' });
    await settle();
    // Ids stay on the clock: a few ms ahead at most, never at the made-up value.
    for (const id of [...a.sink.ids(), ...b.sink.ids()]) {
      expect(id).toBeLessThan(Date.now() + 1000);
    }
    const ids = b.sink.ids();
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sends a heartbeat comment every period', async () => {
    const { sink } = join(false);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(sink.events().filter(([t]) => t === 'ping')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sink.events().at(-1)).toEqual(['ping', '']);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sink.events().filter(([t]) => t === 'ping')).toHaveLength(2);
  });

  it('drops a client whose buffer does not drain in time, and deletes its empty topic', async () => {
    const slow = join(true);
    const fine = join(true);
    await settle();
    slow.sink.reading = false;
    reads.setSummary(1);
    bus.publish({ slug: 'abc', kind: 'votes' });
    await settle();
    await vi.advanceTimersByTimeAsync(2999);
    expect(slow.sink.destroyed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(slow.sink.destroyed).toBe(true);
    expect(fine.sink.destroyed).toBe(false);
    expect(hub.stats()).toEqual({ topics: 1, clients: 1 });
    hub.leave(fine.client);
    expect(hub.stats()).toEqual({ topics: 0, clients: 0 });
    expect([...hub.slugs()]).toEqual([]);
  });

  it('keeps a client that drains in time', async () => {
    const { sink } = join(true);
    await settle();
    sink.reading = false;
    reads.setSummary(1);
    bus.publish({ slug: 'abc', kind: 'votes' });
    await settle();
    await vi.advanceTimersByTimeAsync(2000);
    sink.drain();
    await vi.advanceTimersByTimeAsync(5000);
    expect(sink.destroyed).toBe(false);
    expect(hub.stats().clients).toBe(1);
  });

  it('drops a client at once when its buffer passes the cap', async () => {
    const { sink } = join(true);
    await settle();
    sink.reading = false;
    for (let n = 1; n <= 40 && !sink.destroyed; n++) {
      reads.setSummary(n);
      bus.publish({ slug: 'abc', kind: 'votes' });
      await settle();
    }
    expect(sink.destroyed).toBe(true);
    // The cap plus room for the latest poll and summary frames (a few hundred bytes here).
    expect(sink.writableLength).toBeLessThan(1000 + 500);
    expect(hub.stats()).toEqual({ topics: 0, clients: 0 });
  });

  it('removes a client that disconnects; the topic goes with the last one', () => {
    const a = join(false);
    const b = join(false);
    hub.leave(a.client);
    expect(hub.stats()).toEqual({ topics: 1, clients: 1 });
    hub.leave(b.client);
    expect(hub.stats()).toEqual({ topics: 0, clients: 0 });
  });

  it('ends every stream on close and refuses new ones', () => {
    const a = join(false);
    hub.close();
    expect(a.sink.ended).toBe(true);
    const late = new FakeSink();
    expect(hub.join(late, { slug: 'abc', isHost: false, poll: reads.pollSnap })).toBeUndefined();
    expect(late.ended).toBe(true);
  });

  it('watches the poll’s votes on the bus while a stream may see results, not for others', async () => {
    const watches = new Map<string, number>();
    const counting: ChangeBus = {
      ...bus,
      watchVotes(slug) {
        watches.set(slug, (watches.get(slug) ?? 0) + 1);
        return () => watches.set(slug, (watches.get(slug) ?? 0) - 1);
      },
    };
    hub.close();
    hub = new LiveHub(reads, counting, { log: () => {} });
    // A private poll's participant sees no results: other instances' ballots are no concern.
    const guest = join(false);
    await settle();
    expect(watches.get('abc') ?? 0).toBe(0);
    const host = join(true);
    const other = join(true);
    await settle();
    expect(watches.get('abc')).toBe(1);
    hub.leave(host.client);
    expect(watches.get('abc')).toBe(1);
    hub.leave(other.client);
    expect(watches.get('abc')).toBe(0);
    hub.leave(guest.client);
  });
});
