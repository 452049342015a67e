import { describe, expect, it } from 'vitest';
import type { PollStore } from '../../src/server/store/store.ts';
import { freshStorePerTest } from './test-fresh-store.ts';
import { testJoinCode } from './test-join-codes.ts';

/**
 * PollStore.deletePoll on every engine (issue 24, 'Eliminar encuesta'): the poll and everything
 * of it go (questions, options, ballots, open answers, players, audience questions and their
 * votes, blocked words); other polls keep all of theirs.
 */
export function deletePollContract(engine: string, factory: () => Promise<PollStore>): void {
  describe(`PollStore deletePoll (${engine})`, () => {
    const current = freshStorePerTest(() => factory());
    let n = 0;

    /** A poll with something in every table a poll's data lives in. */
    async function fullPoll(s: PollStore, title: string) {
      n += 1;
      const poll = await s.createPoll({
        slug: `erase${n}xyz`,
        title,
        hostSecretHash: `${n}`.padStart(64, 'e'),
        joinCode: testJoinCode(),
        oneVotePerQuestion: true,
        resultsPublic: false,
        status: 'open',
      });
      const choice = await s.addQuestion(poll.id, {
        text: `${title}: ¿A o B?`,
        type: 'single',
        options: [{ text: 'A' }, { text: 'B' }],
      });
      const open = await s.addQuestion(poll.id, { text: '¿Idea?', type: 'text', options: [] });
      const now = new Date();
      const cast = await s.castVote({
        pollId: poll.id,
        participantId: `ana${n}`,
        answers: [
          { questionId: choice.id, optionIds: [choice.options[0]!.id] },
          {
            questionId: open.id,
            optionIds: [],
            text: {
              text: `respuesta de ${title}`,
              words: [{ key: 'respuesta', spelling: 'respuesta' }],
              flagged: false,
            },
          },
        ],
        oneVotePerQuestion: true,
        now,
        idempotency: { key: `key-${n}`, ballotHash: 'hash' },
      });
      expect(cast.outcome).toBe('stored');
      const asked = await s.addQaQuestion({
        pollId: poll.id,
        participantId: `ana${n}`,
        nickname: 'Ana',
        text: `¿Pregunta de ${title}?`,
        state: 'visible',
        maxPerPoll: 100,
        now,
      });
      if (!asked || typeof asked === 'string') throw new Error('no Q&A question');
      await s.voteQa(asked.id, `bea${n}`, true);
      await s.setBlockedWords(poll.id, ['palabrota']);
      await s.setNickname({
        pollId: poll.id,
        participantId: `ana${n}`,
        nickname: 'Ana',
        key: 'ana',
        keyVersion: 1,
        now,
      });
      return { poll, choice, open, qaId: asked.id };
    }

    it('erases the poll with everything of it, and leaves other polls whole', async () => {
      const s = current.store;
      const gone = await fullPoll(s, 'Borrada');
      const kept = await fullPoll(s, 'Guardada');
      const [answer] = await s.listTextAnswers(gone.open.id, { limit: 10, visibleOnly: false });
      expect(answer).toBeDefined();
      const keptCounts = await s.getVoteCounts(kept.poll.id);

      expect(await s.deletePoll(gone.poll.id)).toBe(true);

      expect(await s.getPollById(gone.poll.id)).toBeUndefined();
      expect(await s.getPollBySlug(gone.poll.slug)).toBeUndefined();
      expect(await s.getPollByJoinCode(gone.poll.joinCode)).toBeUndefined();
      expect(await s.pollOverviews([gone.poll.slug])).toEqual([]);
      expect(await s.listQuestions(gone.poll.id)).toEqual([]);
      expect(await s.getQuestion(gone.choice.id)).toBeUndefined();
      expect(await s.getQuestion(gone.open.id)).toBeUndefined();
      expect(await s.getTextAnswer(answer!.id)).toBeUndefined();
      expect(await s.listBallots(gone.poll.id, { limit: 10 })).toEqual([]);
      expect(await s.getQaQuestion(gone.qaId)).toBeUndefined();
      expect(await s.listBlockedWords(gone.poll.id)).toEqual([]);
      expect(await s.getNickname(gone.poll.id, 'ana1')).toBeUndefined();
      // Idempotency-Keys went with it: a sweep of everything finds only the kept poll's.
      expect(await s.sweepIdempotencyKeys(new Date(Date.now() + 60_000))).toBe(1);

      expect(await s.getPollById(kept.poll.id)).toBeDefined();
      expect(await s.getVoteCounts(kept.poll.id)).toEqual(keptCounts);
      expect(await s.getQaQuestion(kept.qaId)).toBeDefined();
      expect(await s.listBlockedWords(kept.poll.id)).toEqual(['palabrota']);
      expect(await s.getNickname(kept.poll.id, 'ana2')).toBe('Ana');
    });

    it('answers false for a poll that is not there (deleted twice)', async () => {
      const { poll } = await fullPoll(current.store, 'Dos veces');
      expect(await current.store.deletePoll(poll.id)).toBe(true);
      expect(await current.store.deletePoll(poll.id)).toBe(false);
    });
  });
}
