import { describe, expect, it } from 'vitest';
import { QUIZ_GRACE_MS } from '../../src/contract/index.ts';
import type { PollEvents } from '../../src/server/domain/events.ts';
import { QuizCloser } from '../../src/server/domain/quiz/game.ts';
import { quizRefusal } from '../../src/server/domain/quiz/refusal.ts';
import { rankPlayers, scoreAnswer } from '../../src/server/domain/quiz/scoring.ts';
import type { PollStore } from '../../src/server/store/store.ts';
import { freshStorePerTest } from './test-fresh-store.ts';
import { testJoinCode } from './test-join-codes.ts';

/**
 * A quiz played again and its players in the host's hand, on every engine: a reset frees the
 * nicknames and the current question (issue 24), a clock closes only under its own run (issue
 * 25: an old timer after a reset), and the host renames or removes a player (issue 25).
 */
const noEvents: PollEvents = {
  pollChanged() {},
  votesChanged() {},
  qaChanged() {},
  cohostsChanged() {},
};

export function quizRunsContract(engine: string, factory: () => Promise<PollStore>): void {
  describe(`PollStore quiz runs and players (${engine})`, () => {
    const current = freshStorePerTest(() => factory());
    let n = 0;

    async function quizPoll() {
      n += 1;
      const poll = await current.store.createPoll({
        slug: `qruns${n}xyz`,
        title: 'Concurso',
        hostSecretHash: 'h'.repeat(64),
        joinCode: testJoinCode(),
        oneVotePerQuestion: true,
        resultsPublic: false,
        quiz: true,
        status: 'open',
      });
      const q = await current.store.addQuestion(poll.id, {
        text: 'Capital',
        type: 'single',
        timeLimitSeconds: 20,
        options: [{ text: 'Roma' }, { text: 'París', correct: true }],
      });
      return { poll, q, right: q.options[1]!.id };
    }
    const nick = (pollId: number, participantId: string, nickname: string) =>
      current.store.setNickname({
        pollId,
        participantId,
        nickname,
        key: nickname.toLowerCase(),
        keyVersion: 1,
        now: new Date(),
      });
    const vote = (pollId: number, participantId: string, questionId: number, optionId: number) =>
      current.store.castVote({
        quizRefusal,
        pollId,
        participantId,
        answers: [{ questionId, optionIds: [optionId] }],
        oneVotePerQuestion: true,
        now: new Date(),
      });

    it('after a reset the old nicknames are free and nothing is current', async () => {
      const { poll, q } = await quizPoll();
      expect(await nick(poll.id, 'p1', 'Ana')).toBe('set');
      await current.store.updatePoll(poll.id, { currentQuestionId: q.id });
      await current.store.startQuestionClock(q.id, new Date());
      await current.store.resetVotes(poll.id);
      expect(await nick(poll.id, 'p2', 'Ana')).toBe('set');
      expect(await current.store.getNickname(poll.id, 'p1')).toBeUndefined();
      expect((await current.store.getPollById(poll.id))?.currentQuestionId).toBeNull();
    });

    it("a clock closes only under its own run: an old run's close leaves the new one open", async () => {
      const { poll, q, right } = await quizPoll();
      await nick(poll.id, 'a', 'A');
      await nick(poll.id, 'b', 'B');
      await current.store.updatePoll(poll.id, { currentQuestionId: q.id });
      const firstRun = new Date(Date.now() - 60_000);
      await current.store.startQuestionClock(q.id, firstRun);
      await current.store.resetVotes(poll.id);
      await current.store.updatePoll(poll.id, { currentQuestionId: q.id });
      const secondRun = new Date();
      await current.store.startQuestionClock(q.id, secondRun);
      await nick(poll.id, 'c', 'C');
      await nick(poll.id, 'd', 'D');
      const late = await current.store.closeQuestion(q.id, new Date(), scoreAnswer, firstRun);
      expect(late).toBe('other-run');
      expect((await current.store.getQuestion(q.id))?.closedAt).toBeNull();
      expect((await vote(poll.id, 'c', q.id, right)).outcome).toBe('stored');
      const clocks = await current.store.openClocks();
      expect(clocks).toEqual([
        {
          questionId: q.id,
          slug: poll.slug,
          startedAt: secondRun.getTime(),
          endsAt: secondRun.getTime() + 20_000,
        },
      ]);
      expect(await current.store.closeQuestion(q.id, new Date(), scoreAnswer, secondRun)).toBe(
        'closed',
      );
      expect(await current.store.closeQuestion(q.id, new Date(), scoreAnswer, secondRun)).toBe(
        'already-closed',
      );
    });

    it("the last player's answer names its run: its close, after a reset and restart, closes nothing", async () => {
      const { poll, q, right } = await quizPoll();
      await nick(poll.id, 'a', 'A');
      await nick(poll.id, 'b', 'B');
      await current.store.updatePoll(poll.id, { currentQuestionId: q.id });
      const firstRun = new Date(Date.now() - 5_000);
      await current.store.startQuestionClock(q.id, firstRun);
      await vote(poll.id, 'a', q.id, right);
      const last = await vote(poll.id, 'b', q.id, right);
      if (last.outcome !== 'stored') throw new Error(`not stored: ${last.outcome}`);
      expect(last.everyoneAnswered).toEqual({ questionId: q.id, startedAt: firstRun.getTime() });
      // The race: the host resets and starts the question again before the close runs.
      await current.store.resetVotes(poll.id);
      await current.store.updatePoll(poll.id, { currentQuestionId: q.id });
      await current.store.startQuestionClock(q.id, new Date());
      const closer = new QuizCloser(current.store, noEvents, QUIZ_GRACE_MS);
      const { questionId, startedAt } = last.everyoneAnswered!;
      expect(await closer.close(poll.slug, questionId, startedAt)).toBe(false);
      expect((await current.store.getQuestion(q.id))?.closedAt).toBeNull();
      closer.stop();
    });

    it('the host renames a player (unique as its own nickname) or removes it with its points', async () => {
      const { poll, q, right } = await quizPoll();
      await nick(poll.id, 'a', 'Ana');
      await nick(poll.id, 'b', 'Leo');
      await current.store.updatePoll(poll.id, { currentQuestionId: q.id });
      await current.store.startQuestionClock(q.id, new Date());
      await vote(poll.id, 'a', q.id, right);
      await vote(poll.id, 'b', q.id, right);
      await current.store.closeQuestion(q.id, new Date(), scoreAnswer);
      const before = (await current.store.getPollById(poll.id))!.updatedAt.getTime();

      const rename = (nickname: string, to: string) =>
        current.store.renamePlayer({
          pollId: poll.id,
          nickname,
          to,
          key: to.toLowerCase(),
          keyVersion: 1,
        });
      expect(await rename('Ana', 'LEO')).toBe('taken');
      expect(await rename('Nadie', 'Otra')).toBe('missing');
      expect(await rename('Ana', 'Anabel')).toBe('renamed');
      expect(await current.store.getNickname(poll.id, 'a')).toBe('Anabel');
      const after = (await current.store.getPollById(poll.id))!.updatedAt.getTime();
      expect(after).toBeGreaterThanOrEqual(before);
      expect(await nick(poll.id, 'c', 'ana')).toBe('set');

      expect(await current.store.removePlayer({ pollId: poll.id, nickname: 'Leo' })).toBe(true);
      expect(await current.store.removePlayer({ pollId: poll.id, nickname: 'Leo' })).toBe(false);
      const ranked = rankPlayers(await current.store.quizStandings(poll.id));
      expect(ranked.map((p) => p.nickname).sort()).toEqual(['Anabel', 'ana']);
      expect(await current.store.playerResults(poll.id, 'b')).toEqual([]);
      // Its answer still counts in the question's distribution.
      const counts = await current.store.getVoteCounts(poll.id);
      expect(counts.optionCounts.find((c) => c.optionId === right)?.count).toBe(2);
    });
  });
}
