import { describe, expect, it } from 'vitest';
import type {
  CloudWordInput,
  PollStore,
  StoreAnswer,
  StoreOptions,
  TextCounts,
} from '../../src/server/store/store.ts';
import { freshStorePerTest } from './test-fresh-store.ts';
import { testJoinCode } from './test-join-codes.ts';

/**
 * Open answers and scales on every engine (issue 13), called beside `storeContract`: answers
 * with their states, the word and answer counters against a recount from the raw answers after
 * every kind of write, the bound on spellings, moderation, scale settings.
 */
export function textAnswersContract(
  engine: string,
  factory: (options?: StoreOptions) => Promise<PollStore>,
): void {
  describe(`PollStore open answers and scales (${engine})`, () => {
    const current = freshStorePerTest(() => factory());
    let n = 0;

    async function openPoll(
      s: PollStore,
      settings: { moderateText?: boolean; oneVotePerQuestion?: boolean } = {},
    ) {
      n += 1;
      const poll = await s.createPoll({
        slug: `texts${n}xx`,
        title: 'Ideas',
        hostSecretHash: 'h'.repeat(64),
        joinCode: testJoinCode(),
        oneVotePerQuestion: settings.oneVotePerQuestion ?? false,
        resultsPublic: true,
        moderateText: settings.moderateText,
        status: 'open',
      });
      const text = await s.addQuestion(poll.id, { text: '¿Idea?', type: 'text', options: [] });
      const scale = await s.addQuestion(poll.id, {
        text: '¿Cuánto?',
        type: 'scale',
        scale: { max: 5, minLabel: 'Poco', maxLabel: null },
        options: [1, 2, 3, 4, 5].map((v) => ({ text: String(v), ordinal: v })),
      });
      return { poll, text, scale };
    }

    /** Words as the domain makes them: here one word per answer unless given. */
    const words = (...spellings: string[]): CloudWordInput[] =>
      spellings.map((s) => ({ key: s.toLowerCase(), spelling: s }));
    const textAnswer = (
      questionId: number,
      text: string,
      w = words(text),
      flagged = false,
    ): StoreAnswer => ({ questionId, optionIds: [], text: { text, words: w, flagged } });
    const cast = (s: PollStore, pollId: number, participantId: string, answers: StoreAnswer[]) =>
      s.castVote({
        pollId,
        participantId,
        answers,
        oneVotePerQuestion: false,
        now: new Date(),
      });

    const sortWords = (t: TextCounts) => ({
      ...t,
      words: t.words
        .filter((w) => w.count > 0)
        .sort((a, b) => (a.spelling < b.spelling ? -1 : a.spelling > b.spelling ? 1 : 0)),
    });

    /** The counters every write keeps equal a recount from the raw answers, and returns them. */
    async function consistent(s: PollStore, pollId: number): Promise<TextCounts[]> {
      const [tally, truth] = await Promise.all([s.getTally(pollId), s.getVoteCounts(pollId)]);
      const kept = tally!.counts.texts.map(sortWords);
      expect(kept).toEqual(truth.texts.map(sortWords));
      const byQuestion = (r: { questionId: number; count: number }[]) =>
        Object.fromEntries(r.filter((c) => c.count > 0).map((c) => [c.questionId, c.count]));
      expect(byQuestion(tally!.counts.respondents)).toEqual(byQuestion(truth.respondents));
      expect(tally!.counts.ballots).toBe(truth.ballots);
      return kept;
    }

    const wordMap = (t: TextCounts | undefined) =>
      Object.fromEntries((t?.words ?? []).map((w) => [w.spelling, w.count]));

    it('stores open answers visible, counts their words and keeps the records', async () => {
      const { poll, text } = await openPoll(current.store);
      expect(await cast(current.store, poll.id, 'p1', [textAnswer(text.id, 'Café')])).toEqual({
        outcome: 'stored',
        saved: 1,
      });
      await cast(current.store, poll.id, 'p2', [textAnswer(text.id, 'café')]);
      await cast(current.store, poll.id, 'p3', [
        textAnswer(text.id, 'Café y té', words('Café', 'té')),
      ]);
      const [counts] = await consistent(current.store, poll.id);
      expect(counts).toMatchObject({ questionId: text.id, visible: 3, pending: 0 });
      expect(wordMap(counts)).toEqual({ Café: 2, café: 1, té: 1 });
      const tally = await current.store.getTally(poll.id);
      expect(tally!.texts[0]!.recent.map((a) => a.text)).toEqual(['Café y té', 'café', 'Café']);
      expect(tally!.texts[0]!.recent[0]).toMatchObject({
        pollId: poll.id,
        questionId: text.id,
        state: 'visible',
      });
      const page = await current.store.listBallots(poll.id, { limit: 10 });
      expect(page.map((b) => b.texts)).toEqual([
        [{ questionId: text.id, text: 'Café', state: 'visible' }],
        [{ questionId: text.id, text: 'café', state: 'visible' }],
        [{ questionId: text.id, text: 'Café y té', state: 'visible' }],
      ]);
      expect(await current.store.answeredQuestionIds(poll.id, 'p1')).toEqual([text.id]);
    });

    it('reads some open-text questions alone as getTally reads them (getTextTally)', async () => {
      const { poll, text, scale } = await openPoll(current.store);
      const other = await current.store.addQuestion(poll.id, {
        text: '¿Otra?',
        type: 'text',
        options: [],
      });
      await cast(current.store, poll.id, 'p1', [
        textAnswer(text.id, 'Café'),
        textAnswer(other.id, 'Té'),
      ]);
      await cast(current.store, poll.id, 'p2', [textAnswer(other.id, 'Mate')]);
      await current.store.setWordHidden(other.id, 'mate', true);
      const tally = (await current.store.getTally(poll.id))!;
      const slice = await current.store.getTextTally(poll.id, [other.id, scale.id, 999_999]);
      // Only the open-text question asked for, exactly as the whole tally has it.
      // Words come in any order (TextCounts): compared as maps.
      const [sliceCounts] = slice.counts;
      const [tallyCounts] = tally.counts.texts.filter((t) => t.questionId === other.id);
      expect(slice.counts).toHaveLength(1);
      expect({ ...sliceCounts, words: wordMap(sliceCounts) }).toEqual({
        ...tallyCounts,
        words: wordMap(tallyCounts),
      });
      expect(slice.texts).toEqual(tally.texts.filter((t) => t.questionId === other.id));
      expect(slice.texts[0]!.hiddenKeys).toEqual(['mate']);
      expect(await current.store.getTextTally(poll.id, [])).toEqual({ counts: [], texts: [] });
      // Another poll's question is not read through this one.
      const second = await openPoll(current.store);
      expect(await current.store.getTextTally(second.poll.id, [other.id])).toEqual({
        counts: [],
        texts: [],
      });
    });

    it('holds answers of a moderated poll and flags profane ones; neither counts', async () => {
      const { poll, text } = await openPoll(current.store, { moderateText: true });
      expect((await current.store.getPollById(poll.id))!.moderateText).toBe(true);
      await cast(current.store, poll.id, 'p1', [textAnswer(text.id, 'Hola')]);
      await cast(current.store, poll.id, 'p2', [textAnswer(text.id, 'Feo', words('Feo'), true)]);
      let [counts] = await consistent(current.store, poll.id);
      expect(counts).toMatchObject({ visible: 0, pending: 2, words: [] });
      const tally = await current.store.getTally(poll.id);
      expect(tally!.texts[0]!.recent.map((a) => a.state)).toEqual(['flagged', 'held']);
      expect(tally!.texts[0]!.recentVisible).toEqual([]);

      // Moderation off: a flagged answer is still flagged, a new one visible.
      await current.store.updatePoll(poll.id, { moderateText: false });
      await cast(current.store, poll.id, 'p3', [
        textAnswer(text.id, 'Otro Feo', words('Feo'), true),
      ]);
      await cast(current.store, poll.id, 'p4', [textAnswer(text.id, 'Hola')]);
      [counts] = await consistent(current.store, poll.id);
      expect(counts).toMatchObject({ visible: 1, pending: 3 });
      expect(await current.store.approveHeldAnswers(text.id)).toBe(1);
      [counts] = await consistent(current.store, poll.id);
      expect(counts).toMatchObject({ visible: 2, pending: 2 });
      expect(wordMap(counts)).toEqual({ Hola: 2 });
      expect(await current.store.approveHeldAnswers(text.id)).toBe(0);
    });

    it("keeps 'Filtro estricto' (on by default) and stores an answer held on doubt held", async () => {
      const { poll, text } = await openPoll(current.store);
      expect((await current.store.getPollById(poll.id))!.strictFilter).toBe(true);
      const held: StoreAnswer = {
        questionId: text.id,
        optionIds: [],
        text: { text: 'tonto', words: words('tonto'), flagged: false, held: true },
      };
      await cast(current.store, poll.id, 'p1', [held]);
      // Flagged wins over held: a strong word is never approved with the held ones.
      await cast(current.store, poll.id, 'p2', [
        { ...held, text: { ...held.text!, text: 'Feo', words: words('Feo'), flagged: true } },
      ]);
      await cast(current.store, poll.id, 'p3', [textAnswer(text.id, 'Hola')]);
      const [counts] = await consistent(current.store, poll.id);
      expect(counts).toMatchObject({ visible: 1, pending: 2 });
      const tally = await current.store.getTally(poll.id);
      expect(tally!.texts[0]!.recent.map((a) => a.state)).toEqual(['visible', 'flagged', 'held']);
      expect(await current.store.approveHeldAnswers(text.id)).toBe(1);
      const off = await current.store.updatePoll(poll.id, { strictFilter: false });
      expect(off!.strictFilter).toBe(false);
      expect((await current.store.getPollById(poll.id))!.strictFilter).toBe(false);
    });

    it('moves words and counters with every change of state', async () => {
      const { poll, text } = await openPoll(current.store);
      await cast(current.store, poll.id, 'p1', [textAnswer(text.id, 'Sol')]);
      await cast(current.store, poll.id, 'p2', [
        textAnswer(text.id, 'Sol y luna', words('Sol', 'luna')),
      ]);
      await cast(current.store, poll.id, 'p3', [textAnswer(text.id, 'Malo', words('Malo'), true)]);
      const [malo, both] = (
        await current.store.listTextAnswers(text.id, { limit: 10, visibleOnly: false })
      )
        .slice(0, 2)
        .map((a) => a.id);
      const before = (await current.store.getPollById(poll.id))!.updatedAt.getTime();
      const hidden = await current.store.setTextAnswerState(both!, 'hidden');
      expect(hidden).toMatchObject({ id: both, state: 'hidden', text: 'Sol y luna' });
      expect((await current.store.getPollById(poll.id))!.updatedAt.getTime()).toBeGreaterThan(
        before,
      );
      let [counts] = await consistent(current.store, poll.id);
      expect(counts).toMatchObject({ visible: 1, pending: 1 });
      expect(wordMap(counts)).toEqual({ Sol: 1 });
      // The same state again changes nothing.
      expect((await current.store.setTextAnswerState(both!, 'hidden'))!.state).toBe('hidden');
      await current.store.setTextAnswerState(malo!, 'visible');
      await current.store.setTextAnswerState(both!, 'visible');
      [counts] = await consistent(current.store, poll.id);
      expect(counts).toMatchObject({ visible: 3, pending: 0 });
      expect(wordMap(counts)).toEqual({ Sol: 2, luna: 1, Malo: 1 });
      await current.store.setTextAnswerState(malo!, 'hidden');
      [counts] = await consistent(current.store, poll.id);
      expect(counts).toMatchObject({ visible: 2, pending: 0 });
      expect(await current.store.setTextAnswerState(999_999, 'visible')).toBeUndefined();
      expect(await current.store.getTextAnswer(malo!)).toMatchObject({
        state: 'hidden',
        text: 'Malo',
      });
    });

    it('keeps counts equal to a recount under ballots arriving together', async () => {
      const { poll, text, scale } = await openPoll(current.store);
      const pool = ['uno', 'dos', 'tres', 'cuatro'];
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          cast(current.store, poll.id, `p${i}`, [
            textAnswer(text.id, pool[i % 4]!, words(pool[i % 4]!, pool[(i + 1) % 4]!), i % 7 === 0),
            { questionId: scale.id, optionIds: [scale.options[i % 5]!.id] },
          ]),
        ),
      );
      const [counts] = await consistent(current.store, poll.id);
      expect(counts).toMatchObject({ visible: 51, pending: 9 });
      const tally = await current.store.getTally(poll.id);
      expect(tally!.counts.optionCounts.reduce((s, c) => s + c.count, 0)).toBe(60);
    });

    it('refuses a second answer with one vote per question, and an open answer elsewhere', async () => {
      const { poll, text, scale } = await openPoll(current.store);
      const once = (answers: StoreAnswer[]) =>
        current.store.castVote({
          pollId: poll.id,
          participantId: 'p1',
          answers,
          oneVotePerQuestion: true,
          now: new Date(),
        });
      expect((await once([textAnswer(text.id, 'Hola')])).outcome).toBe('stored');
      expect(await once([textAnswer(text.id, 'Otra')])).toEqual({
        outcome: 'already-voted',
        questionIds: [text.id],
      });
      expect((await once([textAnswer(scale.id, 'No es texto')])).outcome).toBe('stale-ballot');
      expect(await cast(current.store, poll.id, 'p2', [textAnswer(999_999, 'Nada')])).toEqual({
        outcome: 'stale-ballot',
      });
      await consistent(current.store, poll.id);
    });

    it('discard, deleting a question and reset keep counts equal to a recount', async () => {
      const { poll, text, scale } = await openPoll(current.store);
      const castFrom = (participantId: string, source: string, answers: StoreAnswer[]) =>
        current.store.castVote({
          pollId: poll.id,
          participantId,
          answers,
          oneVotePerQuestion: false,
          now: new Date(),
          source,
        });
      await castFrom('p1', 'aaa', [textAnswer(text.id, 'Rojo')]);
      await castFrom('p2', 'bbb', [
        textAnswer(text.id, 'Rojo'),
        { questionId: scale.id, optionIds: [scale.options[2]!.id] },
      ]);
      await castFrom('p3', 'bbb', [textAnswer(text.id, 'Azul')]);
      expect(await current.store.discardSource(poll.id, 'bbb')).toBe(2);
      let [counts] = await consistent(current.store, poll.id);
      // Azul keeps its row at 0: rows are never freed while answers exist (the bound).
      expect(wordMap(counts)).toEqual({ Rojo: 1 });
      expect(counts!.visible).toBe(1);

      await castFrom('p4', 'ccc', [
        textAnswer(text.id, 'Verde'),
        { questionId: scale.id, optionIds: [scale.options[0]!.id] },
      ]);
      expect(await current.store.deleteQuestion(scale.id)).toBe(true);
      expect((await current.store.getVoteCounts(poll.id)).ballots).toBe(2);
      await consistent(current.store, poll.id);

      await current.store.setWordHidden(text.id, 'rojo', true);
      await current.store.updatePoll(poll.id, { status: 'closed' });
      expect(await current.store.resetVotes(poll.id)).toBe(2);
      [counts] = await consistent(current.store, poll.id);
      expect(counts).toEqual({ questionId: text.id, visible: 0, pending: 0, words: [] });
      // Hidden words are the question's setting: they stay.
      expect((await current.store.getTally(poll.id))!.texts[0]!.hiddenKeys).toEqual(['rojo']);
      await current.store.setWordHidden(text.id, 'azul', true);
      expect(await current.store.listHiddenWords(text.id)).toEqual(['azul', 'rojo']);
      expect(await current.store.listHiddenWords(scale.id)).toEqual([]);

      // Deleting the question drops its answers, and the ballots left with nothing.
      await current.store.updatePoll(poll.id, { status: 'open' });
      await castFrom('p5', 'ddd', [textAnswer(text.id, 'Gris')]);
      expect(await current.store.deleteQuestion(text.id)).toBe(true);
      expect((await current.store.getVoteCounts(poll.id)).ballots).toBe(0);
      expect(await current.store.answeredQuestionIds(poll.id, 'p5')).toEqual([]);
    });

    it('keeps at most TEXT_WORDS_MAX spellings per question, the first seen, counted exactly', async () => {
      const small = await factory({ textWordsMax: 3 });
      try {
        const { poll, text } = await openPoll(small);
        await cast(small, poll.id, 'p1', [textAnswer(text.id, 'a b', words('uno', 'dos'))]);
        const [late] = await Promise.all([
          cast(small, poll.id, 'p2', [textAnswer(text.id, 'c d', words('tres', 'cuatro'))]),
          cast(small, poll.id, 'p3', [textAnswer(text.id, 'e', words('uno', 'cinco'))]),
        ]);
        expect(late.outcome).toBe('stored');
        let tally = await small.getTally(poll.id);
        expect(wordMap(tally!.counts.texts[0])).toEqual({ uno: 2, dos: 1, tres: 1 });
        // Every kept spelling counts every visible answer containing it, through hides too.
        const [, , first] = await small.listTextAnswers(text.id, { limit: 5, visibleOnly: true });
        await small.setTextAnswerState(first!.id, 'hidden');
        tally = await small.getTally(poll.id);
        expect(wordMap(tally!.counts.texts[0])).toEqual({ uno: 1, tres: 1 });
        await small.setTextAnswerState(first!.id, 'visible');
        tally = await small.getTally(poll.id);
        expect(wordMap(tally!.counts.texts[0])).toEqual({ uno: 2, dos: 1, tres: 1 });
        const truth = wordMap((await small.getVoteCounts(poll.id)).texts[0]);
        for (const [spelling, count] of Object.entries(wordMap(tally!.counts.texts[0]))) {
          expect(truth[spelling]).toBe(count);
        }
      } finally {
        await small.close();
      }
    });

    it('pages answers newest first, all states or visible only', async () => {
      const { poll, text } = await openPoll(current.store);
      for (let i = 1; i <= 5; i++) {
        await cast(current.store, poll.id, `p${i}`, [
          textAnswer(text.id, `Idea ${i}`, [], i === 4),
        ]);
      }
      const all = await current.store.listTextAnswers(text.id, { limit: 2, visibleOnly: false });
      expect(all.map((a) => a.text)).toEqual(['Idea 5', 'Idea 4']);
      const next = await current.store.listTextAnswers(text.id, {
        limit: 2,
        visibleOnly: true,
        before: all[1]!.id,
      });
      expect(next.map((a) => a.text)).toEqual(['Idea 3', 'Idea 2']);
      expect(next[0]!.createdAt).toBeInstanceOf(Date);
    });

    it('hides and shows words, sorted and once each', async () => {
      const { text } = await openPoll(current.store);
      expect(await current.store.setWordHidden(text.id, 'zeta', true)).toEqual(['zeta']);
      expect(await current.store.setWordHidden(text.id, 'alfa beta', true)).toEqual([
        'alfa beta',
        'zeta',
      ]);
      expect(await current.store.setWordHidden(text.id, 'zeta', true)).toEqual([
        'alfa beta',
        'zeta',
      ]);
      expect(await current.store.setWordHidden(text.id, 'zeta', false)).toEqual(['alfa beta']);
      expect(await current.store.setWordHidden(999_999, 'x', true)).toEqual([]);
    });

    it('keeps a scale’s settings; a lower maximum deletes the values above it', async () => {
      const { poll, scale } = await openPoll(current.store);
      expect(scale.scale).toEqual({ max: 5, minLabel: 'Poco', maxLabel: null });
      expect(await current.store.getQuestion(scale.id)).toMatchObject({ scale: scale.scale });
      const wider = await current.store.updateQuestion(scale.id, {
        scale: { max: 10, minLabel: null, maxLabel: 'Mucho' },
      });
      expect(wider!.options.map((o) => [o.text, o.ordinal])).toEqual(
        Array.from({ length: 10 }, (_, i) => [String(i + 1), i + 1]),
      );
      const nine = wider!.options[8]!.id;
      const two = wider!.options[1]!.id;
      await cast(current.store, poll.id, 'p1', [{ questionId: scale.id, optionIds: [nine] }]);
      await cast(current.store, poll.id, 'p2', [{ questionId: scale.id, optionIds: [two] }]);
      const narrower = await current.store.updateQuestion(scale.id, {
        scale: { max: 5, minLabel: null, maxLabel: null },
      });
      expect(narrower!.options).toHaveLength(5);
      expect(narrower!.scale).toEqual({ max: 5, minLabel: null, maxLabel: null });
      const counts = await current.store.getVoteCounts(poll.id);
      expect(counts.ballots).toBe(1);
      const tally = await current.store.getTally(poll.id);
      expect(tally!.counts.optionCounts.find((c) => c.optionId === two)!.count).toBe(1);
      expect(tally!.counts.ballots).toBe(1);
    });
  });
}
