import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testJoinCode } from '../../../tests/store/test-join-codes.ts';
import { openSqliteStore } from '../store/sqlite.ts';
import type { PollStore, StoreAnswer } from '../store/store.ts';
import { LiveCache } from './cache.ts';
import { type ChangeBus, createLocalBus } from './change-bus.ts';

/**
 * A ballot rebuilds only the clouds it answered (issue 19: 100 full clouds cost ~0.6–0.9 s per
 * rebuild, on every vote). Whatever the order of ballots, moderation and edits, the summary
 * built that way equals one built from scratch.
 */
describe('LiveCache: open-text questions rebuilt one by one', () => {
  let store: PollStore;
  let bus: ChangeBus;
  let cache: LiveCache;
  let pollId: number;
  let texts: number[];
  let choice: { id: number; options: number[] };
  let voter = 0;

  beforeEach(async () => {
    store = await openSqliteStore(join(mkdtempSync(join(tmpdir(), 'sondeo-texts-')), 's.db'));
    bus = createLocalBus();
    cache = new LiveCache(store, bus, { windowMs: 0 });
    const poll = await store.createPoll({
      slug: 'nubes123',
      title: 'Nubes',
      hostSecretHash: 'h',
      joinCode: testJoinCode(),
      oneVotePerQuestion: false,
      resultsPublic: true,
      status: 'open',
    });
    pollId = poll.id;
    texts = [];
    for (const text of ['¿Uno?', '¿Dos?', '¿Tres?']) {
      texts.push((await store.addQuestion(poll.id, { text, type: 'text', options: [] })).id);
    }
    const q = await store.addQuestion(poll.id, {
      text: '¿Cuál?',
      type: 'single',
      options: [{ text: 'A' }, { text: 'B' }],
    });
    choice = { id: q.id, options: q.options.map((o) => o.id) };
  });
  afterEach(async () => {
    cache.close();
    await store.close();
  });

  const textAnswer = (questionId: number, text: string): StoreAnswer => ({
    questionId,
    optionIds: [],
    text: {
      text,
      words: text.split(' ').map((w) => ({ key: w.toLowerCase(), spelling: w })),
      flagged: false,
    },
  });

  /** Stores a ballot and tells the bus as the vote path does: its open-text questions. */
  const ballot = async (answers: StoreAnswer[]) => {
    await store.castVote({
      pollId,
      participantId: `v${++voter}`,
      answers,
      oneVotePerQuestion: false,
      now: new Date(),
    });
    bus.publish({
      slug: 'nubes123',
      kind: 'votes',
      textQuestionIds: answers.filter((a) => a.text).map((a) => a.questionId),
    });
  };

  /** The summary from a cache that never saw anything before: everything read anew. */
  const fromScratch = async () => {
    const fresh = new LiveCache(store, createLocalBus(), { windowMs: 0 });
    try {
      return (await fresh.summary('nubes123'))!;
    } finally {
      fresh.close();
    }
  };

  const expectSameAsScratch = async () => {
    const incremental = (await cache.summary('nubes123'))!;
    const scratch = await fromScratch();
    expect(incremental.json).toBe(scratch.json);
    expect(incremental.audience.json).toBe(scratch.audience.json);
  };

  it('equals a full rebuild after ballots, moderation and edits, reading only what changed', async () => {
    await cache.summary('nubes123');
    const tallies = vi.spyOn(store, 'getTally');

    await ballot([
      textAnswer(texts[0]!, 'Sol'),
      { questionId: choice.id, optionIds: [choice.options[0]!] },
    ]);
    await expectSameAsScratch();
    // The cache read the words of the answered question only.
    expect(tallies.mock.calls[0]?.[1]).toEqual({ textsOf: [texts[0]] });

    await ballot([{ questionId: choice.id, optionIds: [choice.options[1]!] }]);
    await expectSameAsScratch();
    expect(tallies.mock.calls[2]?.[1]).toEqual({ textsOf: [] });

    await ballot([textAnswer(texts[1]!, 'Luna llena'), textAnswer(texts[2]!, 'Mar')]);
    await ballot([textAnswer(texts[1]!, 'luna nueva')]);
    await expectSameAsScratch();

    // Moderation names no question: every cloud is read again.
    const [newest] = await store.listTextAnswers(texts[1]!, { limit: 10, visibleOnly: false });
    await store.setTextAnswerState(newest!.id, 'hidden');
    const slices = vi.spyOn(store, 'getTextTally');
    bus.publish({ slug: 'nubes123', kind: 'votes' });
    await expectSameAsScratch();
    expect(tallies.mock.calls.at(-2)?.[1]).toEqual({ textsOf: [] });
    expect(slices.mock.calls[0]?.[1]).toEqual(texts);

    // A host's edit (results hidden) is a poll change: everything again too.
    await store.updateQuestion(texts[2]!, { resultsHidden: true });
    bus.publish({ slug: 'nubes123', kind: 'poll' });
    await ballot([textAnswer(texts[0]!, 'Sol radiante')]);
    await expectSameAsScratch();
  });

  it('reads a poll of many clouds a few at a time, letting the event loop run between', async () => {
    for (let i = 0; i < 7; i++) {
      texts.push(
        (await store.addQuestion(pollId, { text: `¿Más ${i}?`, type: 'text', options: [] })).id,
      );
    }
    for (const [i, id] of texts.entries()) await ballot([textAnswer(id, `Idea ${i} buena`)]);
    // Counts event-loop turns: a build in one piece lets none run until it ends.
    const turnsAtSlice: number[] = [];
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const realRead = store.getTextTally.bind(store);
    const spied = vi.spyOn(store, 'getTextTally');
    const scratch = new LiveCache(store, createLocalBus(), { windowMs: 0 });
    const read: number[][] = [];
    spied.mockImplementation((poll, ids) => {
      turnsAtSlice.push(turns);
      read.push([...ids]);
      return realRead(poll, ids);
    });
    try {
      const summary = (await scratch.summary('nubes123'))!;
      ticking = false;
      // Ten clouds in slices of four, each its own read, with turns of the loop between.
      expect(read).toEqual([texts.slice(0, 4), texts.slice(4, 8), texts.slice(8)]);
      expect(turnsAtSlice[1]!).toBeGreaterThan(turnsAtSlice[0]!);
      expect(turnsAtSlice[2]!).toBeGreaterThan(turnsAtSlice[1]!);
      spied.mockRestore();
      await expectSameAsScratch();
      expect(summary.json).toBe((await fromScratch()).json);
      const last = JSON.parse(summary.json).questions.find(
        (q: { id: number }) => q.id === texts.at(-1),
      );
      expect(last.words.map((w: { text: string }) => w.text).sort()).toEqual([
        '9',
        'Idea',
        'buena',
      ]);
    } finally {
      ticking = false;
      scratch.close();
    }
  });
});
