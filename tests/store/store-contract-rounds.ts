import { describe, expect, it } from 'vitest';
import type { PollStore } from '../../src/server/store/store.ts';
import { freshStorePerTest } from './test-fresh-store.ts';
import { testJoinCode } from './test-join-codes.ts';

/**
 * Issue 27: rounds on every engine. A round is archived with what it closed with (here the
 * store's own tally, as the domain archives its summaries), the live tables start the next round
 * empty, and 'Borrar rondas' discards the archive until the next archive drops it for good.
 */
export function roundsContract(engine: string, factory: () => Promise<PollStore>): void {
  describe(`PollStore rounds (${engine})`, () => {
    const current = freshStorePerTest(() => factory());
    let n = 0;

    async function lesson() {
      n += 1;
      const poll = await current.store.createPoll({
        slug: `rondas${n}xyz`,
        title: 'Antes y después',
        hostSecretHash: 'h'.repeat(64),
        joinCode: testJoinCode(),
        oneVotePerQuestion: true,
        resultsPublic: false,
        status: 'open',
      });
      const q = await current.store.addQuestion(poll.id, {
        text: '¿Qué pesa más?',
        type: 'single',
        options: [{ text: 'Un kilo de hierro' }, { text: 'Un kilo de paja' }, { text: 'Igual' }],
      });
      const vote = (participantId: string, option: number) =>
        current.store.castVote({
          pollId: poll.id,
          participantId,
          answers: [{ questionId: q.id, optionIds: [q.options[option]!.id] }],
          oneVotePerQuestion: true,
          now: new Date(),
        });
      return { poll, q, vote };
    }

    /** The options with votes, by id (a recount lists only those; the counters list all). */
    const counted = (counts: { optionId: number; count: number }[]) =>
      counts.filter((c) => c.count > 0).sort((a, b) => a.optionId - b.optionId);

    /** Archives the round from the counters, as the domain does from its summaries. */
    async function archive(pollId: number, round: number) {
      const tally = await current.store.getTally(pollId);
      return current.store.archiveRound(pollId, {
        round,
        ballots: tally!.counts.ballots,
        hostSummary: JSON.stringify(tally!.counts.optionCounts),
        audienceSummary: '[]',
        leaderboard: null,
        exportRows: '[]',
      });
    }

    it("archives each round's tally, equal to a recount, and starts the next empty", async () => {
      const { poll, vote } = await lesson();
      for (const [who, option] of [
        ['ana', 0],
        ['beto', 0],
        ['cris', 2],
      ] as const)
        expect((await vote(who, option)).outcome).toBe('stored');
      const recountOne = counted((await current.store.getVoteCounts(poll.id)).optionCounts);

      expect(await archive(poll.id, 1)).toBe('archived');
      // The same people answer again in round 2 (their one-vote records went with the round).
      for (const [who, option] of [
        ['ana', 2],
        ['beto', 2],
      ] as const)
        expect((await vote(who, option)).outcome).toBe('stored');
      const recountTwo = counted((await current.store.getVoteCounts(poll.id)).optionCounts);
      expect(await archive(poll.id, 2)).toBe('archived');

      const one = await current.store.getRound(poll.id, 1);
      const two = await current.store.getRound(poll.id, 2);
      expect(counted(JSON.parse(one!.hostSummary))).toEqual(recountOne);
      expect(counted(JSON.parse(two!.hostSummary))).toEqual(recountTwo);
      expect(recountOne.map((c) => c.count)).toEqual([2, 1]);
      expect([one!.ballots, two!.ballots]).toEqual([3, 2]);
      expect((await current.store.listRounds(poll.id)).map((r) => [r.round, r.ballots])).toEqual([
        [1, 3],
        [2, 2],
      ]);
      // Round 3 starts empty: counters and recount agree on nothing.
      const tally = await current.store.getTally(poll.id);
      expect(tally!.counts.ballots).toBe(0);
      expect(tally!.counts.optionCounts.every((c) => c.count === 0)).toBe(true);
      expect((await current.store.getVoteCounts(poll.id)).ballots).toBe(0);
      expect((await current.store.getPollById(poll.id))?.resetCount).toBe(2);
    });

    it('changes nothing when a ballot landed since the read, or the round is taken', async () => {
      const { poll, vote } = await lesson();
      await vote('ana', 1);
      const stale = await current.store.archiveRound(poll.id, {
        round: 1,
        ballots: 0,
        hostSummary: '[]',
        audienceSummary: '[]',
        leaderboard: null,
        exportRows: '[]',
      });
      expect(stale).toBe('stale');
      expect((await current.store.getVoteCounts(poll.id)).ballots).toBe(1);
      expect(await current.store.listRounds(poll.id)).toEqual([]);

      expect(await archive(poll.id, 1)).toBe('archived');
      // A second 'Nueva ronda' that read the same state arrives late: refused, not doubled.
      expect(await archive(poll.id, 1)).toBe('stale');
      expect(await current.store.listRounds(poll.id)).toHaveLength(1);
    });

    it('discards the archive, restores it, and drops it for good at the next archive', async () => {
      const { poll, vote } = await lesson();
      await vote('ana', 0);
      await archive(poll.id, 1);
      await archive(poll.id, 2);
      const before = (await current.store.getPollById(poll.id))!.updatedAt.getTime();
      expect(await current.store.discardRounds(poll.id)).toBe(2);
      // The poll's version moves: screens keyed by it read the rounds again.
      expect((await current.store.getPollById(poll.id))!.updatedAt.getTime()).toBeGreaterThan(
        before,
      );
      expect(await current.store.listRounds(poll.id)).toEqual([]);
      expect(await current.store.getRound(poll.id, 1)).toBeUndefined();
      expect(await current.store.discardedRounds(poll.id)).toBe(2);

      expect(await current.store.restoreRounds(poll.id)).toBe(2);
      expect((await current.store.listRounds(poll.id)).map((r) => r.round)).toEqual([1, 2]);
      expect(await current.store.discardedRounds(poll.id)).toBe(0);

      await current.store.discardRounds(poll.id);
      expect(await archive(poll.id, 1)).toBe('archived');
      expect(await current.store.discardedRounds(poll.id)).toBe(0);
      expect(await current.store.restoreRounds(poll.id)).toBe(0);
      expect((await current.store.listRounds(poll.id)).map((r) => r.round)).toEqual([1]);
    });

    it("deleting the poll deletes its rounds; another poll's are untouched", async () => {
      const a = await lesson();
      const b = await lesson();
      await archive(a.poll.id, 1);
      await archive(b.poll.id, 1);
      expect(await current.store.deletePoll(a.poll.id)).toBe(true);
      expect(await current.store.getRound(a.poll.id, 1)).toBeUndefined();
      expect(await current.store.getRound(b.poll.id, 1)).toBeDefined();
    });
  });
}
