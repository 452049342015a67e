import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TTL_MS } from '../../contract/index.ts';
import {
  type PollRecord,
  type PollStore,
  type QuestionWithOptions,
  SlugTakenError,
} from './store.ts';

/**
 * The behaviour every PollStore must have, written against the interface only so the same
 * suite runs on each engine: `storeContract('sqlite', () => openSqliteStore(file))`.
 * The factory must return an empty, migrated store each time.
 */
export function storeContract(engine: string, factory: () => Promise<PollStore>): void {
  describe(`PollStore contract (${engine})`, () => {
    let store: PollStore;
    let slugCounter = 0;
    beforeEach(async () => {
      store = await factory();
    });
    afterEach(async () => {
      await store.close();
    });

    async function newPoll(overrides: Partial<Parameters<PollStore['createPoll']>[0]> = {}) {
      slugCounter += 1;
      return store.createPoll({
        slug: `slug${slugCounter}x`,
        title: 'Encuesta',
        hostSecretHash: 'h'.repeat(64),
        oneVotePerQuestion: true,
        resultsPublic: false,
        ...overrides,
      });
    }

    /** An open poll with a single and a multiple question, three options each. */
    async function openPoll(oneVotePerQuestion = true) {
      const poll = await newPoll({ oneVotePerQuestion, status: 'open' });
      const options = [{ text: 'A' }, { text: 'B' }, { text: 'C' }];
      const single = await store.addQuestion(poll.id, { text: 'Uno', type: 'single', options });
      const multi = await store.addQuestion(poll.id, { text: 'Varias', type: 'multiple', options });
      return { poll, single, multi };
    }

    const opt = (q: QuestionWithOptions, i: number) => q.options[i]!.id;
    const vote = (
      pollId: number,
      participantId: string,
      answers: { questionId: number; optionIds: number[] }[],
      extra: { oneVotePerQuestion?: boolean; key?: string; hash?: string; now?: Date } = {},
    ) =>
      store.castVote({
        pollId,
        participantId,
        answers,
        oneVotePerQuestion: extra.oneVotePerQuestion ?? true,
        idempotency: extra.key ? { key: extra.key, ballotHash: extra.hash ?? 'hash-a' } : undefined,
        now: extra.now ?? new Date(),
      });
    const countOf = async (pollId: number, optionId: number) =>
      (await store.getVoteCounts(pollId)).optionCounts.find((c) => c.optionId === optionId)
        ?.count ?? 0;
    const updatedAt = async (poll: PollRecord) =>
      (await store.getPollById(poll.id))!.updatedAt.getTime();

    describe('polls', () => {
      it('creates a draft poll and finds it by slug and id', async () => {
        const poll = await newPoll({ title: 'Hola', resultsPublic: true });
        expect(poll).toMatchObject({ title: 'Hola', status: 'draft', resultsPublic: true });
        expect(poll.oneVotePerQuestion).toBe(true);
        expect(poll.createdAt).toBeInstanceOf(Date);
        expect(await store.getPollBySlug(poll.slug)).toEqual(poll);
        expect(await store.getPollById(poll.id)).toEqual(poll);
        expect(await store.getPollBySlug('nope')).toBeUndefined();
        expect(await store.getPollById(999_999)).toBeUndefined();
      });

      it('refuses a taken slug with SlugTakenError and stores nothing', async () => {
        const poll = await newPoll();
        await expect(
          store.createPoll({
            slug: poll.slug,
            title: 'Otra',
            hostSecretHash: 'x',
            oneVotePerQuestion: false,
            resultsPublic: false,
            questions: [{ text: 'Q', type: 'single', options: [{ text: 'A' }] }],
          }),
        ).rejects.toBeInstanceOf(SlugTakenError);
        expect((await store.getPollBySlug(poll.slug))?.title).toBe('Encuesta');
      });

      it('creates a poll with its questions and options (duplicate), keeping ordinals', async () => {
        const poll = await newPoll({
          questions: [
            { text: 'B', type: 'yesno', ordinal: 2, options: [{ text: 'Sí' }, { text: 'No' }] },
            { text: 'A', type: 'single', ordinal: 1, options: [{ text: 'x', ordinal: 5 }] },
          ],
        });
        const questions = await store.listQuestions(poll.id);
        expect(questions.map((q) => [q.text, q.ordinal])).toEqual([
          ['A', 1],
          ['B', 2],
        ]);
        expect(questions[1]!.options.map((o) => [o.text, o.ordinal])).toEqual([
          ['Sí', 1],
          ['No', 2],
        ]);
        expect(questions[0]!.options[0]).toMatchObject({ ordinal: 5, pollId: poll.id });
      });

      it('updates fields and moves updatedAt strictly forward, even twice in a row', async () => {
        const poll = await newPoll();
        const a = await store.updatePoll(poll.id, { title: 'Nuevo', resultsPublic: true });
        const b = await store.updatePoll(poll.id, { oneVotePerQuestion: false });
        expect(b).toMatchObject({ title: 'Nuevo', resultsPublic: true, oneVotePerQuestion: false });
        expect(a!.updatedAt.getTime()).toBeGreaterThan(poll.updatedAt.getTime());
        expect(b!.updatedAt.getTime()).toBeGreaterThan(a!.updatedAt.getTime());
      });

      it('applies a status change only from the expected status', async () => {
        const poll = await newPoll();
        expect(await store.updatePoll(poll.id, { status: 'closed' }, 'open')).toBeUndefined();
        expect((await store.getPollById(poll.id))!.status).toBe('draft');
        expect((await store.updatePoll(poll.id, { status: 'open' }, 'draft'))!.status).toBe('open');
        expect(await store.updatePoll(999_999, { title: 'x' })).toBeUndefined();
      });
    });

    describe('questions and options', () => {
      it('adds questions last by default and lists them by ordinal', async () => {
        const poll = await newPoll();
        const q1 = await store.addQuestion(poll.id, {
          text: 'Uno',
          type: 'single',
          options: [{ text: 'A' }, { text: 'B' }],
        });
        const q2 = await store.addQuestion(poll.id, { text: 'Dos', type: 'multiple', options: [] });
        const q0 = await store.addQuestion(poll.id, {
          text: 'Cero',
          type: 'single',
          ordinal: 1,
          options: [],
        });
        expect([q1.ordinal, q2.ordinal]).toEqual([1, 2]);
        expect(q1.options.map((o) => [o.text, o.ordinal, o.questionId])).toEqual([
          ['A', 1, q1.id],
          ['B', 2, q1.id],
        ]);
        const list = await store.listQuestions(poll.id);
        // Same ordinal: the older question first.
        expect(list.map((q) => q.id)).toEqual([q1.id, q0.id, q2.id]);
        expect(await store.getQuestion(q1.id)).toEqual({
          id: q1.id,
          pollId: poll.id,
          text: 'Uno',
          type: 'single',
          ordinal: 1,
        });
        expect(await store.getQuestion(999_999)).toBeUndefined();
      });

      it('updates a question and an option, touching the poll', async () => {
        const { poll, single } = await openPoll();
        let before = await updatedAt(poll);
        const q = await store.updateQuestion(single.id, { text: 'Nuevo', ordinal: 7 });
        expect(q).toMatchObject({ text: 'Nuevo', ordinal: 7, options: single.options });
        expect(await updatedAt(poll)).toBeGreaterThan(before);
        before = await updatedAt(poll);
        const o = await store.updateOption(opt(single, 0), { text: 'Z' });
        expect(o).toEqual({ ...single.options[0], text: 'Z' });
        expect(await updatedAt(poll)).toBeGreaterThan(before);
        expect(await store.updateQuestion(999_999, { text: 'x' })).toBeUndefined();
        expect(await store.updateOption(999_999, { text: 'x' })).toBeUndefined();
      });

      it('adds options after the highest ordinal', async () => {
        const { poll, single } = await openPoll();
        await store.updateOption(opt(single, 1), { ordinal: 9 });
        const added = await store.addOption(single.id, { text: 'D' });
        expect(added).toMatchObject({ text: 'D', ordinal: 10, questionId: single.id });
        expect(added!.pollId).toBe(poll.id);
        expect(await store.getOption(added!.id)).toEqual(added);
        expect(await store.addOption(999_999, { text: 'x' })).toBeUndefined();
        expect(await store.getOption(999_999)).toBeUndefined();
      });

      it('refuses to delete the last option of a question', async () => {
        const poll = await newPoll();
        const q = await store.addQuestion(poll.id, {
          text: 'Q',
          type: 'single',
          options: [{ text: 'A' }, { text: 'B' }],
        });
        expect(await store.deleteOption(opt(q, 0))).toBe('deleted');
        expect(await store.deleteOption(opt(q, 1))).toBe('last-option');
        expect(await store.deleteOption(opt(q, 0))).toBe('not-found');
        expect((await store.listQuestions(poll.id))[0]!.options).toHaveLength(1);
      });

      it('reorders questions to 1..n', async () => {
        const { poll, single, multi } = await openPoll();
        const third = await store.addQuestion(poll.id, { text: 'T', type: 'yesno', options: [] });
        const result = await store.reorderQuestions(poll.id, [third.id, multi.id, single.id]);
        expect(result.map((q) => [q.id, q.ordinal])).toEqual([
          [third.id, 1],
          [multi.id, 2],
          [single.id, 3],
        ]);
      });
    });

    describe('votes', () => {
      it('stores a ballot whole and counts it by GROUP BY', async () => {
        const { poll, single, multi } = await openPoll();
        const before = await updatedAt(poll);
        const result = await vote(poll.id, 'p1', [
          { questionId: single.id, optionIds: [opt(single, 0)] },
          { questionId: multi.id, optionIds: [opt(multi, 0), opt(multi, 2)] },
        ]);
        expect(result).toEqual({ outcome: 'stored', saved: 2 });
        await vote(poll.id, 'p2', [{ questionId: multi.id, optionIds: [opt(multi, 0)] }]);
        const counts = await store.getVoteCounts(poll.id);
        expect(counts.ballots).toBe(2);
        expect(new Map(counts.optionCounts.map((c) => [c.optionId, c.count]))).toEqual(
          new Map([
            [opt(single, 0), 1],
            [opt(multi, 0), 2],
            [opt(multi, 2), 1],
          ]),
        );
        expect(new Map(counts.respondents.map((c) => [c.questionId, c.count]))).toEqual(
          new Map([
            [single.id, 1],
            [multi.id, 2],
          ]),
        );
        expect(await updatedAt(poll)).toBeGreaterThan(before);
      });

      it('refuses a whole ballot touching an answered question when one vote per question', async () => {
        const { poll, single, multi } = await openPoll(true);
        await vote(poll.id, 'p1', [{ questionId: single.id, optionIds: [opt(single, 0)] }]);
        const again = await vote(poll.id, 'p1', [
          { questionId: multi.id, optionIds: [opt(multi, 1)] },
          { questionId: single.id, optionIds: [opt(single, 1)] },
        ]);
        expect(again).toEqual({ outcome: 'already-voted', questionIds: [single.id] });
        expect((await store.getVoteCounts(poll.id)).ballots).toBe(1);
        expect(await countOf(poll.id, opt(multi, 1))).toBe(0);
        // The other question is still open to this participant, and to others.
        expect(
          (await vote(poll.id, 'p1', [{ questionId: multi.id, optionIds: [opt(multi, 1)] }]))
            .outcome,
        ).toBe('stored');
        expect(
          (await vote(poll.id, 'p2', [{ questionId: single.id, optionIds: [opt(single, 1)] }]))
            .outcome,
        ).toBe('stored');
      });

      it('counts repeated ballots when one vote per question is off', async () => {
        const { poll, single } = await openPoll(false);
        const answers = [{ questionId: single.id, optionIds: [opt(single, 0)] }];
        await vote(poll.id, 'p1', answers, { oneVotePerQuestion: false });
        await vote(poll.id, 'p1', answers, { oneVotePerQuestion: false });
        expect(await countOf(poll.id, opt(single, 0))).toBe(2);
      });

      it('holds one vote per question under concurrent ballots of one participant', async () => {
        const { poll, single } = await openPoll(true);
        const results = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            vote(poll.id, 'same', [{ questionId: single.id, optionIds: [opt(single, i % 3)] }]),
          ),
        );
        expect(results.filter((r) => r.outcome === 'stored')).toHaveLength(1);
        expect(results.filter((r) => r.outcome === 'already-voted')).toHaveLength(11);
        expect((await store.getVoteCounts(poll.id)).ballots).toBe(1);
      });

      it('takes no vote unless the poll is open, and refuses stale options', async () => {
        const { poll, single, multi } = await openPoll();
        const draft = await newPoll();
        const answers = [{ questionId: single.id, optionIds: [opt(single, 0)] }];
        expect(await vote(draft.id, 'p1', answers)).toEqual({ outcome: 'poll-not-open' });
        expect(
          await vote(poll.id, 'p1', [{ questionId: single.id, optionIds: [opt(multi, 0)] }]),
        ).toEqual({ outcome: 'stale-ballot' });
        await store.updatePoll(poll.id, { status: 'closed' });
        expect(await vote(poll.id, 'p1', answers)).toEqual({ outcome: 'poll-not-open' });
        expect((await store.getVoteCounts(poll.id)).ballots).toBe(0);
      });
    });

    describe('idempotency keys', () => {
      it('replays a stored ballot for the same key and hash, storing nothing new', async () => {
        const { poll, single, multi } = await openPoll(true);
        const answers = [
          { questionId: single.id, optionIds: [opt(single, 0)] },
          { questionId: multi.id, optionIds: [opt(multi, 1)] },
        ];
        expect(await vote(poll.id, 'p1', answers, { key: 'k1' })).toEqual({
          outcome: 'stored',
          saved: 2,
        });
        expect(await vote(poll.id, 'p1', answers, { key: 'k1' })).toEqual({
          outcome: 'replayed',
          saved: 2,
        });
        // Even after the poll closes, the retry still sees its success.
        await store.updatePoll(poll.id, { status: 'closed' });
        expect((await vote(poll.id, 'p1', answers, { key: 'k1' })).outcome).toBe('replayed');
        expect((await store.getVoteCounts(poll.id)).ballots).toBe(1);
      });

      it('refuses the same key with another ballot', async () => {
        const { poll, single } = await openPoll(false);
        const answers = [{ questionId: single.id, optionIds: [opt(single, 0)] }];
        await vote(poll.id, 'p1', answers, { key: 'k', hash: 'one', oneVotePerQuestion: false });
        expect(
          await vote(poll.id, 'p1', answers, { key: 'k', hash: 'two', oneVotePerQuestion: false }),
        ).toEqual({ outcome: 'idempotency-mismatch' });
        expect((await store.getVoteCounts(poll.id)).ballots).toBe(1);
      });

      it('scopes keys to the poll', async () => {
        const a = await openPoll(false);
        const b = await openPoll(false);
        const on = (p: typeof a) => [{ questionId: p.single.id, optionIds: [opt(p.single, 0)] }];
        await vote(a.poll.id, 'p1', on(a), { key: 'k', oneVotePerQuestion: false });
        expect(
          (await vote(b.poll.id, 'p1', on(b), { key: 'k', oneVotePerQuestion: false })).outcome,
        ).toBe('stored');
      });

      it('does not remember refused ballots', async () => {
        const { poll, single } = await openPoll(true);
        const answers = [{ questionId: single.id, optionIds: [opt(single, 0)] }];
        await store.updatePoll(poll.id, { status: 'draft' });
        expect((await vote(poll.id, 'p1', answers, { key: 'k' })).outcome).toBe('poll-not-open');
        await store.updatePoll(poll.id, { status: 'open' });
        expect((await vote(poll.id, 'p1', answers, { key: 'k' })).outcome).toBe('stored');
      });

      it('forgets keys after the time to live, and sweeps them', async () => {
        const { poll, single } = await openPoll(false);
        const answers = [{ questionId: single.id, optionIds: [opt(single, 0)] }];
        const t0 = new Date();
        const later = new Date(t0.getTime() + IDEMPOTENCY_TTL_MS + 1000);
        const o = { key: 'k', oneVotePerQuestion: false };
        await vote(poll.id, 'p1', answers, { ...o, now: t0 });
        expect((await vote(poll.id, 'p1', answers, { ...o, now: later })).outcome).toBe('stored');
        await vote(poll.id, 'p1', answers, { key: 'old', oneVotePerQuestion: false, now: t0 });
        expect(await store.sweepIdempotencyKeys(new Date(t0.getTime() + 1))).toBe(1);
        expect(await countOf(poll.id, opt(single, 0))).toBe(3);
      });

      it('stores a ballot once when the same key arrives concurrently', async () => {
        const { poll, single } = await openPoll(false);
        const answers = [{ questionId: single.id, optionIds: [opt(single, 0)] }];
        const results = await Promise.all(
          Array.from({ length: 8 }, () =>
            vote(poll.id, 'p1', answers, { key: 'same', oneVotePerQuestion: false }),
          ),
        );
        expect(results.filter((r) => r.outcome === 'stored')).toHaveLength(1);
        expect(results.filter((r) => r.outcome === 'replayed')).toHaveLength(7);
        expect(await countOf(poll.id, opt(single, 0))).toBe(1);
      });
    });

    describe('ballots arriving together', () => {
      it('are judged in arrival order, as one after the other', async () => {
        const { poll, single, multi } = await openPoll(true);
        const q1 = { questionId: single.id, optionIds: [opt(single, 0)] };
        const q2 = { questionId: multi.id, optionIds: [opt(multi, 1)] };
        const results = await Promise.all([
          vote(poll.id, 'p1', [q1]),
          vote(poll.id, 'p1', [q2, q1]),
          vote(poll.id, 'p1', [q2]),
          vote(poll.id, 'p2', [q1], { key: 'k', hash: 'one' }),
          vote(poll.id, 'p2', [q1], { key: 'k', hash: 'one' }),
          vote(poll.id, 'p3', [q1], { key: 'k', hash: 'two' }),
          vote(poll.id, 'p4', [{ questionId: single.id, optionIds: [opt(multi, 0)] }]),
        ]);
        expect(results).toEqual([
          { outcome: 'stored', saved: 1 },
          { outcome: 'already-voted', questionIds: [single.id] },
          { outcome: 'stored', saved: 1 },
          { outcome: 'stored', saved: 1 },
          { outcome: 'replayed', saved: 1 },
          { outcome: 'idempotency-mismatch' },
          { outcome: 'stale-ballot' },
        ]);
        const counts = await store.getVoteCounts(poll.id);
        expect(counts.ballots).toBe(3);
        expect(counts.respondents.find((r) => r.questionId === single.id)?.count).toBe(2);
      });

      it('each move updatedAt at least 1 ms', async () => {
        const { poll, single } = await openPoll(false);
        const before = await updatedAt(poll);
        const answers = [{ questionId: single.id, optionIds: [opt(single, 0)] }];
        await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            vote(poll.id, `p${i}`, answers, { oneVotePerQuestion: false }),
          ),
        );
        expect(await updatedAt(poll)).toBeGreaterThanOrEqual(before + 30);
      });
    });

    describe('vote counters', () => {
      const sorted = <T extends { count: number }>(rows: T[], key: (r: T) => number) =>
        rows.filter((r) => r.count > 0).sort((a, b) => key(a) - key(b));
      /** The counters getTally reads equal the GROUP BY truth, and its poll and questions the
       *  store's own. */
      async function expectTallyTrue(pollId: number) {
        const [tally, truth] = await Promise.all([
          store.getTally(pollId),
          store.getVoteCounts(pollId),
        ]);
        expect(tally).toBeDefined();
        expect(tally!.counts.ballots).toBe(truth.ballots);
        expect(sorted(tally!.counts.optionCounts, (r) => r.optionId)).toEqual(
          sorted(truth.optionCounts, (r) => r.optionId),
        );
        expect(sorted(tally!.counts.respondents, (r) => r.questionId)).toEqual(
          sorted(truth.respondents, (r) => r.questionId),
        );
        expect(tally!.poll).toEqual(await store.getPollById(pollId));
        expect(tally!.questions).toEqual(await store.listQuestions(pollId));
        return tally!;
      }

      it('follow every stored ballot and ignore refused ones', async () => {
        const { poll, single, multi } = await openPoll(true);
        const empty = await expectTallyTrue(poll.id);
        expect(empty.counts.ballots).toBe(0);
        // Every option and question is listed, with zero before any vote.
        expect(empty.counts.optionCounts).toHaveLength(6);
        expect(empty.counts.respondents).toHaveLength(2);
        await vote(poll.id, 'p1', [
          { questionId: single.id, optionIds: [opt(single, 0)] },
          { questionId: multi.id, optionIds: [opt(multi, 0), opt(multi, 2)] },
        ]);
        await vote(poll.id, 'p2', [{ questionId: multi.id, optionIds: [opt(multi, 0)] }]);
        // Refused: already voted, stale option, then closed. None may move a counter.
        await vote(poll.id, 'p1', [{ questionId: single.id, optionIds: [opt(single, 1)] }]);
        await vote(poll.id, 'p3', [{ questionId: single.id, optionIds: [opt(multi, 1)] }]);
        const tally = await expectTallyTrue(poll.id);
        expect(tally.counts.ballots).toBe(2);
        expect(tally.counts.optionCounts.find((c) => c.optionId === opt(multi, 0))?.count).toBe(2);
        await store.updatePoll(poll.id, { status: 'closed' });
        await vote(poll.id, 'p4', [{ questionId: single.id, optionIds: [opt(single, 2)] }]);
        expect((await expectTallyTrue(poll.id)).counts.ballots).toBe(2);
      });

      it('hold under concurrent ballots', async () => {
        const { poll, single, multi } = await openPoll(true);
        const results = await Promise.all(
          Array.from({ length: 24 }, (_, i) =>
            vote(poll.id, `p${i % 16}`, [
              { questionId: single.id, optionIds: [opt(single, i % 3)] },
              { questionId: multi.id, optionIds: [opt(multi, 0), opt(multi, 1 + (i % 2))] },
            ]),
          ),
        );
        expect(results.filter((r) => r.outcome === 'stored')).toHaveLength(16);
        expect((await expectTallyTrue(poll.id)).counts.ballots).toBe(16);
      });

      it('follow deleted options and questions, and a reset', async () => {
        const { poll, single, multi } = await openPoll(true);
        const other = await openPoll(true);
        for (const [i, p] of ['p1', 'p2', 'p3', 'p4'].entries()) {
          await vote(poll.id, p, [
            { questionId: single.id, optionIds: [opt(single, i % 2)] },
            ...(i < 2 ? [{ questionId: multi.id, optionIds: [opt(multi, 0), opt(multi, 1)] }] : []),
          ]);
        }
        await vote(other.poll.id, 'p1', [
          { questionId: other.single.id, optionIds: [opt(other.single, 0)] },
        ]);
        await store.deleteOption(opt(single, 0));
        await expectTallyTrue(poll.id);
        await store.deleteOption(opt(multi, 1));
        await expectTallyTrue(poll.id);
        await store.deleteQuestion(single.id);
        expect((await expectTallyTrue(poll.id)).counts.ballots).toBe(2);
        expect(await store.resetVotes(poll.id)).toBe(2);
        const reset = await expectTallyTrue(poll.id);
        expect(reset.counts.ballots).toBe(0);
        expect(reset.counts.optionCounts.every((c) => c.count === 0)).toBe(true);
        expect(reset.counts.respondents.every((c) => c.count === 0)).toBe(true);
        // Other polls keep theirs.
        expect((await expectTallyTrue(other.poll.id)).counts.ballots).toBe(1);
        expect(await store.getTally(999_999)).toBeUndefined();
      });

      it('start at zero on a duplicate and on new options', async () => {
        const { poll, single } = await openPoll(true);
        await vote(poll.id, 'p1', [{ questionId: single.id, optionIds: [opt(single, 0)] }]);
        const added = await store.addOption(single.id, { text: 'D' });
        const copy = await newPoll({
          questions: (await store.listQuestions(poll.id)).map((q) => ({
            text: q.text,
            type: q.type,
            options: q.options.map((o) => ({ text: o.text })),
          })),
        });
        const tally = await expectTallyTrue(poll.id);
        expect(tally.counts.optionCounts.find((c) => c.optionId === added!.id)?.count).toBe(0);
        expect((await expectTallyTrue(copy.id)).counts.ballots).toBe(0);
      });
    });

    describe('deletes and reset keep counts consistent', () => {
      it('deleting an option removes its choices, emptied answers and emptied ballots', async () => {
        const { poll, single, multi } = await openPoll(true);
        await vote(poll.id, 'p1', [{ questionId: single.id, optionIds: [opt(single, 0)] }]);
        await vote(poll.id, 'p2', [
          { questionId: single.id, optionIds: [opt(single, 0)] },
          { questionId: multi.id, optionIds: [opt(multi, 0)] },
        ]);
        await vote(poll.id, 'p3', [{ questionId: single.id, optionIds: [opt(single, 1)] }]);
        expect(await store.deleteOption(opt(single, 0))).toBe('deleted');
        const counts = await store.getVoteCounts(poll.id);
        expect(counts.ballots).toBe(2); // p1's ballot had nothing else
        expect(counts.respondents.find((r) => r.questionId === single.id)?.count).toBe(1);
        // p1's answer is gone, so p1 may answer the question again.
        const again = await vote(poll.id, 'p1', [
          { questionId: single.id, optionIds: [opt(single, 2)] },
        ]);
        expect(again.outcome).toBe('stored');
      });

      it('deleting a question removes its votes and ballots left empty', async () => {
        const { poll, single, multi } = await openPoll(true);
        await vote(poll.id, 'p1', [{ questionId: single.id, optionIds: [opt(single, 0)] }]);
        await vote(poll.id, 'p2', [
          { questionId: single.id, optionIds: [opt(single, 1)] },
          { questionId: multi.id, optionIds: [opt(multi, 0), opt(multi, 1)] },
        ]);
        const before = await updatedAt(poll);
        expect(await store.deleteQuestion(single.id)).toBe(true);
        expect(await store.deleteQuestion(single.id)).toBe(false);
        const counts = await store.getVoteCounts(poll.id);
        expect(counts.ballots).toBe(1);
        expect(counts.optionCounts).toHaveLength(2);
        expect(counts.respondents).toEqual([{ questionId: multi.id, count: 1 }]);
        expect(await store.getOption(opt(single, 0))).toBeUndefined();
        expect(await updatedAt(poll)).toBeGreaterThan(before);
      });

      it('reset deletes ballots, one-vote records and keys of that poll only', async () => {
        const { poll, single } = await openPoll(true);
        const other = await openPoll(true);
        const answers = [{ questionId: single.id, optionIds: [opt(single, 0)] }];
        await vote(poll.id, 'p1', answers, { key: 'k' });
        await vote(poll.id, 'p2', answers);
        await vote(other.poll.id, 'p1', [
          { questionId: other.single.id, optionIds: [opt(other.single, 0)] },
        ]);
        const before = await updatedAt(poll);
        expect(await store.resetVotes(poll.id)).toBe(2);
        expect((await store.getVoteCounts(poll.id)).ballots).toBe(0);
        expect((await store.getVoteCounts(other.poll.id)).ballots).toBe(1);
        expect(await updatedAt(poll)).toBeGreaterThan(before);
        // Neither the one-vote record nor the key survives: the same vote is new again.
        expect((await vote(poll.id, 'p1', answers, { key: 'k' })).outcome).toBe('stored');
      });
    });
  });
}
