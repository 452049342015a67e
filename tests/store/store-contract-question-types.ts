import { describe, expect, it } from 'vitest';
import type { PollStore, StoreAnswer } from '../../src/server/store/store.ts';
import { freshStorePerTest } from './test-fresh-store.ts';
import { testJoinCode } from './test-join-codes.ts';

/**
 * Ranking and number questions on every engine (issue 26), called beside `storeContract`:
 * a ranking's places and a number's values are stored with the ballot, counted in the tally as
 * a recount from the rows says, listed for exports, set aside and restored with their ballots,
 * and emptied by a reset.
 */
export function questionTypesContract(engine: string, factory: () => Promise<PollStore>): void {
  describe(`PollStore ranking and number questions (${engine})`, () => {
    const current = freshStorePerTest(factory);
    let n = 0;

    async function openPoll(s: PollStore) {
      n += 1;
      const poll = await s.createPoll({
        slug: `types${n}xxx`,
        title: 'Tipos',
        hostSecretHash: 'h'.repeat(64),
        joinCode: testJoinCode(),
        oneVotePerQuestion: true,
        resultsPublic: true,
        status: 'open',
      });
      const ranking = await s.addQuestion(poll.id, {
        text: 'Ordena',
        type: 'ranking',
        options: ['A', 'B', 'C'].map((text, i) => ({ text, ordinal: i + 1 })),
      });
      const number = await s.addQuestion(poll.id, {
        text: '¿Cuántos?',
        type: 'number',
        number: { min: 0, max: 100, decimals: 1, unit: 'km' },
        correctValue: 42.5,
        tolerance: 2,
        options: [],
      });
      return { poll, ranking, number };
    }

    const cast = (s: PollStore, pollId: number, participantId: string, answers: StoreAnswer[]) =>
      s.castVote({
        pollId,
        participantId,
        answers,
        oneVotePerQuestion: true,
        now: new Date(),
        source: 'src',
      });

    it('keeps a number question settings and quiz answer', async () => {
      const { number } = await openPoll(current.store);
      expect(number).toMatchObject({
        type: 'number',
        number: { min: 0, max: 100, decimals: 1, unit: 'km' },
        correctValue: 42.5,
        tolerance: 2,
        options: [],
      });
      const changed = await current.store.updateQuestion(number.id, {
        number: { min: -5, max: 5, decimals: 0, unit: null },
        correctValue: null,
      });
      expect(changed).toMatchObject({
        number: { min: -5, max: 5, decimals: 0, unit: null },
        correctValue: null,
        tolerance: 2,
      });
    });

    it('stores places and values, tallied as a recount says', async () => {
      const { poll, ranking, number } = await openPoll(current.store);
      const [a, b, c] = ranking.options.map((o) => o.id) as [number, number, number];
      const rank = (ids: number[]): StoreAnswer => ({
        questionId: ranking.id,
        optionIds: ids,
        ranked: true,
      });
      const value = (v: number): StoreAnswer => ({
        questionId: number.id,
        optionIds: [],
        value: v,
      });
      expect(await cast(current.store, poll.id, 'p1', [rank([a, b, c]), value(3.5)])).toEqual({
        outcome: 'stored',
        saved: 2,
      });
      await cast(current.store, poll.id, 'p2', [rank([c, a, b]), value(99.9)]);
      await cast(current.store, poll.id, 'p3', [rank([a, c, b])]);
      expect((await cast(current.store, poll.id, 'p3', [value(1)])).outcome).toBe('stored');
      expect((await cast(current.store, poll.id, 'p3', [value(2)])).outcome).toBe('already-voted');

      const tally = (await current.store.getTally(poll.id))!;
      const places = (id: number) =>
        (tally.counts.placeCounts ?? [])
          .filter((p) => p.optionId === id)
          .sort((x, y) => x.position - y.position)
          .map((p) => [p.position, p.count]);
      expect(places(a)).toEqual([
        [1, 2],
        [2, 1],
      ]);
      expect(places(c)).toEqual([
        [1, 1],
        [2, 1],
        [3, 1],
      ]);
      expect(tally.counts.numberValues).toEqual([
        { questionId: number.id, values: [1, 3.5, 99.9] },
      ]);
      const recount = await current.store.getVoteCounts(poll.id);
      const respondents = (counts: { respondents: { questionId: number; count: number }[] }) =>
        Object.fromEntries(counts.respondents.map((r) => [r.questionId, r.count]));
      expect(respondents(tally.counts)).toMatchObject(respondents(recount));
      expect(respondents(recount)).toMatchObject({ [ranking.id]: 3, [number.id]: 3 });

      const ballots = await current.store.listBallots(poll.id, { limit: 10 });
      expect(ballots[1]!.choices.map((ch) => [ch.optionId, ch.position])).toEqual(
        expect.arrayContaining([
          [c, 1],
          [a, 2],
          [b, 3],
        ]),
      );
      expect(ballots[1]!.values).toEqual([{ questionId: number.id, value: 99.9 }]);
    });

    it('refuses a ranking that misses an option added since as stale', async () => {
      const { poll, ranking } = await openPoll(current.store);
      const ids = ranking.options.map((o) => o.id);
      await current.store.addOption(ranking.id, { text: 'D' });
      const result = await cast(current.store, poll.id, 'p1', [
        { questionId: ranking.id, optionIds: ids, ranked: true },
      ]);
      expect(result.outcome).toBe('stale-ballot');
    });

    it('refuses a value to a question that is not a number question as stale', async () => {
      const { poll, ranking } = await openPoll(current.store);
      const result = await cast(current.store, poll.id, 'p1', [
        { questionId: ranking.id, optionIds: [], value: 3 },
      ]);
      expect(result.outcome).toBe('stale-ballot');
    });

    it('sets places and values aside with their ballots, restores them, and resets them', async () => {
      const { poll, ranking, number } = await openPoll(current.store);
      const ids = ranking.options.map((o) => o.id).reverse();
      await cast(current.store, poll.id, 'p1', [
        { questionId: ranking.id, optionIds: ids, ranked: true },
        { questionId: number.id, optionIds: [], value: 7 },
      ]);
      expect(await current.store.discardSources(poll.id, ['src'])).toBe(1);
      let tally = (await current.store.getTally(poll.id))!;
      expect(tally.counts.numberValues).toEqual([{ questionId: number.id, values: [] }]);
      expect(tally.counts.placeCounts).toEqual([]);
      await current.store.restoreDiscarded(poll.id, 'src');
      tally = (await current.store.getTally(poll.id))!;
      expect(tally.counts.numberValues).toEqual([{ questionId: number.id, values: [7] }]);
      expect(tally.counts.placeCounts).toContainEqual({ optionId: ids[0], position: 1, count: 1 });
      await current.store.resetVotes(poll.id);
      tally = (await current.store.getTally(poll.id))!;
      expect(tally.counts.numberValues).toEqual([{ questionId: number.id, values: [] }]);
      expect(tally.counts.placeCounts).toEqual([]);
    });
  });
}
