import { describe, expect, it } from 'vitest';
import type { PollStore, StoreAnswer, StoreOptions } from '../../src/server/store/store.ts';
import { testJoinCode } from './test-join-codes.ts';
import { addSingleAndMultiple } from './test-polls.ts';

/**
 * The summary rebuild's read on every engine (issue 29): a poll whose summary needs only the
 * counters (choices, scales, open-text questions whose words were not asked for) is read in ONE
 * statement, a snapshot by itself, with no transaction; a poll that needs answers read too
 * (ranking, number, words) reads them in one transaction. Either way the tally is the recount.
 */
export function tallyReadContract(
  engine: string,
  factory: (options?: StoreOptions) => Promise<PollStore>,
): void {
  describe(`PollStore summary rebuild read (${engine})`, () => {
    let n = 0;

    /** A store whose statements are counted while `counting`. */
    async function countingStore() {
      const heard = { counting: false, sent: [] as string[] };
      const store = await factory({
        onStatement: (sql) => {
          if (heard.counting) heard.sent.push(sql);
        },
      });
      const statementsOf = async <T>(read: () => Promise<T>) => {
        heard.sent = [];
        heard.counting = true;
        try {
          return { result: await read(), sent: heard.sent };
        } finally {
          heard.counting = false;
        }
      };
      return { store, statementsOf };
    }

    async function openPoll(s: PollStore) {
      n += 1;
      return s.createPoll({
        slug: `tally${n}xxx`,
        title: 'Lectura',
        hostSecretHash: 'h'.repeat(64),
        joinCode: testJoinCode(),
        oneVotePerQuestion: true,
        resultsPublic: true,
        status: 'open',
      });
    }

    const cast = (s: PollStore, pollId: number, participantId: string, answers: StoreAnswer[]) =>
      s.castVote({ pollId, participantId, answers, oneVotePerQuestion: true, now: new Date() });

    // The recount lists only counts above zero; the tally lists every option and question.
    const byId = <T extends { count: number }>(rows: T[], id: (r: T) => number) =>
      Object.fromEntries(rows.filter((r) => r.count > 0).map((r) => [id(r), r.count]));

    it('reads a poll of choices and open answers in one statement, equal to a recount', async () => {
      const { store, statementsOf } = await countingStore();
      try {
        const poll = await openPoll(store);
        const empty = await statementsOf(() => store.getTally(poll.id));
        expect(empty.sent).toHaveLength(1);
        expect(empty.result).toMatchObject({ poll, questions: [], counts: { ballots: 0 } });

        const { single, multi } = await addSingleAndMultiple(store, poll.id);
        const text = await store.addQuestion(poll.id, { text: 'Idea', type: 'text', options: [] });
        for (const [i, p] of ['p1', 'p2', 'p3'].entries()) {
          await cast(store, poll.id, p, [
            { questionId: single.id, optionIds: [single.options[i % 2]!.id] },
            { questionId: multi.id, optionIds: multi.options.slice(0, i + 1).map((o) => o.id) },
            {
              questionId: text.id,
              optionIds: [],
              text: { text: `idea ${i}`, words: [], flagged: false },
            },
          ]);
        }
        // The live cache's rebuild asks for no words when no answer changed (textsOf: []).
        const { result, sent } = await statementsOf(() => store.getTally(poll.id, { textsOf: [] }));
        expect(sent).toHaveLength(1);
        expect(sent[0]).not.toMatch(/^(begin|start transaction)/i);
        const tally = result!;
        expect(tally.poll).toEqual(await store.getPollById(poll.id));
        expect(tally.questions).toEqual(await store.listQuestions(poll.id));
        const recount = await store.getVoteCounts(poll.id);
        expect(tally.counts.ballots).toBe(3);
        const option = (r: { optionId: number }) => r.optionId;
        const question = (r: { questionId: number }) => r.questionId;
        expect(byId(tally.counts.optionCounts, option)).toEqual(byId(recount.optionCounts, option));
        expect(byId(tally.counts.respondents, question)).toEqual(
          byId(recount.respondents, question),
        );
        expect(tally.counts.texts).toEqual([
          { questionId: text.id, visible: 3, pending: 0, words: [] },
        ]);
        expect(tally.texts).toEqual([]);
      } finally {
        await store.close();
      }
    });

    it('reads words, places and numbers in one transaction with the counters', async () => {
      const { store, statementsOf } = await countingStore();
      try {
        const poll = await openPoll(store);
        const ranking = await store.addQuestion(poll.id, {
          text: 'Ordena',
          type: 'ranking',
          options: ['A', 'B'].map((t, i) => ({ text: t, ordinal: i + 1 })),
        });
        const [a, b] = ranking.options.map((o) => o.id) as [number, number];
        await cast(store, poll.id, 'p1', [
          { questionId: ranking.id, optionIds: [b, a], ranked: true },
        ]);
        const { result, sent } = await statementsOf(() => store.getTally(poll.id));
        // The plain read found a ranking, then read again with its places in one snapshot.
        const begin = sent.findIndex((s) => /^(begin|start transaction)/i.test(s));
        expect(begin).toBe(1);
        expect(sent.at(-1)).toMatch(/^commit/i);
        expect(result!.counts.placeCounts).toEqual(
          expect.arrayContaining([
            { optionId: b, position: 1, count: 1 },
            { optionId: a, position: 2, count: 1 },
          ]),
        );
        expect(result!.counts.respondents).toEqual([{ questionId: ranking.id, count: 1 }]);
      } finally {
        await store.close();
      }
    });
  });
}
