import { describe, expect, it } from 'vitest';
import { NICKNAME_KEY_RULE, nicknameKey } from '../../src/server/domain/quiz/nickname.ts';
import { quizRefusal } from '../../src/server/domain/quiz/refusal.ts';
import { rankPlayers, scoreAnswer } from '../../src/server/domain/quiz/scoring.ts';
import type { PollStore } from '../../src/server/store/store.ts';
import { freshStorePerTest } from './test-fresh-store.ts';
import { testJoinCode } from './test-join-codes.ts';

/**
 * The quiz's store (issue 18) on every engine: nicknames unique when folded, a clock that starts
 * once, answers refused when not for the running question or late, scoring once at the close,
 * ties, and scores that a reopened store still has.
 */
/** The fields of an open quiz poll ('Concurso'), as both the suite and the reopen check create it. */
const openQuizPoll = (slug: string) => ({
  slug,
  title: 'Concurso',
  hostSecretHash: 'h'.repeat(64),
  joinCode: testJoinCode(),
  oneVotePerQuestion: true,
  resultsPublic: false,
  quiz: true,
  status: 'open' as const,
});

export function quizContract(engine: string, factory: () => Promise<PollStore>): void {
  describe(`PollStore quiz (${engine})`, () => {
    const current = freshStorePerTest(() => factory());
    let n = 0;

    async function quizPoll(timeLimitSeconds: number | null = 20) {
      n += 1;
      const poll = await current.store.createPoll(openQuizPoll(`quiz${n}xyz`));
      const q = await current.store.addQuestion(poll.id, {
        text: 'Capital',
        type: 'single',
        timeLimitSeconds,
        options: [{ text: 'Roma' }, { text: 'París', correct: true }],
      });
      return { poll, q, right: q.options[1]!.id, wrong: q.options[0]!.id };
    }
    const vote = (
      pollId: number,
      participantId: string,
      questionId: number,
      optionId: number,
      now: Date,
    ) =>
      current.store.castVote({
        quizRefusal,
        pollId,
        participantId,
        answers: [{ questionId, optionIds: [optionId] }],
        oneVotePerQuestion: true,
        now,
      });
    const nick = (
      pollId: number,
      participantId: string,
      nickname: string,
      key = nickname.toLowerCase(),
    ) =>
      current.store.setNickname({
        pollId,
        participantId,
        nickname,
        key,
        keyVersion: 1,
        now: new Date(),
      });

    it('keeps nicknames unique per poll by their folded key, and lets a player change its own', async () => {
      const { poll } = await quizPoll();
      expect(await nick(poll.id, 'p1', 'Ana')).toBe('set');
      expect(await nick(poll.id, 'p2', 'ANA', 'ana')).toBe('taken');
      // Racing for one name: exactly one wins.
      const race = await Promise.all([nick(poll.id, 'p3', 'Leo'), nick(poll.id, 'p4', 'leo')]);
      expect(race.sort()).toEqual(['set', 'taken']);
      expect(await nick(poll.id, 'p1', 'Anita')).toBe('set');
      expect(await current.store.getNickname(poll.id, 'p1')).toBe('Anita');
      expect(await nick(poll.id, 'p2', 'Ana')).toBe('set');
    });

    it('starts a clock once, refuses late, foreign and nameless answers, and scores at the close', async () => {
      const { poll, q, right, wrong } = await quizPoll(20);
      await nick(poll.id, 'a', 'A');
      await nick(poll.id, 'b', 'B');
      await nick(poll.id, 'c', 'C');
      await current.store.updatePoll(poll.id, { currentQuestionId: q.id });
      const t0 = new Date();
      expect((await vote(poll.id, 'a', q.id, right, t0)).outcome).toBe('question-closed');
      expect(await current.store.startQuestionClock(q.id, t0)).toBe(true);
      expect(await current.store.startQuestionClock(q.id, new Date(t0.getTime() + 5000))).toBe(
        false,
      );
      const started = await current.store.getQuestion(q.id);
      expect(started?.startedAt?.getTime()).toBe(t0.getTime());
      expect(started?.endsAt?.getTime()).toBe(t0.getTime() + 20_000);

      const at = (ms: number) => new Date(t0.getTime() + ms);
      expect((await vote(poll.id, 'nobody', q.id, right, at(1000))).outcome).toBe(
        'nickname-required',
      );
      expect((await vote(poll.id, 'a', q.id, right, at(0))).outcome).toBe('stored');
      expect((await vote(poll.id, 'a', q.id, right, at(10))).outcome).toBe('already-voted');
      // Half the limit: 1000 × (1 − 10/40) = 750.
      expect((await vote(poll.id, 'b', q.id, right, at(10_000))).outcome).toBe('stored');
      // After endsAt + 1 s of grace: refused.
      expect((await vote(poll.id, 'c', q.id, wrong, at(21_001))).outcome).toBe('question-closed');

      expect(await current.store.closeQuestion(q.id, at(21_500), scoreAnswer)).toBe('closed');
      expect(await current.store.closeQuestion(q.id, at(22_000), scoreAnswer)).toBe(
        'already-closed',
      );
      expect((await vote(poll.id, 'c', q.id, wrong, at(1000))).outcome).toBe('question-closed');
      const ranked = rankPlayers(await current.store.quizStandings(poll.id));
      expect(ranked.map((p) => [p.nickname, p.score, p.rank, p.correct])).toEqual([
        ['A', 1000, 1, 1],
        ['B', 750, 2, 1],
        ['C', 0, 3, 0],
      ]);
      expect(await current.store.playerResults(poll.id, 'b')).toEqual([
        { questionId: q.id, points: 750, correct: true },
      ]);
    });

    it('closes only started questions, scores ties alike and keeps scores after reopening', async () => {
      const { poll, q, right } = await quizPoll(null);
      expect(await current.store.closeQuestion(q.id, new Date(), scoreAnswer)).toBe('not-started');
      for (const p of ['w', 'x', 'y', 'z']) await nick(poll.id, p, p.toUpperCase());
      await current.store.updatePoll(poll.id, { currentQuestionId: q.id });
      const t0 = new Date();
      await current.store.startQuestionClock(q.id, t0);
      for (const p of ['w', 'x']) {
        const r = await vote(poll.id, p, q.id, right, new Date(t0.getTime() + 50_000));
        expect(r.outcome).toBe('stored');
      }
      // The last of the four players completes the answers: the store says so.
      await vote(poll.id, 'y', q.id, q.options[0]!.id, new Date());
      const last = await vote(poll.id, 'z', q.id, q.options[0]!.id, new Date());
      expect(last).toMatchObject({
        outcome: 'stored',
        everyoneAnswered: { questionId: q.id, startedAt: t0.getTime() },
      });
      await current.store.closeQuestion(q.id, new Date(), scoreAnswer);
      const ranked = rankPlayers(await current.store.quizStandings(poll.id));
      // Without a limit a correct answer is 1000 whenever it came.
      expect(ranked.map((p) => [p.rank, p.score])).toEqual([
        [1, 1000],
        [1, 1000],
        [3, 0],
        [3, 0],
      ]);
      expect(await current.store.quizResults(poll.id)).toHaveLength(4);
    });

    it('a reset clears clocks, scores and players (issue 24: a new game)', async () => {
      const { poll, q, right } = await quizPoll(20);
      await nick(poll.id, 'a', 'A');
      await nick(poll.id, 'b', 'B');
      await current.store.updatePoll(poll.id, { currentQuestionId: q.id });
      await current.store.startQuestionClock(q.id, new Date());
      await vote(poll.id, 'a', q.id, right, new Date());
      await current.store.closeQuestion(q.id, new Date(), scoreAnswer);
      expect(await current.store.openClocks()).toEqual([]);
      await current.store.resetVotes(poll.id);
      const after = await current.store.getQuestion(q.id);
      expect(after?.startedAt).toBeNull();
      expect(after?.closedAt).toBeNull();
      const standings = await current.store.quizStandings(poll.id);
      expect(standings.players).toEqual([]);
      expect(standings.closedQuestionIds).toEqual([]);
      expect(await current.store.getNickname(poll.id, 'a')).toBeUndefined();
      expect((await current.store.getPollById(poll.id))?.currentQuestionId).toBeNull();
      await current.store.startQuestionClock(q.id, new Date());
      expect((await current.store.openClocks()).map((c) => c.questionId)).toEqual([q.id]);
    });

    it('re-keys names taken under the old key (issue 25, migration 023): look-alikes collide', async () => {
      const { poll } = await quizPoll();
      // As the store held them before the confusables skeleton: case and accents folded only.
      const old = (participantId: string, nickname: string, at: number) =>
        current.store.setNickname({
          pollId: poll.id,
          participantId,
          nickname,
          key: nickname.toLowerCase(),
          keyVersion: 0,
          now: new Date(at),
        });
      expect(await old('p1', 'Ismael', 1_000)).toBe('set');
      expect(await old('p2', 'lsmael', 2_000)).toBe('set');
      expect(await old('p3', 'Ana', 3_000)).toBe('set');
      // Old keys: a newcomer's 'Ismael' looks the same and is still taken by nobody.
      expect(nicknameKey('lsmael')).toBe(nicknameKey('Ismael'));

      expect(await current.store.rekeyNicknames(NICKNAME_KEY_RULE)).toBe(3);
      // The first to join keeps the name; the look-alike becomes distinct, with its points.
      expect(await current.store.getNickname(poll.id, 'p1')).toBe('Ismael');
      expect(await current.store.getNickname(poll.id, 'p2')).toBe('lsmael 2');
      expect(await current.store.getNickname(poll.id, 'p3')).toBe('Ana');
      const join = (participantId: string, nickname: string) =>
        nick(poll.id, participantId, nickname, nicknameKey(nickname));
      expect(await join('p4', 'lsmael')).toBe('taken');
      expect(await join('p4', 'ISMAEL')).toBe('taken');
      expect(await join('p4', 'Isrnael 2')).toBe('taken');
      expect(await join('p4', 'Ismael B')).toBe('set');
      // Done once: nothing of the old rule is left.
      expect(await current.store.rekeyNicknames(NICKNAME_KEY_RULE)).toBe(0);
    });
  });
}

/** Reopening a store (a restart) keeps nicknames and scores: checked where the engine can
 *  reopen the same database (sqlite.test.ts, postgres.test.ts). */
export async function scoreSurvivesReopen(open: () => Promise<PollStore>): Promise<void> {
  const first = await open();
  const poll = await first.createPoll(openQuizPoll('reopenQz'));
  const q = await first.addQuestion(poll.id, {
    text: 'Capital',
    type: 'single',
    options: [{ text: 'París', correct: true }, { text: 'Roma' }],
  });
  await first.setNickname({
    pollId: poll.id,
    participantId: 'p',
    nickname: 'Pia',
    key: 'pia',
    keyVersion: 1,
    now: new Date(),
  });
  await first.setNickname({
    pollId: poll.id,
    participantId: 'o',
    nickname: 'Otro',
    key: 'otro',
    keyVersion: 1,
    now: new Date(),
  });
  await first.updatePoll(poll.id, { currentQuestionId: q.id });
  await first.startQuestionClock(q.id, new Date());
  await first.castVote({
    quizRefusal,
    pollId: poll.id,
    participantId: 'p',
    answers: [{ questionId: q.id, optionIds: [q.options[0]!.id] }],
    oneVotePerQuestion: true,
    now: new Date(),
  });
  await first.closeQuestion(q.id, new Date(), scoreAnswer);
  await first.close();
  const second = await open();
  try {
    expect(await second.getNickname(poll.id, 'p')).toBe('Pia');
    expect(await second.playerResults(poll.id, 'p')).toEqual([
      { questionId: q.id, points: 1000, correct: true },
    ]);
  } finally {
    await second.close();
  }
}
