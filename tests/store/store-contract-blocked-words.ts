import { describe, expect, it } from 'vitest';
import type { PollStore, StoreAnswer } from '../../src/server/store/store.ts';
import { freshStorePerTest } from './test-fresh-store.ts';
import { testJoinCode } from './test-join-codes.ts';

/**
 * 'Palabras bloqueadas' on every engine (issue 17), called beside `storeContract`: the list of
 * a poll, and flagging answers already in with their counters equal to a recount.
 */
export function blockedWordsContract(engine: string, factory: () => Promise<PollStore>): void {
  describe(`PollStore blocked words (${engine})`, () => {
    const current = freshStorePerTest(() => factory());
    let n = 0;

    async function openPoll(moderateText = false) {
      n += 1;
      const poll = await current.store.createPoll({
        slug: `block${n}xxx`.slice(0, 8),
        title: 'Ideas',
        hostSecretHash: 'h'.repeat(64),
        joinCode: testJoinCode(),
        oneVotePerQuestion: false,
        resultsPublic: true,
        moderateText,
        status: 'open',
      });
      const text = await current.store.addQuestion(poll.id, {
        text: '¿Idea?',
        type: 'text',
        options: [],
      });
      return { poll, text };
    }

    const answer = (questionId: number, text: string): StoreAnswer => ({
      questionId,
      optionIds: [],
      text: { text, words: [{ key: text.toLowerCase(), spelling: text }], flagged: false },
    });
    const cast = (pollId: number, participantId: string, answers: StoreAnswer[]) =>
      current.store.castVote({
        pollId,
        participantId,
        answers,
        oneVotePerQuestion: false,
        now: new Date(),
      });

    it('keeps a list per poll, replaced whole, duplicates once, sorted', async () => {
      const { poll } = await openPoll();
      const other = await openPoll();
      expect(await current.store.listBlockedWords(poll.id)).toEqual([]);
      const before = (await current.store.getPollById(poll.id))!.updatedAt;
      expect(
        await current.store.setBlockedWords(poll.id, ['tonto', 'feo', 'tonto', 'Ñoño']),
      ).toEqual(['feo', 'tonto', 'Ñoño']);
      expect((await current.store.getPollById(poll.id))!.updatedAt.getTime()).toBeGreaterThan(
        before.getTime(),
      );
      expect(await current.store.listBlockedWords(poll.id)).toEqual(['feo', 'tonto', 'Ñoño']);
      expect(await current.store.listBlockedWords(other.poll.id)).toEqual([]);
      expect(await current.store.setBlockedWords(poll.id, ['feo'])).toEqual(['feo']);
      expect(await current.store.listBlockedWords(poll.id)).toEqual(['feo']);
      expect(await current.store.setBlockedWords(poll.id, [])).toEqual([]);
      expect(await current.store.setBlockedWords(999_999, ['x'])).toBeUndefined();
    });

    it('flags visible and held answers of the poll; counters and words follow', async () => {
      const { poll, text } = await openPoll();
      await cast(poll.id, 'p1', [answer(text.id, 'Feo')]);
      await cast(poll.id, 'p2', [answer(text.id, 'Bonito')]);
      await cast(poll.id, 'p3', [answer(text.id, 'Feo')]);
      const [newest, , oldest] = await current.store.listTextAnswers(text.id, {
        limit: 10,
        visibleOnly: false,
      });
      const foreign = await openPoll();
      await cast(foreign.poll.id, 'p9', [answer(foreign.text.id, 'Feo')]);
      const [theirs] = await current.store.listTextAnswers(foreign.text.id, {
        limit: 10,
        visibleOnly: false,
      });

      const flagged = await current.store.flagTextAnswers(poll.id, [
        newest!.id,
        oldest!.id,
        theirs!.id,
      ]);
      expect(flagged).toBe(2);
      expect((await current.store.getTextAnswer(theirs!.id))!.state).toBe('visible');
      const [tally, truth] = await Promise.all([
        current.store.getTally(poll.id),
        current.store.getVoteCounts(poll.id),
      ]);
      const counts = tally!.counts.texts[0]!;
      expect(counts).toMatchObject({ visible: 1, pending: 2 });
      expect(counts.words.filter((w) => w.count > 0)).toEqual([
        { key: 'bonito', spelling: 'Bonito', count: 1 },
      ]);
      expect(truth.texts[0]).toMatchObject({ visible: 1, pending: 2 });
      // Flagged already: nothing more to do.
      expect(await current.store.flagTextAnswers(poll.id, [newest!.id])).toBe(0);
      expect(await current.store.flagTextAnswers(poll.id, [])).toBe(0);
    });

    it('flags a held answer without counting it twice as pending, and leaves hidden ones', async () => {
      const { poll, text } = await openPoll(true);
      await cast(poll.id, 'p1', [answer(text.id, 'Feo')]);
      await cast(poll.id, 'p2', [answer(text.id, 'Otro')]);
      const [other, held] = await current.store.listTextAnswers(text.id, {
        limit: 10,
        visibleOnly: false,
      });
      await current.store.setTextAnswerState(other!.id, 'hidden');
      expect(await current.store.flagTextAnswers(poll.id, [held!.id, other!.id])).toBe(1);
      expect((await current.store.getTextAnswer(held!.id))!.state).toBe('flagged');
      expect((await current.store.getTextAnswer(other!.id))!.state).toBe('hidden');
      const tally = await current.store.getTally(poll.id);
      expect(tally!.counts.texts[0]).toMatchObject({ visible: 0, pending: 1 });
      expect((await current.store.getVoteCounts(poll.id)).texts[0]).toMatchObject({
        visible: 0,
        pending: 1,
      });
    });

    it('forgets the list with its poll', async () => {
      const draft = await current.store.createPoll({
        slug: 'blockdft',
        title: 'Borrador',
        hostSecretHash: 'h'.repeat(64),
        joinCode: testJoinCode(),
        oneVotePerQuestion: false,
        resultsPublic: true,
      });
      await current.store.setBlockedWords(draft.id, ['feo']);
      expect(await current.store.deleteStaleDrafts(new Date(Date.now() + 60_000))).toEqual([
        'blockdft',
      ]);
      expect(await current.store.listBlockedWords(draft.id)).toEqual([]);
    });
  });
}
