import { describe, expect, it } from 'vitest';
import type { BallotRecord, PollStore } from '../../src/server/store/store.ts';
import { freshStorePerTest } from './test-fresh-store.ts';
import { testJoinCode } from './test-join-codes.ts';
import { addSingleAndMultiple } from './test-polls.ts';

/**
 * PollStore.listBallots on every engine (called beside `storeContract`): the pages an export
 * reads. Kept apart from store-contract.ts, which is long already.
 */
export function ballotPagesContract(engine: string, factory: () => Promise<PollStore>): void {
  describe(`PollStore ballot pages (${engine})`, () => {
    const current = freshStorePerTest(() => factory());
    let n = 0;

    async function openPoll() {
      n += 1;
      const poll = await current.store.createPoll({
        slug: `ballots${n}x`,
        title: 'Papeletas',
        hostSecretHash: 'h'.repeat(64),
        joinCode: testJoinCode(),
        oneVotePerQuestion: false,
        resultsPublic: false,
        status: 'open',
      });
      return { poll, ...(await addSingleAndMultiple(current.store, poll.id)) };
    }

    async function readAll(pollId: number, limit: number) {
      const pages: BallotRecord[][] = [];
      let afterId: number | undefined;
      for (;;) {
        const page = await current.store.listBallots(pollId, { afterId, limit });
        if (page.length === 0) return pages;
        pages.push(page);
        afterId = page.at(-1)!.id;
      }
    }

    it('pages through the ballots in stored order, each with its choices', async () => {
      const { poll, single, multi } = await openPoll();
      const other = await openPoll();
      const [a, b, c] = single.options.map((o) => o.id) as [number, number, number];
      const [ma, , mc] = multi.options.map((o) => o.id) as [number, number, number];
      const ballots = [
        [{ questionId: single.id, optionIds: [a] }],
        [
          { questionId: single.id, optionIds: [b] },
          { questionId: multi.id, optionIds: [mc, ma] },
        ],
        [{ questionId: multi.id, optionIds: [mc] }],
        [{ questionId: single.id, optionIds: [c] }],
        [{ questionId: single.id, optionIds: [a] }],
      ];
      const before = Date.now();
      for (const [i, answers] of ballots.entries()) {
        const result = await current.store.castVote({
          pollId: poll.id,
          participantId: `p${i}`,
          answers,
          oneVotePerQuestion: false,
          now: new Date(),
        });
        expect(result.outcome).toBe('stored');
      }
      // Another poll's ballot stays out of this poll's pages.
      await current.store.castVote({
        pollId: other.poll.id,
        participantId: 'p0',
        answers: [{ questionId: other.single.id, optionIds: [other.single.options[0]!.id] }],
        oneVotePerQuestion: false,
        now: new Date(),
      });

      const pages = await readAll(poll.id, 2);
      expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
      const all = pages.flat();
      const ids = all.map((x) => x.id);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      expect(all.map((x) => x.choices)).toEqual([
        [{ questionId: single.id, optionId: a }],
        [
          { questionId: single.id, optionId: b },
          { questionId: multi.id, optionId: ma },
          { questionId: multi.id, optionId: mc },
        ],
        [{ questionId: multi.id, optionId: mc }],
        [{ questionId: single.id, optionId: c }],
        [{ questionId: single.id, optionId: a }],
      ]);
      for (const ballot of all) {
        expect(ballot.createdAt).toBeInstanceOf(Date);
        expect(ballot.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      }
      // Who sent each, so an export can merge one person's ballots into one row (issue 17);
      // the export writes a row number, never this id.
      expect(all.map((x) => x.participantId)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
      expect((await readAll(poll.id, 100)).flat()).toEqual(all);
      expect(await current.store.listBallots(poll.id, { afterId: ids.at(-1), limit: 10 })).toEqual(
        [],
      );
    });

    it("keeps each ballot's choices when one participant's ballots share a batch", async () => {
      // Sent at once, they are stored in one transaction (VoteBatcher): their ids come back
      // from one multi-row INSERT and are matched to them by participant and time (issue 29).
      const { poll, single } = await openPoll();
      const [a, b, c] = single.options.map((o) => o.id) as [number, number, number];
      const at = Date.now();
      const sent = [
        { participantId: 'p', optionId: a, time: at + 20 },
        { participantId: 'q', optionId: b, time: at + 20 },
        { participantId: 'p', optionId: b, time: at },
        { participantId: 'p', optionId: c, time: at + 10 },
        // Equal to the first in participant and time: which gets which id makes no difference.
        { participantId: 'p', optionId: a, time: at + 20 },
      ];
      const results = await Promise.all(
        sent.map((s) =>
          current.store.castVote({
            pollId: poll.id,
            participantId: s.participantId,
            answers: [{ questionId: single.id, optionIds: [s.optionId] }],
            oneVotePerQuestion: false,
            now: new Date(s.time),
          }),
        ),
      );
      expect(results.map((r) => r.outcome)).toEqual(sent.map(() => 'stored'));
      const stored = (await readAll(poll.id, 100)).flat();
      const shape = (x: { participantId: string; time: number; optionId: number }) =>
        `${x.participantId} ${x.time - at} ${x.optionId}`;
      expect(
        stored
          .map((x) =>
            shape({
              participantId: x.participantId,
              time: x.createdAt.getTime(),
              optionId: x.choices[0]!.optionId,
            }),
          )
          .sort(),
      ).toEqual(sent.map(shape).sort());
    });

    it('follows deleted options and a reset, and is empty for a poll without ballots', async () => {
      const { poll, single, multi } = await openPoll();
      expect(await current.store.listBallots(poll.id, { limit: 10 })).toEqual([]);
      const vote = (answers: { questionId: number; optionIds: number[] }[]) =>
        current.store.castVote({
          pollId: poll.id,
          participantId: 'p',
          answers,
          oneVotePerQuestion: false,
          now: new Date(),
        });
      await vote([{ questionId: single.id, optionIds: [single.options[1]!.id] }]);
      await vote([
        { questionId: single.id, optionIds: [single.options[0]!.id] },
        { questionId: multi.id, optionIds: [multi.options[0]!.id, multi.options[1]!.id] },
      ]);
      // The first ballot loses its only choice (so the ballot goes); the second keeps the rest.
      expect(await current.store.deleteOption(single.options[1]!.id)).toBe('deleted');
      const left = await current.store.listBallots(poll.id, { limit: 10 });
      expect(left).toHaveLength(1);
      expect(left[0]!.choices.map((c) => c.optionId)).toEqual([
        single.options[0]!.id,
        multi.options[0]!.id,
        multi.options[1]!.id,
      ]);
      await current.store.updatePoll(poll.id, { status: 'closed' });
      await current.store.resetVotes(poll.id);
      expect(await current.store.listBallots(poll.id, { limit: 10 })).toEqual([]);
    });
  });
}
