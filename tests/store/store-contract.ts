import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TTL_MS } from '../../src/contract/index.ts';
import {
  PollKeyTakenError,
  type PollRecord,
  type PollStore,
  type QuestionWithOptions,
} from '../../src/server/store/store.ts';
import { freshStorePerTest } from './test-fresh-store.ts';
import { testJoinCode } from './test-join-codes.ts';
import { addSingleAndMultiple } from './test-polls.ts';

/**
 * The behaviour every PollStore must have, written against the interface only so the same
 * suite runs on each engine: `storeContract('sqlite', () => openSqliteStore(file))`.
 * The factory must return an empty, migrated store each time.
 */
export function storeContract(engine: string, factory: () => Promise<PollStore>): void {
  describe(`PollStore contract (${engine})`, () => {
    const current = freshStorePerTest(() => factory());
    let slugCounter = 0;

    async function newPoll(overrides: Partial<Parameters<PollStore['createPoll']>[0]> = {}) {
      slugCounter += 1;
      return current.store.createPoll({
        slug: `slug${slugCounter}x`,
        title: 'Encuesta',
        hostSecretHash: 'h'.repeat(64),
        oneVotePerQuestion: true,
        resultsPublic: false,
        joinCode: testJoinCode(),
        ...overrides,
      });
    }

    /** An open poll with a single and a multiple question, three options each. */
    async function openPoll(oneVotePerQuestion = true) {
      const poll = await newPoll({ oneVotePerQuestion, status: 'open' });
      return { poll, ...(await addSingleAndMultiple(current.store, poll.id)) };
    }

    const opt = (q: QuestionWithOptions, i: number) => q.options[i]!.id;
    const vote = (
      pollId: number,
      participantId: string,
      answers: { questionId: number; optionIds: number[] }[],
      extra: { oneVotePerQuestion?: boolean; key?: string; hash?: string; now?: Date } = {},
    ) =>
      current.store.castVote({
        pollId,
        participantId,
        answers,
        oneVotePerQuestion: extra.oneVotePerQuestion ?? true,
        idempotency: extra.key ? { key: extra.key, ballotHash: extra.hash ?? 'hash-a' } : undefined,
        now: extra.now ?? new Date(),
      });
    const countOf = async (pollId: number, optionId: number) =>
      (await current.store.getVoteCounts(pollId)).optionCounts.find((c) => c.optionId === optionId)
        ?.count ?? 0;
    const updatedAt = async (poll: PollRecord) =>
      (await current.store.getPollById(poll.id))!.updatedAt.getTime();

    describe('polls', () => {
      it('creates a draft poll and finds it by slug and id', async () => {
        const poll = await newPoll({ title: 'Hola', resultsPublic: true });
        expect(poll).toMatchObject({ title: 'Hola', status: 'draft', resultsPublic: true });
        expect(poll.oneVotePerQuestion).toBe(true);
        expect(poll.createdAt).toBeInstanceOf(Date);
        expect(await current.store.getPollBySlug(poll.slug)).toEqual(poll);
        expect(await current.store.getPollById(poll.id)).toEqual(poll);
        expect(await current.store.getPollBySlug('nope')).toBeUndefined();
        expect(await current.store.getPollById(999_999)).toBeUndefined();
      });

      it('refuses a taken slug with PollKeyTakenError and stores nothing', async () => {
        const poll = await newPoll();
        await expect(
          current.store.createPoll({
            slug: poll.slug,
            title: 'Otra',
            hostSecretHash: 'x',
            oneVotePerQuestion: false,
            resultsPublic: false,
            joinCode: testJoinCode(),
            questions: [{ text: 'Q', type: 'single', options: [{ text: 'A' }] }],
          }),
        ).rejects.toBeInstanceOf(PollKeyTakenError);
        expect((await current.store.getPollBySlug(poll.slug))?.title).toBe('Encuesta');
      });

      it('creates a poll with its questions and options (duplicate), keeping ordinals', async () => {
        const poll = await newPoll({
          questions: [
            { text: 'B', type: 'yesno', ordinal: 2, options: [{ text: 'Sí' }, { text: 'No' }] },
            { text: 'A', type: 'single', ordinal: 1, options: [{ text: 'x', ordinal: 5 }] },
          ],
        });
        const questions = await current.store.listQuestions(poll.id);
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
        const a = await current.store.updatePoll(poll.id, { title: 'Nuevo', resultsPublic: true });
        const b = await current.store.updatePoll(poll.id, { oneVotePerQuestion: false });
        expect(b).toMatchObject({ title: 'Nuevo', resultsPublic: true, oneVotePerQuestion: false });
        expect(a!.updatedAt.getTime()).toBeGreaterThan(poll.updatedAt.getTime());
        expect(b!.updatedAt.getTime()).toBeGreaterThan(a!.updatedAt.getTime());
      });

      it('keeps the presenter pace and the current question, off and none by default', async () => {
        const poll = await newPoll({ presenterPace: true });
        expect(poll).toMatchObject({ presenterPace: true, currentQuestionId: null });
        expect((await newPoll()).presenterPace).toBe(false);
        const q = await current.store.addQuestion(poll.id, {
          text: 'Q',
          type: 'yesno',
          options: [],
        });
        const set = await current.store.updatePoll(poll.id, { currentQuestionId: q.id });
        expect(set).toMatchObject({ currentQuestionId: q.id, presenterPace: true });
        // Another change leaves it alone; null clears it.
        expect((await current.store.updatePoll(poll.id, { title: 'X' }))?.currentQuestionId).toBe(
          q.id,
        );
        const off = await current.store.updatePoll(poll.id, {
          currentQuestionId: null,
          presenterPace: false,
        });
        expect(off).toMatchObject({ currentQuestionId: null, presenterPace: false });
        expect(off!.updatedAt.getTime()).toBeGreaterThan(set!.updatedAt.getTime());
      });

      it('applies a status change only from the expected status', async () => {
        const poll = await newPoll();
        expect(
          await current.store.updatePoll(poll.id, { status: 'closed' }, 'open'),
        ).toBeUndefined();
        expect((await current.store.getPollById(poll.id))!.status).toBe('draft');
        expect((await current.store.updatePoll(poll.id, { status: 'open' }, 'draft'))!.status).toBe(
          'open',
        );
        expect(await current.store.updatePoll(999_999, { title: 'x' })).toBeUndefined();
      });
    });

    describe('questions and options', () => {
      it('adds questions last by default and lists them by ordinal', async () => {
        const poll = await newPoll();
        const q1 = await current.store.addQuestion(poll.id, {
          text: 'Uno',
          type: 'single',
          options: [{ text: 'A' }, { text: 'B' }],
        });
        const q2 = await current.store.addQuestion(poll.id, {
          text: 'Dos',
          type: 'multiple',
          options: [],
        });
        const q0 = await current.store.addQuestion(poll.id, {
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
        const list = await current.store.listQuestions(poll.id);
        // Same ordinal: the older question first.
        expect(list.map((q) => q.id)).toEqual([q1.id, q0.id, q2.id]);
        expect(await current.store.getQuestion(q1.id)).toEqual({
          id: q1.id,
          pollId: poll.id,
          text: 'Uno',
          type: 'single',
          ordinal: 1,
          resultsHidden: false,
          scale: null,
          number: null,
          correctValue: null,
          tolerance: null,
          explanation: null,
          timeLimitSeconds: null,
          startedAt: null,
          endsAt: null,
          closedAt: null,
        });
        expect(await current.store.getQuestion(999_999)).toBeUndefined();
      });

      it('updates a question and an option, touching the poll', async () => {
        const { poll, single } = await openPoll();
        let before = await updatedAt(poll);
        const q = await current.store.updateQuestion(single.id, { text: 'Nuevo', ordinal: 7 });
        expect(q).toMatchObject({ text: 'Nuevo', ordinal: 7, options: single.options });
        expect(await updatedAt(poll)).toBeGreaterThan(before);
        before = await updatedAt(poll);
        const o = await current.store.updateOption(opt(single, 0), { text: 'Z' });
        expect(o).toEqual({ ...single.options[0], text: 'Z' });
        expect(await updatedAt(poll)).toBeGreaterThan(before);
        expect(await current.store.updateQuestion(999_999, { text: 'x' })).toBeUndefined();
        expect(await current.store.updateOption(999_999, { text: 'x' })).toBeUndefined();
      });

      it('adds options after the highest ordinal', async () => {
        const { poll, single } = await openPoll();
        await current.store.updateOption(opt(single, 1), { ordinal: 9 });
        const added = await current.store.addOption(single.id, { text: 'D' });
        expect(added).toMatchObject({ text: 'D', ordinal: 10, questionId: single.id });
        expect(added!.pollId).toBe(poll.id);
        expect(await current.store.getOption(added!.id)).toEqual(added);
        expect(await current.store.addOption(999_999, { text: 'x' })).toBeUndefined();
        expect(await current.store.getOption(999_999)).toBeUndefined();
      });

      it('refuses to delete the last option of a question', async () => {
        const poll = await newPoll();
        const q = await current.store.addQuestion(poll.id, {
          text: 'Q',
          type: 'single',
          options: [{ text: 'A' }, { text: 'B' }],
        });
        expect(await current.store.deleteOption(opt(q, 0))).toBe('deleted');
        expect(await current.store.deleteOption(opt(q, 1))).toBe('last-option');
        expect(await current.store.deleteOption(opt(q, 0))).toBe('not-found');
        expect((await current.store.listQuestions(poll.id))[0]!.options).toHaveLength(1);
      });

      it('reorders questions to 1..n', async () => {
        const { poll, single, multi } = await openPoll();
        const third = await current.store.addQuestion(poll.id, {
          text: 'T',
          type: 'yesno',
          options: [],
        });
        const result = await current.store.reorderQuestions(poll.id, [
          third.id,
          multi.id,
          single.id,
        ]);
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
        const counts = await current.store.getVoteCounts(poll.id);
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
        expect((await current.store.getVoteCounts(poll.id)).ballots).toBe(1);
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
        expect((await current.store.getVoteCounts(poll.id)).ballots).toBe(1);
      });

      it('takes no vote unless the poll is open, and refuses stale options', async () => {
        const { poll, single, multi } = await openPoll();
        const draft = await newPoll();
        const answers = [{ questionId: single.id, optionIds: [opt(single, 0)] }];
        expect(await vote(draft.id, 'p1', answers)).toEqual({ outcome: 'poll-not-open' });
        expect(
          await vote(poll.id, 'p1', [{ questionId: single.id, optionIds: [opt(multi, 0)] }]),
        ).toEqual({ outcome: 'stale-ballot' });
        await current.store.updatePoll(poll.id, { status: 'closed' });
        expect(await vote(poll.id, 'p1', answers)).toEqual({ outcome: 'poll-not-open' });
        expect((await current.store.getVoteCounts(poll.id)).ballots).toBe(0);
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
        await current.store.updatePoll(poll.id, { status: 'closed' });
        expect((await vote(poll.id, 'p1', answers, { key: 'k1' })).outcome).toBe('replayed');
        expect((await current.store.getVoteCounts(poll.id)).ballots).toBe(1);
      });

      it('refuses the same key with another ballot', async () => {
        const { poll, single } = await openPoll(false);
        const answers = [{ questionId: single.id, optionIds: [opt(single, 0)] }];
        await vote(poll.id, 'p1', answers, { key: 'k', hash: 'one', oneVotePerQuestion: false });
        expect(
          await vote(poll.id, 'p1', answers, { key: 'k', hash: 'two', oneVotePerQuestion: false }),
        ).toEqual({ outcome: 'idempotency-mismatch' });
        expect((await current.store.getVoteCounts(poll.id)).ballots).toBe(1);
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
        await current.store.updatePoll(poll.id, { status: 'draft' });
        expect((await vote(poll.id, 'p1', answers, { key: 'k' })).outcome).toBe('poll-not-open');
        await current.store.updatePoll(poll.id, { status: 'open' });
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
        expect(await current.store.sweepIdempotencyKeys(new Date(t0.getTime() + 1))).toBe(1);
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

    describe('join codes and hidden results (migration 005)', () => {
      it('finds a poll that is not closed by its join code; a closed poll frees it', async () => {
        const poll = await newPoll({ joinCode: '482913' });
        expect(poll.joinCode).toBe('482913');
        expect((await current.store.getPollByJoinCode('482913'))?.id).toBe(poll.id);
        expect(await current.store.getPollByJoinCode('000000')).toBeUndefined();
        // Taken while the first is a draft or open: the second poll is refused, nothing stored.
        await expect(newPoll({ slug: 'second1x', joinCode: '482913' })).rejects.toBeInstanceOf(
          PollKeyTakenError,
        );
        expect(await current.store.getPollBySlug('second1x')).toBeUndefined();
        await current.store.updatePoll(poll.id, { status: 'open' });
        await expect(newPoll({ joinCode: '482913' })).rejects.toBeInstanceOf(PollKeyTakenError);
        await current.store.updatePoll(poll.id, { status: 'closed' });
        expect(await current.store.getPollByJoinCode('482913')).toBeUndefined();
        const next = await newPoll({ joinCode: '482913' });
        expect((await current.store.getPollByJoinCode('482913'))?.id).toBe(next.id);
        // The closed poll keeps its code on record.
        expect((await current.store.getPollById(poll.id))?.joinCode).toBe('482913');
      });

      it('keeps the hide setting and each question hidden flag', async () => {
        const poll = await newPoll({ hideResultsUntilRevealed: true });
        expect(poll.hideResultsUntilRevealed).toBe(true);
        const changed = await current.store.updatePoll(poll.id, {
          hideResultsUntilRevealed: false,
        });
        expect(changed?.hideResultsUntilRevealed).toBe(false);
        const options = [{ text: 'A' }];
        const shown = await current.store.addQuestion(poll.id, {
          text: 'V',
          type: 'single',
          options,
        });
        const hidden = await current.store.addQuestion(poll.id, {
          text: 'O',
          type: 'single',
          options,
          resultsHidden: true,
        });
        expect([shown.resultsHidden, hidden.resultsHidden]).toEqual([false, true]);
        const before = await updatedAt(poll);
        const revealed = await current.store.updateQuestion(hidden.id, { resultsHidden: false });
        expect(revealed?.resultsHidden).toBe(false);
        expect(await updatedAt(poll)).toBeGreaterThan(before);
        await current.store.updateQuestion(shown.id, { resultsHidden: true });
        expect((await current.store.listQuestions(poll.id)).map((q) => q.resultsHidden)).toEqual([
          true,
          false,
        ]);
        expect(
          (await current.store.getTally(poll.id))?.questions.map((q) => q.resultsHidden),
        ).toEqual([true, false]);
        // A duplicate's questions come in with the flag they are given.
        const copy = await newPoll({
          questions: [{ text: 'Q', type: 'single', resultsHidden: true, options }],
        });
        expect((await current.store.listQuestions(copy.id))[0]?.resultsHidden).toBe(true);
      });

      it('lists the questions a participant answered, with one vote per question on or off', async () => {
        for (const oneVote of [true, false]) {
          const { poll, single, multi } = await openPoll(oneVote);
          const other = await openPoll(oneVote);
          const o = { oneVotePerQuestion: oneVote };
          await vote(
            poll.id,
            'p1',
            [{ questionId: multi.id, optionIds: [opt(multi, 0), opt(multi, 1)] }],
            o,
          );
          await vote(
            other.poll.id,
            'p1',
            [{ questionId: other.single.id, optionIds: [opt(other.single, 0)] }],
            o,
          );
          await vote(poll.id, 'p2', [{ questionId: single.id, optionIds: [opt(single, 0)] }], o);
          expect(await current.store.answeredQuestionIds(poll.id, 'p1')).toEqual([multi.id]);
          expect(await current.store.answeredQuestionIds(poll.id, 'p3')).toEqual([]);
          await vote(poll.id, 'p1', [{ questionId: single.id, optionIds: [opt(single, 1)] }], o);
          expect(await current.store.answeredQuestionIds(poll.id, 'p1')).toEqual(
            [single.id, multi.id].sort((a, b) => a - b),
          );
          await current.store.resetVotes(poll.id);
          expect(await current.store.answeredQuestionIds(poll.id, 'p1')).toEqual([]);
        }
        expect(await current.store.answeredQuestionIds(999_999, 'p1')).toEqual([]);
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
        const counts = await current.store.getVoteCounts(poll.id);
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
          current.store.getTally(pollId),
          current.store.getVoteCounts(pollId),
        ]);
        expect(tally).toBeDefined();
        expect(tally!.counts.ballots).toBe(truth.ballots);
        expect(sorted(tally!.counts.optionCounts, (r) => r.optionId)).toEqual(
          sorted(truth.optionCounts, (r) => r.optionId),
        );
        expect(sorted(tally!.counts.respondents, (r) => r.questionId)).toEqual(
          sorted(truth.respondents, (r) => r.questionId),
        );
        expect(tally!.poll).toEqual(await current.store.getPollById(pollId));
        expect(tally!.questions).toEqual(await current.store.listQuestions(pollId));
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
        await current.store.updatePoll(poll.id, { status: 'closed' });
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
        await current.store.deleteOption(opt(single, 0));
        await expectTallyTrue(poll.id);
        await current.store.deleteOption(opt(multi, 1));
        await expectTallyTrue(poll.id);
        await current.store.deleteQuestion(single.id);
        expect((await expectTallyTrue(poll.id)).counts.ballots).toBe(2);
        expect(await current.store.resetVotes(poll.id)).toBe(2);
        const reset = await expectTallyTrue(poll.id);
        expect(reset.counts.ballots).toBe(0);
        expect(reset.counts.optionCounts.every((c) => c.count === 0)).toBe(true);
        expect(reset.counts.respondents.every((c) => c.count === 0)).toBe(true);
        // Other polls keep theirs.
        expect((await expectTallyTrue(other.poll.id)).counts.ballots).toBe(1);
        expect(await current.store.getTally(999_999)).toBeUndefined();
      });

      it('start at zero on a duplicate and on new options', async () => {
        const { poll, single } = await openPoll(true);
        await vote(poll.id, 'p1', [{ questionId: single.id, optionIds: [opt(single, 0)] }]);
        const added = await current.store.addOption(single.id, { text: 'D' });
        const copy = await newPoll({
          questions: (await current.store.listQuestions(poll.id)).map((q) => ({
            text: q.text,
            type: q.type,
            options: q.options.map((o) => ({ text: o.text })),
          })),
        });
        const tally = await expectTallyTrue(poll.id);
        expect(tally.counts.optionCounts.find((c) => c.optionId === added!.id)?.count).toBe(0);
        expect((await expectTallyTrue(copy.id)).counts.ballots).toBe(0);
      });

      describe('sources (integrity)', () => {
        const from = (
          pollId: number,
          participantId: string,
          answers: { questionId: number; optionIds: number[] }[],
          source: string,
          at: number,
          freshParticipant = false,
          participantIssuedAt?: number,
          seated = false,
        ) =>
          current.store.castVote({
            pollId,
            participantId,
            answers,
            oneVotePerQuestion: true,
            now: new Date(at),
            source,
            freshParticipant,
            participantIssuedAt,
            seated,
          });

        it('group ballots by source with counts, first and last time and new ids', async () => {
          const { poll, single } = await openPoll(true);
          const other = await openPoll(true);
          const a = (i: number) => [{ questionId: single.id, optionIds: [opt(single, i)] }];
          const t = Date.UTC(2026, 0, 1, 10);
          await from(poll.id, 'p1', a(0), 'srcA', t, true);
          await from(poll.id, 'p2', a(1), 'srcA', t + 40_000, true);
          await from(poll.id, 'p3', a(1), 'srcA', t + 20_000);
          await from(poll.id, 'p4', a(2), 'srcB', t + 5_000);
          await from(
            other.poll.id,
            'p1',
            [{ questionId: other.single.id, optionIds: [opt(other.single, 0)] }],
            'srcA',
            t,
          );
          // A refused ballot leaves no trace in the sources.
          expect((await from(poll.id, 'p1', a(0), 'srcC', t)).outcome).toBe('already-voted');
          expect(await current.store.ballotSources(poll.id, 25)).toEqual([
            {
              source: 'srcA',
              ballots: 3,
              firstAt: new Date(t),
              lastAt: new Date(t + 40_000),
              freshParticipants: 2,
              bulkIssued: 0,
              seated: 0,
            },
            {
              source: 'srcB',
              ballots: 1,
              firstAt: new Date(t + 5_000),
              lastAt: new Date(t + 5_000),
              freshParticipants: 0,
              bulkIssued: 0,
              seated: 0,
            },
          ]);
          expect(await current.store.ballotSources(999_999, 25)).toEqual([]);
        });

        it('count ballots whose ids were issued in bulk, per source and second', async () => {
          const { poll, single } = await openPoll(false);
          const answers = [{ questionId: single.id, optionIds: [opt(single, 0)] }];
          const t = Date.UTC(2026, 0, 1, 10);
          const cast = (i: number, source: string, issuedAt: number) =>
            from(poll.id, `b${i}`, answers, source, t + 60_000, false, issuedAt);
          // A bank: 30 ids issued within one second (batched, as the server writes a burst).
          await Promise.all(Array.from({ length: 30 }, (_, i) => cast(i, 'bank', t + i)));
          // A room: 30 ids issued one every 2 s; and 30 of the bank's second from two sources.
          for (let i = 0; i < 30; i++) await cast(100 + i, 'room', t + 2_000 * i);
          for (let i = 0; i < 30; i++) await cast(200 + i, i % 2 ? 'x' : 'y', t + 5_000);
          // Ballots from before the column (no issue time) are never bulk.
          for (let i = 0; i < 30; i++) await from(poll.id, `o${i}`, answers, 'old', t);
          const bulk = Object.fromEntries(
            (await current.store.ballotSources(poll.id, 25)).map((s) => [s.source, s.bulkIssued]),
          );
          expect(bulk).toEqual({ bank: 30, room: 0, x: 0, y: 0, old: 0 });
          expect(
            (await current.store.ballotSources(poll.id, 15)).find((s) => s.source === 'x'),
          ).toMatchObject({ bulkIssued: 15 });
        });

        it('judge new and bulk ids among unseated ballots only, and count the seated', async () => {
          const { poll, single } = await openPoll(false);
          const answers = [{ questionId: single.id, optionIds: [opt(single, 0)] }];
          const t = Date.UTC(2026, 0, 1, 10);
          // A class that scanned within a second and voted at once, each from its page…
          await Promise.all(
            Array.from({ length: 30 }, (_, i) =>
              from(poll.id, `c${i}`, answers, 'class', t + 2_000, true, t + i, true),
            ),
          );
          // …and a script with the same timing and no page.
          await Promise.all(
            Array.from({ length: 30 }, (_, i) =>
              from(poll.id, `s${i}`, answers, 'script', t + 2_000, true, t + i, false),
            ),
          );
          const sources = await current.store.ballotSources(poll.id, 25);
          expect(
            sources.map((s) => [s.source, s.ballots, s.seated, s.freshParticipants, s.bulkIssued]),
          ).toEqual([
            ['class', 30, 30, 0, 0],
            ['script', 30, 0, 30, 30],
          ]);
        });

        it('discard several sources at once, in one recount', async () => {
          const { poll, single } = await openPoll(false);
          const answers = [{ questionId: single.id, optionIds: [opt(single, 0)] }];
          const t = Date.now();
          for (let i = 0; i < 9; i++) await from(poll.id, `d${i}`, answers, `s${i % 3}`, t + i);
          expect(await current.store.discardSources(poll.id, ['s0', 's2', 'none'])).toBe(6);
          expect((await expectTallyTrue(poll.id)).counts.ballots).toBe(3);
          expect(await current.store.discardSources(poll.id, [])).toBe(0);
        });

        it('batched ballots keep their source', async () => {
          const { poll, single } = await openPoll(false);
          const answers = [{ questionId: single.id, optionIds: [opt(single, 0)] }];
          await Promise.all(
            Array.from({ length: 30 }, (_, i) =>
              from(poll.id, `p${i}`, answers, i % 3 === 0 ? 'x' : 'y', Date.now(), i % 2 === 0),
            ),
          );
          const sources = await current.store.ballotSources(poll.id, 25);
          expect(sources.map((s) => [s.source, s.ballots, s.freshParticipants])).toEqual([
            ['y', 20, 10],
            ['x', 10, 5],
          ]);
        });

        it('discarding a source removes its ballots and keeps counters equal to a recount', async () => {
          const { poll, single, multi } = await openPoll(true);
          const other = await openPoll(true);
          const t = Date.now();
          for (let i = 0; i < 6; i++) {
            await from(
              poll.id,
              `p${i}`,
              [
                { questionId: single.id, optionIds: [opt(single, i % 3)] },
                { questionId: multi.id, optionIds: [opt(multi, 0), opt(multi, 1 + (i % 2))] },
              ],
              i < 4 ? 'bad' : 'good',
              t + i,
            );
          }
          await from(
            other.poll.id,
            'p0',
            [{ questionId: other.single.id, optionIds: [opt(other.single, 0)] }],
            'bad',
            t,
          );
          const before = await updatedAt(poll);
          expect(await current.store.discardSource(poll.id, 'bad')).toBe(4);
          const tally = await expectTallyTrue(poll.id);
          expect(tally.counts.ballots).toBe(2);
          expect(await updatedAt(poll)).toBeGreaterThan(before);
          expect((await current.store.ballotSources(poll.id, 25)).map((s) => s.source)).toEqual([
            'good',
          ]);
          // Another poll's ballots from the same source stay.
          expect((await expectTallyTrue(other.poll.id)).counts.ballots).toBe(1);
          // Nothing left to discard: nothing changes, not even updatedAt.
          const after = await updatedAt(poll);
          expect(await current.store.discardSource(poll.id, 'bad')).toBe(0);
          expect(await updatedAt(poll)).toBe(after);
          // The discarded participants' one-vote records went with their ballots.
          expect(
            (
              await from(
                poll.id,
                'p0',
                [{ questionId: single.id, optionIds: [opt(single, 0)] }],
                'bad',
                t,
              )
            ).outcome,
          ).toBe('stored');
        });

        it('set discarded ballots aside: restore one source, then all, or empty them', async () => {
          const { poll, single, multi } = await openPoll(true);
          const t = Date.now();
          for (let i = 0; i < 9; i++) {
            await from(
              poll.id,
              `r${i}`,
              [
                { questionId: single.id, optionIds: [opt(single, i % 3)] },
                { questionId: multi.id, optionIds: [opt(multi, 0), opt(multi, 1 + (i % 2))] },
              ],
              `s${i % 3}`,
              t + i,
              true,
              t - 1_000,
              i % 2 === 0,
            );
          }
          const whole = await current.store.ballotSources(poll.id, 25);
          const counts = (await expectTallyTrue(poll.id)).counts;
          expect(await current.store.discardSources(poll.id, ['s0', 's1'])).toBe(6);
          expect(await current.store.setAsideBallots(poll.id)).toBe(6);
          expect((await expectTallyTrue(poll.id)).counts.ballots).toBe(3);
          // The one-vote records are gone with the ballots…
          expect(await current.store.answeredQuestionIds(poll.id, 'r0')).toEqual([]);
          // …and come back with them, source by source.
          expect(await current.store.restoreDiscarded(poll.id, 's1')).toBe(3);
          expect(await current.store.setAsideBallots(poll.id)).toBe(3);
          expect((await expectTallyTrue(poll.id)).counts.ballots).toBe(6);
          expect(await current.store.restoreDiscarded(poll.id)).toBe(3);
          expect(await current.store.setAsideBallots(poll.id)).toBe(0);
          const back = await expectTallyTrue(poll.id);
          expect(sorted(back.counts.optionCounts, (r) => r.optionId)).toEqual(
            sorted(counts.optionCounts, (r) => r.optionId),
          );
          expect(await current.store.ballotSources(poll.id, 25)).toEqual(whole);
          expect((await current.store.answeredQuestionIds(poll.id, 'r0')).sort()).toEqual(
            [single.id, multi.id].sort(),
          );
          // Nothing set aside: nothing to restore. Emptied: gone for good.
          expect(await current.store.restoreDiscarded(poll.id)).toBe(0);
          expect(await current.store.discardSource(poll.id, 's2')).toBe(3);
          expect(await current.store.emptyDiscarded(poll.id)).toBe(3);
          expect(await current.store.restoreDiscarded(poll.id, 's2')).toBe(0);
          expect((await expectTallyTrue(poll.id)).counts.ballots).toBe(6);
          // A reset ends the run: what its discards set aside goes with its ballots.
          expect(await current.store.discardSource(poll.id, 's1')).toBe(3);
          await current.store.resetVotes(poll.id);
          expect(await current.store.setAsideBallots(poll.id)).toBe(0);
          expect(await current.store.restoreDiscarded(poll.id)).toBe(0);
          expect((await expectTallyTrue(poll.id)).counts.ballots).toBe(0);
        });
      });
    });

    describe('server keys', () => {
      it('keep the first key stored, whoever asks', async () => {
        const first = await current.store.serverKey('participant', () => 'k1');
        expect(first).toBe('k1');
        expect(await current.store.serverKey('participant', () => 'k2')).toBe('k1');
        const raced = await Promise.all([
          current.store.serverKey('other', () => 'a'),
          current.store.serverKey('other', () => 'b'),
        ]);
        expect(raced[0]).toBe(raced[1]);
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
        expect(await current.store.deleteOption(opt(single, 0))).toBe('deleted');
        const counts = await current.store.getVoteCounts(poll.id);
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
        expect(await current.store.deleteQuestion(single.id)).toBe(true);
        expect(await current.store.deleteQuestion(single.id)).toBe(false);
        const counts = await current.store.getVoteCounts(poll.id);
        expect(counts.ballots).toBe(1);
        expect(counts.optionCounts).toHaveLength(2);
        expect(counts.respondents).toEqual([{ questionId: multi.id, count: 1 }]);
        expect(await current.store.getOption(opt(single, 0))).toBeUndefined();
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
        expect(await current.store.resetVotes(poll.id)).toBe(2);
        expect((await current.store.getVoteCounts(poll.id)).ballots).toBe(0);
        expect((await current.store.getVoteCounts(other.poll.id)).ballots).toBe(1);
        expect(await updatedAt(poll)).toBeGreaterThan(before);
        // Neither the one-vote record nor the key survives: the same vote is new again.
        expect((await vote(poll.id, 'p1', answers, { key: 'k' })).outcome).toBe('stored');
      });
    });

    describe('stale drafts', () => {
      it('deletes drafts untouched since the cutoff, with their questions; never opened polls only', async () => {
        const draft = await newPoll();
        const withQuestions = await newPoll();
        const q = await current.store.addQuestion(withQuestions.id, {
          text: 'Q',
          type: 'single',
          options: [{ text: 'A' }, { text: 'B' }],
        });
        const open = await newPoll({ status: 'open' });
        const closed = await newPoll({ status: 'closed' });

        // Nothing is older than the epoch.
        expect(await current.store.deleteStaleDrafts(new Date(0))).toEqual([]);
        const later = new Date(Date.now() + 60_000);
        expect((await current.store.deleteStaleDrafts(later)).sort()).toEqual(
          [draft.slug, withQuestions.slug].sort(),
        );
        expect(await current.store.getPollBySlug(draft.slug)).toBeUndefined();
        expect(await current.store.getQuestion(q.id)).toBeUndefined();
        expect(await current.store.getOption(q.options[0]!.id)).toBeUndefined();
        expect((await current.store.getPollBySlug(open.slug))?.status).toBe('open');
        expect((await current.store.getPollBySlug(closed.slug))?.status).toBe('closed');
      });

      it('keeps a draft touched after the cutoff', async () => {
        const draft = await newPoll();
        const cutoff = new Date(Date.now() - 60_000);
        expect(await current.store.deleteStaleDrafts(cutoff)).toEqual([]);
        expect(await current.store.getPollBySlug(draft.slug)).toBeDefined();
      });
    });
  });
}
