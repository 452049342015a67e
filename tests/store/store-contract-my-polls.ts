import { describe, expect, it } from 'vitest';
import type { PollStore } from '../../src/server/store/store.ts';
import { freshStorePerTest } from './test-fresh-store.ts';
import { testJoinCode } from './test-join-codes.ts';

/**
 * PollStore.pollOverviews on every engine (called beside `storeContract`): what 'Mis encuestas'
 * reads, for many polls in one query (issue 17).
 */
export function myPollsContract(engine: string, factory: () => Promise<PollStore>): void {
  describe(`PollStore poll overviews (${engine})`, () => {
    const current = freshStorePerTest(() => factory());
    let n = 0;

    const newPoll = (title: string, status?: 'open') => {
      n += 1;
      return current.store.createPoll({
        slug: `mine${n}xyz`,
        title,
        hostSecretHash: `${n}`.padStart(64, 'a'),
        joinCode: testJoinCode(),
        oneVotePerQuestion: false,
        resultsPublic: false,
        status,
      });
    };

    it('reads each existing poll with its questions and distinct participants', async () => {
      const empty = await newPoll('Vacía');
      const busy = await newPoll('Con votos', 'open');
      const options = [{ text: 'A' }, { text: 'B' }];
      const one = await current.store.addQuestion(busy.id, {
        text: 'Uno',
        type: 'single',
        options,
      });
      const two = await current.store.addQuestion(busy.id, {
        text: 'Dos',
        type: 'single',
        options,
      });
      const vote = (participantId: string, questionId: number, optionId: number) =>
        current.store.castVote({
          pollId: busy.id,
          participantId,
          answers: [{ questionId, optionIds: [optionId] }],
          oneVotePerQuestion: false,
          now: new Date(),
        });
      // Ana answers a question at a time (two ballots), Bea once: two people, three ballots.
      await vote('ana', one.id, one.options[0]!.id);
      await vote('ana', two.id, two.options[1]!.id);
      await vote('bea', one.id, one.options[1]!.id);

      const overviews = await current.store.pollOverviews([busy.slug, 'nothere1', empty.slug]);
      const bySlug = new Map(overviews.map((o) => [o.slug, o]));
      expect(overviews).toHaveLength(2);
      expect(bySlug.get(busy.slug)).toEqual({
        slug: busy.slug,
        title: 'Con votos',
        status: 'open',
        hostSecretHash: busy.hostSecretHash,
        joinCode: busy.joinCode,
        createdAt: busy.createdAt,
        updatedAt: (await current.store.getPollById(busy.id))!.updatedAt,
        questionCount: 2,
        participantCount: 2,
      });
      expect(bySlug.get(empty.slug)).toMatchObject({
        title: 'Vacía',
        status: 'draft',
        questionCount: 0,
        participantCount: 0,
      });
    });

    it('answers nothing for no slugs or unknown ones, and a repeated slug once', async () => {
      const poll = await newPoll('Una');
      expect(await current.store.pollOverviews([])).toEqual([]);
      expect(await current.store.pollOverviews(['nothere1', 'nothere2'])).toEqual([]);
      const twice = await current.store.pollOverviews([poll.slug, poll.slug, 'nothere3']);
      expect(twice.map((o) => o.slug)).toEqual([poll.slug]);
    });

    it('keeps the people counter through batches, repeats, discards and resets (issue 25)', async () => {
      const poll = await newPoll('Contador', 'open');
      const q = await current.store.addQuestion(poll.id, {
        text: 'Uno',
        type: 'single',
        options: [{ text: 'A' }, { text: 'B' }],
      });
      const vote = (participantId: string, source: string) =>
        current.store.castVote({
          pollId: poll.id,
          participantId,
          answers: [{ questionId: q.id, optionIds: [q.options[0]!.id] }],
          oneVotePerQuestion: false,
          now: new Date(),
          source,
        });
      const people = async () =>
        (await current.store.pollOverviews([poll.slug]))[0]!.participantCount;
      // At once, so they share batches: 40 ids, each twice, one of them from another source.
      const ids = Array.from({ length: 40 }, (_, i) => `p${i}`);
      await Promise.all(ids.flatMap((id) => [vote(id, 'room'), vote(id, 'room')]));
      await vote('p0', 'elsewhere');
      await vote('stranger', 'elsewhere');
      expect(await people()).toBe(41);
      // The discarded source took p0's third ballot and the stranger's only one.
      await current.store.discardSource(poll.id, 'elsewhere');
      expect(await people()).toBe(40);
      await current.store.updatePoll(poll.id, { status: 'closed' });
      await current.store.resetVotes(poll.id);
      expect(await people()).toBe(0);
      await current.store.updatePoll(poll.id, { status: 'open' });
      await vote('p1', 'room');
      expect(await people()).toBe(1);
    });

    it('keeps one vote per question through recounts, discards and restores (migration 024)', async () => {
      const poll = await newPoll('Un voto', 'open');
      const options = [{ text: 'A' }, { text: 'B' }];
      const q1 = await current.store.addQuestion(poll.id, { text: 'Uno', type: 'single', options });
      const q2 = await current.store.addQuestion(poll.id, { text: 'Dos', type: 'single', options });
      const vote = (participantId: string, source = 'room', q = q1) =>
        current.store.castVote({
          pollId: poll.id,
          participantId,
          answers: [{ questionId: q.id, optionIds: [q.options[0]!.id] }],
          oneVotePerQuestion: true,
          now: new Date(),
          source,
        });
      const outcome = async (participantId: string) => (await vote(participantId)).outcome;
      const people = async () =>
        (await current.store.pollOverviews([poll.slug]))[0]!.participantCount;
      await Promise.all(['p1', 'p2'].map((id) => vote(id)));
      await vote('p3', 'elsewhere');
      await vote('p4', 'elsewhere');
      await vote('p4', 'room', q2);
      expect(await people()).toBe(4);
      // A recount (the discard's) drops p3, whose only ballot went: p1's, p2's and p4's
      // one-vote rows stay, p3 may answer again.
      expect(await current.store.discardSource(poll.id, 'elsewhere')).toBe(2);
      expect(await people()).toBe(3);
      expect(await outcome('p1')).toBe('already-voted');
      expect(await outcome('p2')).toBe('already-voted');
      expect((await vote('p4', 'room', q2)).outcome).toBe('already-voted');
      expect(await current.store.answeredQuestionIds(poll.id, 'p4')).toEqual([q2.id]);
      // Deleting a question recounts too.
      expect(await current.store.deleteQuestion(q2.id)).toBe(true);
      expect(await outcome('p1')).toBe('already-voted');
      expect(await people()).toBe(2);
      // The restore gives p3 back its one-vote row (and a number), and p4 its q1.
      await current.store.restoreDiscarded(poll.id, 'elsewhere');
      expect(await people()).toBe(4);
      expect(await outcome('p3')).toBe('already-voted');
      expect(await outcome('p4')).toBe('already-voted');
      expect(await current.store.answeredQuestionIds(poll.id, 'p3')).toEqual([q1.id]);
      expect(await outcome('p5')).toBe('stored');
      expect(await people()).toBe(5);
    });

    it('reads the host-code hashes of existing polls alone', async () => {
      const poll = await newPoll('Con código');
      expect(await current.store.pollSecretHashes([])).toEqual([]);
      expect(await current.store.pollSecretHashes([poll.slug, 'nothere9', poll.slug])).toEqual([
        { slug: poll.slug, hostSecretHash: poll.hostSecretHash },
      ]);
    });

    it('reads a hundred polls at once', async () => {
      const polls = [];
      for (let i = 0; i < 100; i++) polls.push(await newPoll(`Encuesta ${i}`));
      const overviews = await current.store.pollOverviews(polls.map((p) => p.slug));
      expect(overviews.map((o) => o.slug).sort()).toEqual(polls.map((p) => p.slug).sort());
    });
  });
}
