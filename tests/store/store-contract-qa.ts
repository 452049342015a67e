import { describe, expect, it } from 'vitest';
import type { PollStore } from '../../src/server/store/store.ts';
import { freshStorePerTest } from './test-fresh-store.ts';
import { testJoinCode } from './test-join-codes.ts';

/**
 * Audience Q&A on every engine (issue 20), called beside `storeContract`: the cap per poll, the
 * two sorts, states seen by whom, one vote per participant under concurrency with the counter
 * equal to a recount, one highlighted question, deletion and clearing.
 */
export function qaContract(engine: string, factory: () => Promise<PollStore>): void {
  describe(`PollStore audience Q&A (${engine})`, () => {
    const current = freshStorePerTest(() => factory());
    let n = 0;

    async function qaPoll(settings: { qa?: boolean; qaModerated?: boolean } = { qa: true }) {
      n += 1;
      return current.store.createPoll({
        slug: `qapoll${n}x`,
        title: 'Charla',
        hostSecretHash: 'h'.repeat(64),
        joinCode: testJoinCode(),
        oneVotePerQuestion: true,
        resultsPublic: false,
        status: 'open',
        ...settings,
      });
    }
    const ask = (
      pollId: number,
      text: string,
      over: Partial<{
        participantId: string;
        state: 'visible' | 'held' | 'flagged';
        maxPerPoll: number;
      }> = {},
    ) =>
      current.store.addQaQuestion({
        pollId,
        participantId: over.participantId ?? 'p1',
        nickname: null,
        text,
        state: over.state ?? 'visible',
        maxPerPoll: over.maxPerPoll ?? 100,
        now: new Date(),
      });
    const asked = async (...args: Parameters<typeof ask>) => {
      const q = await ask(...args);
      if (!q || typeof q === 'string') throw new Error('not stored');
      return q;
    };

    it('keeps the settings, off by default and as written', async () => {
      const plain = await current.store.createPoll({
        slug: 'qaplainx',
        title: 'x',
        hostSecretHash: 'h',
        joinCode: testJoinCode(),
        oneVotePerQuestion: true,
        resultsPublic: false,
      });
      expect(plain).toMatchObject({ qa: false, qaModerated: false });
      const on = await current.store.updatePoll(plain.id, { qa: true, qaModerated: true });
      expect(on).toMatchObject({ qa: true, qaModerated: true });
      expect(await current.store.getPollById(plain.id)).toMatchObject({
        qa: true,
        qaModerated: true,
      });
    });

    it('stores a question with its author, state and no votes; refuses past the cap', async () => {
      const poll = await qaPoll();
      const q = await asked(poll.id, '¿Habrá diapositivas?', { maxPerPoll: 2 });
      expect(q).toMatchObject({
        pollId: poll.id,
        participantId: 'p1',
        text: '¿Habrá diapositivas?',
        state: 'visible',
        votes: 0,
        pinned: false,
        answered: false,
        nickname: null,
      });
      expect(await current.store.getQaQuestion(q.id)).toEqual(q);
      await asked(poll.id, 'Segunda', { maxPerPoll: 2 });
      expect(await ask(poll.id, 'Tercera', { maxPerPoll: 2 })).toBe('full');
      expect(await ask(999_999, 'Sin encuesta')).toBeUndefined();
    });

    it('holds the cap when many ask at once', async () => {
      const poll = await qaPoll();
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => ask(poll.id, `P${i}`, { maxPerPoll: 5 })),
      );
      expect(results.filter((r) => r !== 'full')).toHaveLength(5);
      expect(
        (await current.store.listQaQuestions(poll.id, { sort: 'top', limit: 50, offset: 0 })).total,
      ).toBe(5);
    });

    it('sorts top (pinned, votes, oldest) and recent (newest), pages and filters', async () => {
      const poll = await qaPoll();
      const a = await asked(poll.id, 'A');
      const b = await asked(poll.id, 'B');
      const c = await asked(poll.id, 'C');
      await current.store.voteQa(b.id, 'x', true);
      await current.store.voteQa(b.id, 'y', true);
      await current.store.voteQa(c.id, 'x', true);
      const top = await current.store.listQaQuestions(poll.id, {
        sort: 'top',
        limit: 10,
        offset: 0,
      });
      expect(top.records.map((r) => r.text)).toEqual(['B', 'C', 'A']);
      const recent = await current.store.listQaQuestions(poll.id, {
        sort: 'recent',
        limit: 2,
        offset: 1,
      });
      expect(recent.records.map((r) => r.text)).toEqual(['B', 'A']);
      expect(recent.total).toBe(3);
      await current.store.updateQaQuestion(a.id, { pinned: true });
      const pinnedFirst = await current.store.listQaQuestions(poll.id, {
        sort: 'top',
        limit: 10,
        offset: 0,
      });
      expect(pinnedFirst.records.map((r) => r.text)).toEqual(['A', 'B', 'C']);
      await current.store.updateQaQuestion(c.id, { answered: true });
      const open = await current.store.listQaQuestions(poll.id, {
        sort: 'top',
        limit: 10,
        offset: 0,
        answered: false,
      });
      expect(open.records.map((r) => r.text)).toEqual(['A', 'B']);
    });

    it('shows the audience visible questions plus the caller’s own held ones only', async () => {
      const poll = await qaPoll();
      await asked(poll.id, 'Visible', { participantId: 'ana' });
      await asked(poll.id, 'Mía retenida', { participantId: 'ana', state: 'held' });
      await asked(poll.id, 'Ajena retenida', { participantId: 'bea', state: 'held' });
      await asked(poll.id, 'Mía filtrada', { participantId: 'ana', state: 'flagged' });
      const forAna = await current.store.listQaQuestions(poll.id, {
        sort: 'recent',
        limit: 10,
        offset: 0,
        states: ['visible'],
        ownerId: 'ana',
        ownStates: ['held'],
      });
      expect(forAna.records.map((r) => r.text).sort()).toEqual(['Mía retenida', 'Visible']);
      expect(forAna.total).toBe(2);
      const anonymous = await current.store.listQaQuestions(poll.id, {
        sort: 'recent',
        limit: 10,
        offset: 0,
        states: ['visible'],
      });
      expect(anonymous.records.map((r) => r.text)).toEqual(['Visible']);
      expect(await current.store.qaCounts(poll.id)).toEqual({
        visible: 1,
        answered: 0,
        pending: 3,
      });
    });

    it('counts one vote per participant, even pressed many times at once, and takes it back', async () => {
      const poll = await qaPoll();
      const q = await asked(poll.id, '¿Votos?');
      const presses = await Promise.all(
        Array.from({ length: 10 }, () => current.store.voteQa(q.id, 'same', true)),
      );
      expect(presses.every((p) => p?.votedByMe)).toBe(true);
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => current.store.voteQa(q.id, `p${i % 7}`, true)),
      );
      expect((await current.store.getQaQuestion(q.id))?.votes).toBe(8);
      expect(await current.store.qaVotedBy('same', [q.id, 12345])).toEqual(new Set([q.id]));
      const back = await Promise.all([
        current.store.voteQa(q.id, 'same', false),
        current.store.voteQa(q.id, 'same', false),
      ]);
      expect(back.map((b) => b?.votes)).toEqual([7, 7]);
      expect(await current.store.qaVotedBy('same', [q.id])).toEqual(new Set());
      expect(await current.store.voteQa(999_999, 'same', true)).toBeUndefined();
    });

    it('groups upvotes by source with their signals, sets a source aside and restores it (issue 25)', async () => {
      const poll = await qaPoll();
      const q = await asked(poll.id, '¿Fuentes?');
      const other = await asked(poll.id, '¿Otra?');
      const t0 = 1_700_000_000_000;
      // A bank: 30 ids issued within one second, all voting from one source.
      for (let i = 0; i < 30; i++) {
        await current.store.voteQa(q.id, `bank${i}`, true, {
          source: 'bank',
          freshParticipant: false,
          participantIssuedAt: t0 + i,
        });
      }
      // People: ids issued seconds apart, some fresh.
      for (let i = 0; i < 4; i++) {
        await current.store.voteQa(q.id, `person${i}`, true, {
          source: 'room',
          freshParticipant: i === 0,
          participantIssuedAt: t0 + i * 5_000,
        });
      }
      await current.store.voteQa(other.id, 'person1', true, {
        source: 'room',
        freshParticipant: false,
      });
      const sources = await current.store.qaVoteSources(poll.id, 25);
      expect(sources).toEqual([
        { source: 'bank', votes: 30, discarded: 0, freshParticipants: 0, bulkIssued: 30 },
        { source: 'room', votes: 5, discarded: 0, freshParticipants: 1, bulkIssued: 0 },
      ]);
      expect(await current.store.discardQaVotes(poll.id, ['bank'])).toBe(30);
      expect((await current.store.getQaQuestion(q.id))?.votes).toBe(4);
      // Taking back a set-aside vote does not move the counter again.
      await current.store.voteQa(q.id, 'bank0', false);
      expect((await current.store.getQaQuestion(q.id))?.votes).toBe(4);
      expect((await current.store.qaVoteSources(poll.id, 25))[1]).toMatchObject({
        source: 'bank',
        votes: 0,
        discarded: 30,
      });
      expect(await current.store.restoreQaVotes(poll.id)).toBe(30);
      expect((await current.store.getQaQuestion(q.id))?.votes).toBe(34);
      expect(await current.store.restoreQaVotes(poll.id, 'bank')).toBe(0);
    });

    it('refuses an asker past its fair share of the cap, under the same lock', async () => {
      const poll = await qaPoll();
      const shares = () => ({ source: 3, participant: 2 });
      const askAs = (participantId: string, source: string) =>
        current.store.addQaQuestion({
          pollId: poll.id,
          participantId,
          nickname: null,
          text: 'P',
          state: 'visible',
          maxPerPoll: 100,
          now: new Date(),
          source,
          shares,
        });
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => askAs(`id${i}`, 'crowded')),
      );
      expect(results.filter((r) => typeof r === 'object')).toHaveLength(3);
      expect(results.filter((r) => r === 'source-share')).toHaveLength(5);
      expect(typeof (await askAs('me', 'quiet'))).toBe('object');
      expect(typeof (await askAs('me', 'quiet'))).toBe('object');
      expect(await askAs('me', 'quiet')).toBe('participant-share');
    });

    it('highlights one question at a time', async () => {
      const poll = await qaPoll();
      const a = await asked(poll.id, 'A');
      const b = await asked(poll.id, 'B');
      await current.store.updateQaQuestion(a.id, { pinned: true });
      await Promise.all([
        current.store.updateQaQuestion(b.id, { pinned: true }),
        current.store.updateQaQuestion(a.id, { pinned: true }),
      ]);
      const all = await current.store.listQaQuestions(poll.id, {
        sort: 'top',
        limit: 10,
        offset: 0,
      });
      expect(all.records.filter((r) => r.pinned)).toHaveLength(1);
      const hidden = await current.store.updateQaQuestion(a.id, {
        state: 'hidden',
        answered: true,
      });
      expect(hidden).toMatchObject({ state: 'hidden', answered: true });
      expect(await current.store.updateQaQuestion(999_999, { pinned: true })).toBeUndefined();
    });

    it('deletes one with its votes, and clears a poll without touching another', async () => {
      const poll = await qaPoll();
      const other = await qaPoll();
      const q = await asked(poll.id, 'Borrar');
      await asked(poll.id, 'Otra');
      await asked(other.id, 'De la otra');
      await current.store.voteQa(q.id, 'p', true);
      expect(await current.store.deleteQaQuestion(q.id)).toBe(true);
      expect(await current.store.deleteQaQuestion(q.id)).toBe(false);
      expect(await current.store.qaVotedBy('p', [q.id])).toEqual(new Set());
      expect(await current.store.clearQaQuestions(poll.id)).toBe(1);
      expect(
        (await current.store.listQaQuestions(other.id, { sort: 'top', limit: 5, offset: 0 })).total,
      ).toBe(1);
    });

    it('removes the questions with their poll, and resets leave them', async () => {
      const poll = await qaPoll();
      const q = await asked(poll.id, 'Se queda');
      await current.store.resetVotes(poll.id);
      expect(await current.store.getQaQuestion(q.id)).toBeDefined();
      await current.store.updatePoll(poll.id, { status: 'draft' });
      await current.store.deleteStaleDrafts(new Date(Date.now() + 60_000));
      expect(await current.store.getQaQuestion(q.id)).toBeUndefined();
    });
  });
}
