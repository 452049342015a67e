import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testJoinCode } from '../../../tests/store/test-join-codes.ts';
import { openSqliteStore } from '../store/sqlite.ts';
import type { PollStore } from '../store/store.ts';
import { LiveCache } from './cache.ts';
import { type ChangeBus, createLocalBus } from './change-bus.ts';

describe('LiveCache', () => {
  let store: PollStore;
  let bus: ChangeBus;
  let cache: LiveCache;
  let pollId: number;
  let optionId: number;
  let questionId: number;
  let voter = 0;

  beforeEach(async () => {
    voter = 0;
    store = await openSqliteStore(':memory:');
    bus = createLocalBus();
    cache = new LiveCache(store, bus, { windowMs: 200 });
    const poll = await store.createPoll({
      slug: 'cacheme1',
      title: 'Caché',
      hostSecretHash: 'h',
      joinCode: testJoinCode(),
      oneVotePerQuestion: true,
      resultsPublic: true,
      status: 'open',
    });
    const q = await store.addQuestion(poll.id, {
      text: 'Q',
      type: 'yesno',
      options: [{ text: 'Sí' }],
    });
    pollId = poll.id;
    questionId = q.id;
    optionId = q.options[0]!.id;
  });
  afterEach(async () => {
    vi.useRealTimers();
    cache.close();
    await store.close();
  });

  const vote = async () => {
    await store.castVote({
      pollId,
      participantId: `voter-${++voter}`,
      answers: [{ questionId, optionIds: [optionId] }],
      oneVotePerQuestion: true,
      now: new Date(),
    });
    bus.publish({ slug: 'cacheme1', kind: 'votes' });
  };

  it('serves the poll and summary from memory until the bus says they changed', async () => {
    const reads = vi.spyOn(store, 'getPollBySlug');
    const tallies = vi.spyOn(store, 'getTally');
    const a = await cache.poll('cacheme1');
    expect(await cache.poll('cacheme1')).toBe(a);
    const s = await cache.summary('cacheme1');
    expect(await cache.summary('cacheme1')).toBe(s);
    expect([reads.mock.calls.length, tallies.mock.calls.length]).toEqual([1, 1]);

    await vote();
    const after = await cache.summary('cacheme1');
    expect(after!.summary.totalVotes).toBe(1);
    expect(after!.etag).not.toBe(s!.etag);
    // Votes do not touch the poll snapshot the vote path reads.
    expect(await cache.poll('cacheme1')).toBe(a);

    await store.updatePoll(pollId, { title: 'Nuevo' });
    bus.publish({ slug: 'cacheme1', kind: 'poll' });
    expect((await cache.poll('cacheme1'))!.poll.title).toBe('Nuevo');
    expect((await cache.summary('cacheme1'))!.summary.title).toBe('Nuevo');
  });

  it('rebuilds a summary at most once per window while votes flow, and ends on the last one', async () => {
    await cache.summary('cacheme1');
    const tallies = vi.spyOn(store, 'getTally');
    const started = Date.now();
    const reads: Promise<unknown>[] = [];
    // About a second of votes, each followed by a read, as results pages polling would.
    while (Date.now() - started < 1000) {
      await vote();
      reads.push(cache.summary('cacheme1'));
      await new Promise((r) => setTimeout(r, 10));
    }
    await Promise.all(reads);
    const elapsed = Date.now() - started;
    // One per 200 ms window plus the leading one; generous for a loaded machine.
    expect(tallies.mock.calls.length).toBeLessThanOrEqual(Math.ceil(elapsed / 200) + 2);
    expect(voter).toBeGreaterThan(tallies.mock.calls.length * 2);
    expect((await cache.summary('cacheme1'))!.summary.totalVotes).toBe(voter);
  });

  it('does not keep unknown slugs', async () => {
    expect(await cache.poll('nadanada')).toBeUndefined();
    expect(await cache.summary('nadanada')).toBeUndefined();
    const created = await store.createPoll({
      slug: 'nadanada',
      title: 'Ahora sí',
      hostSecretHash: 'h',
      joinCode: testJoinCode(),
      oneVotePerQuestion: true,
      resultsPublic: false,
    });
    // Even before anyone hears of it, the next read finds it.
    expect((await cache.poll('nadanada'))!.poll.id).toBe(created.id);
  });

  it('watches the poll’s votes on the bus from its first summary read until it is dropped', async () => {
    const watches = new Map<string, number>();
    const counting: ChangeBus = {
      ...bus,
      watchVotes(slug) {
        watches.set(slug, (watches.get(slug) ?? 0) + 1);
        return () => watches.set(slug, (watches.get(slug) ?? 0) - 1);
      },
    };
    const small = new LiveCache(store, counting, { maxPolls: 1 });
    await store.createPoll({
      slug: 'segunda2',
      title: 'B',
      hostSecretHash: 'h',
      joinCode: testJoinCode(),
      oneVotePerQuestion: true,
      resultsPublic: false,
    });
    // The poll alone does not change with votes.
    await small.poll('cacheme1');
    expect(watches.get('cacheme1') ?? 0).toBe(0);
    await small.summary('cacheme1');
    await small.summary('cacheme1');
    expect(watches.get('cacheme1')).toBe(1);
    // Evicted: nothing of it is kept, so its votes are no concern of this instance any more.
    await small.poll('segunda2');
    expect(watches.get('cacheme1')).toBe(0);
    await small.summary('cacheme1');
    expect(watches.get('cacheme1')).toBe(1);
    small.close();
    expect(watches.get('cacheme1')).toBe(0);
  });

  it('keeps at most maxPolls, dropping the least recently used', async () => {
    const small = new LiveCache(store, bus, { maxPolls: 1 });
    const reads = vi.spyOn(store, 'getPollBySlug');
    await store.createPoll({
      slug: 'segunda2',
      title: 'B',
      hostSecretHash: 'h',
      joinCode: testJoinCode(),
      oneVotePerQuestion: true,
      resultsPublic: false,
    });
    await small.poll('cacheme1');
    await small.poll('segunda2');
    await small.poll('segunda2');
    await small.poll('cacheme1');
    expect(reads.mock.calls.map((c) => c[0])).toEqual(['cacheme1', 'segunda2', 'cacheme1']);
    small.close();
  });

  /** A poll whose snapshots weigh about `questions` × 20 options of 100-character texts. */
  const bigPoll = async (slug: string, questions: number) => {
    const poll = await store.createPoll({
      slug,
      title: slug,
      hostSecretHash: 'h',
      oneVotePerQuestion: false,
      resultsPublic: true,
      status: 'open',
      joinCode: testJoinCode(),
    });
    for (let q = 0; q < questions; q++) {
      await store.addQuestion(poll.id, {
        text: `Pregunta ${q}`,
        type: 'multiple',
        options: Array.from({ length: 20 }, (_, o) => ({ text: `${o} `.padEnd(100, 'x') })),
      });
    }
  };

  it('holds at most maxBytes, dropping the least recently used polls', async () => {
    const slugs = ['grande01', 'grande02', 'grande03', 'grande04', 'grande05', 'grande06'];
    for (const slug of slugs) await bigPoll(slug, 5);
    const probe = new LiveCache(store, bus);
    await probe.summary('grande01');
    const onePoll = probe.heldBytes;
    probe.close();
    expect(onePoll).toBeGreaterThan(10_000);

    // Room for four and a half polls: each read keeps the total under the budget.
    const bounded = new LiveCache(store, bus, { maxBytes: Math.floor(onePoll * 4.5) });
    for (const slug of slugs) {
      const summary = await bounded.summary(slug);
      expect(summary?.summary.questions).toHaveLength(5);
      expect(bounded.heldBytes).toBeLessThanOrEqual(onePoll * 4.5);
    }
    expect([...bounded.slugs()]).toEqual(['grande03', 'grande04', 'grande05', 'grande06']);
    bounded.close();
  });

  it('serves a poll too big for the budget without keeping it', async () => {
    await bigPoll('enorme01', 10);
    const tiny = new LiveCache(store, bus, { maxBytes: 20_000 });
    const reads = vi.spyOn(store, 'getPollBySlug');
    const poll = await tiny.poll('enorme01');
    const summary = await tiny.summary('enorme01');
    expect(poll?.view.questions).toHaveLength(10);
    expect(summary?.summary.questions).toHaveLength(10);
    expect(tiny.heldBytes).toBe(0);
    expect([...tiny.slugs()]).toEqual([]);
    // Uncached: every read goes to the store again.
    await tiny.poll('enorme01');
    expect(reads.mock.calls.length).toBeGreaterThanOrEqual(3);
    // Small polls are still cached beside it.
    await tiny.poll('cacheme1');
    expect([...tiny.slugs()]).toEqual(['cacheme1']);
    tiny.close();
  });

  it('reads a poll row for a permission check without caching it', async () => {
    const row = await cache.pollRow('cacheme1');
    expect(row?.slug).toBe('cacheme1');
    expect([...cache.slugs()]).toEqual([]);
    expect(await cache.pollRow('nadanada')).toBeUndefined();
    // Once cached and current, the row comes from memory.
    await cache.poll('cacheme1');
    const reads = vi.spyOn(store, 'getPollBySlug');
    expect((await cache.pollRow('cacheme1'))?.id).toBe(pollId);
    expect(reads).not.toHaveBeenCalled();
  });
});
