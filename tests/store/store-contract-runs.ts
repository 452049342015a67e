import { describe, expect, it } from 'vitest';
import { PollKeyTakenError, type PollStore } from '../../src/server/store/store.ts';
import { freshStorePerTest } from './test-fresh-store.ts';
import { testJoinCode } from './test-join-codes.ts';

/**
 * A poll run again (issue 17) on every engine, called beside `storeContract`: reopening a
 * closed poll under the join code's partial unique index, and a vote reset that starts a new
 * run (reset count, one-vote records gone).
 */
export function pollRunsContract(engine: string, factory: () => Promise<PollStore>): void {
  describe(`PollStore runs of a poll (${engine})`, () => {
    const current = freshStorePerTest(() => factory());
    let n = 0;

    async function poll(status: 'draft' | 'open' | 'closed', joinCode = testJoinCode()) {
      n += 1;
      return current.store.createPoll({
        slug: `runs${n}xyz`,
        title: 'Otra vez',
        hostSecretHash: 'h'.repeat(64),
        joinCode,
        oneVotePerQuestion: true,
        resultsPublic: false,
        status,
      });
    }

    it('reopens a closed poll, keeping its code while free', async () => {
      const closed = await poll('closed');
      const reopened = await current.store.updatePoll(closed.id, { status: 'open' }, 'closed');
      expect(reopened).toMatchObject({ status: 'open', joinCode: closed.joinCode });
      expect((await current.store.getPollByJoinCode(closed.joinCode))?.id).toBe(closed.id);
    });

    it('refuses to reopen under a code another open poll holds, and takes a new one', async () => {
      const closed = await poll('closed');
      const holder = await poll('open', closed.joinCode);
      await expect(
        current.store.updatePoll(closed.id, { status: 'open' }, 'closed'),
      ).rejects.toThrow(PollKeyTakenError);
      expect((await current.store.getPollById(closed.id))?.status).toBe('closed');
      const fresh = testJoinCode();
      const reopened = await current.store.updatePoll(
        closed.id,
        { status: 'open', joinCode: fresh },
        'closed',
      );
      expect(reopened).toMatchObject({ status: 'open', joinCode: fresh });
      expect((await current.store.getPollByJoinCode(fresh))?.id).toBe(closed.id);
      expect((await current.store.getPollByJoinCode(closed.joinCode))?.id).toBe(holder.id);
    });

    it('starts a new run on reset: count up, ballots and one-vote records gone', async () => {
      const open = await poll('open');
      expect(open.resetCount).toBe(0);
      const q = await current.store.addQuestion(open.id, {
        text: '¿Sí?',
        type: 'single',
        options: [{ text: 'A' }, { text: 'B' }],
      });
      const ballot = (participantId: string) =>
        current.store.castVote({
          pollId: open.id,
          participantId,
          answers: [{ questionId: q.id, optionIds: [q.options[0]!.id] }],
          oneVotePerQuestion: true,
          now: new Date(),
        });
      expect((await ballot('ana')).outcome).toBe('stored');
      expect((await ballot('ana')).outcome).toBe('already-voted');
      expect(await current.store.answeredQuestionIds(open.id, 'ana')).toEqual([q.id]);

      expect(await current.store.resetVotes(open.id)).toBe(1);
      const after = await current.store.getPollById(open.id);
      expect(after).toMatchObject({ status: 'open', resetCount: 1 });
      expect(await current.store.answeredQuestionIds(open.id, 'ana')).toEqual([]);
      // The same participant votes again in the new run, and it counts.
      expect((await ballot('ana')).outcome).toBe('stored');
      expect((await current.store.getPollById(open.id))?.resetCount).toBe(1);
      await current.store.resetVotes(open.id);
      expect((await current.store.getPollById(open.id))?.resetCount).toBe(2);
    });
  });
}
