import { describe, expect, it } from 'vitest';
import type { PollStore } from '../../src/server/store/store.ts';
import { freshStorePerTest } from './test-fresh-store.ts';
import { testJoinCode } from './test-join-codes.ts';

/**
 * Homework's store (issue 27) on every engine: the window's columns, one clock per player and
 * question however many racing opens, one scoring however many racing answers, 'Más tiempo'
 * doubling the clocks, the deadline closing once and settling the points into the quiz's
 * results, and a reset taking the turns with the game.
 */
export function homeworkContract(engine: string, factory: () => Promise<PollStore>): void {
  describe(`PollStore homework (${engine})`, () => {
    const current = freshStorePerTest(() => factory());
    let n = 0;
    const t0 = new Date('2026-12-01T10:00:00.000Z');
    const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

    async function homework(closesAt: Date | null = at(3600)) {
      n += 1;
      const { store } = current;
      const poll = await store.createPoll({
        slug: `tarea${n}abc`,
        title: 'Tarea',
        hostSecretHash: 'h'.repeat(64),
        joinCode: testJoinCode(),
        oneVotePerQuestion: true,
        resultsPublic: false,
        quiz: true,
        status: 'open',
        opensAt: at(-60),
        closesAt,
        speedPoints: true,
      });
      const q1 = await store.addQuestion(poll.id, {
        text: 'Uno',
        type: 'single',
        timeLimitSeconds: 20,
        options: [{ text: 'A', correct: true }, { text: 'B' }],
      });
      const q2 = await store.addQuestion(poll.id, {
        text: 'Dos',
        type: 'single',
        timeLimitSeconds: null,
        options: [{ text: 'A' }, { text: 'B', correct: true }],
      });
      for (const [id, nickname] of [
        ['p1', 'Ana'],
        ['p2', 'Leo'],
      ] as const) {
        await store.setNickname({
          pollId: poll.id,
          participantId: id,
          nickname,
          key: nickname,
          keyVersion: 1,
          now: t0,
        });
      }
      return { poll, q1, q2 };
    }

    /** Each of `players` opens the first question (its 20 s clock) at 0 s. */
    async function openFirstQuestion(pollId: number, questionId: number, players: string[]) {
      for (const participantId of players) {
        await current.store.openHomeworkTurn({
          pollId,
          participantId,
          questionId,
          limitSeconds: 20,
          now: at(0),
        });
      }
    }

    it('keeps the window and the points rule, and clears them', async () => {
      const { poll } = await homework();
      expect(poll.opensAt).toEqual(at(-60));
      expect(poll.closesAt).toEqual(at(3600));
      expect(poll.speedPoints).toBe(true);
      const after = await current.store.updatePoll(poll.id, { opensAt: null, speedPoints: false });
      expect(after?.opensAt).toBeNull();
      expect(after?.closesAt).toEqual(at(3600));
      expect(after?.speedPoints).toBe(false);
      expect((await current.store.getPollBySlug(poll.slug))?.opensAt).toBeNull();
    });

    it('opens one clock per player and question, whoever races, and keeps it', async () => {
      const { store } = current;
      const { poll, q1, q2 } = await homework();
      const open = (now: Date) =>
        store.openHomeworkTurn({
          pollId: poll.id,
          participantId: 'p1',
          questionId: q1.id,
          limitSeconds: 20,
          now,
        });
      const race = await Promise.all([open(at(0)), open(at(0)), open(at(0))]);
      expect(new Set(race.map((t) => t.startedAt.getTime())).size).toBe(1);
      // Asked again later (a reload): the same clock, still running.
      const again = await open(at(5));
      expect(again.startedAt).toEqual(at(0));
      expect(again.endsAt).toEqual(at(20));
      const unlimited = await store.openHomeworkTurn({
        pollId: poll.id,
        participantId: 'p1',
        questionId: q2.id,
        limitSeconds: null,
        now: at(30),
      });
      expect(unlimited.endsAt).toBeNull();
      const turns = await store.homeworkTurns(poll.id, 'p1');
      expect(turns.map((t) => t.questionId)).toEqual([q1.id, q2.id]);
      expect(await store.homeworkTurns(poll.id, 'p2')).toEqual([]);
    });

    it('scores a turn once, and the progress counts it', async () => {
      const { store } = current;
      const { poll, q1, q2 } = await homework();
      await openFirstQuestion(poll.id, q1.id, ['p1', 'p2']);
      const answer = (points: number) =>
        store.answerHomeworkTurn({
          pollId: poll.id,
          participantId: 'p1',
          questionId: q1.id,
          answeredAt: at(3),
          points,
          correct: true,
        });
      const race = await Promise.all([answer(900), answer(800)]);
      expect(race.filter(Boolean)).toHaveLength(1);
      expect(
        await store.answerHomeworkTurn({
          pollId: poll.id,
          participantId: 'p1',
          questionId: q2.id,
          answeredAt: at(3),
          points: 5,
          correct: true,
        }),
      ).toBe(false);
      const progress = await store.homeworkProgress(poll.id, at(10));
      expect(progress.map((p) => [p.nickname, p.opened, p.answered, p.running])).toEqual([
        ['Ana', 1, 1, 0],
        ['Leo', 1, 0, 1],
      ]);
      expect([800, 900]).toContain(progress[0]!.score);
      // Past Leo's end, its turn is no longer running: missed.
      const later = await store.homeworkProgress(poll.id, at(21));
      expect(later[1]!.running).toBe(0);
    });

    it("doubles a player's clocks with 'Más tiempo', the running one included", async () => {
      const { store } = current;
      const { poll, q1, q2 } = await homework();
      await openFirstQuestion(poll.id, q1.id, ['p1']);
      expect(
        await store.setMoreTime({ pollId: poll.id, nickname: 'Nadie', moreTime: true, now: at(5) }),
      ).toBe(false);
      expect(
        await store.setMoreTime({ pollId: poll.id, nickname: 'Ana', moreTime: true, now: at(5) }),
      ).toBe(true);
      expect(await store.hasMoreTime(poll.id, 'p1')).toBe(true);
      expect(await store.hasMoreTime(poll.id, 'p2')).toBe(false);
      expect(await store.questionWaitsForMoreTime(q1.id)).toBe(true);
      // The standings carry it too: the live phone's GET …/me and `player` frame read it there.
      const players = (await store.quizStandings(poll.id)).players;
      const flags = players.map((p) => [p.participantId, p.moreTime]);
      expect(flags.sort()).toEqual([
        ['p1', true],
        ['p2', false],
      ]);
      expect((await store.homeworkTurns(poll.id, 'p1'))[0]!.endsAt).toEqual(at(40));
      // Given twice, still twice (not four times).
      await store.setMoreTime({ pollId: poll.id, nickname: 'Ana', moreTime: true, now: at(6) });
      expect((await store.homeworkTurns(poll.id, 'p1'))[0]!.endsAt).toEqual(at(40));
      const q3 = await store.addQuestion(poll.id, {
        text: 'Tres',
        type: 'single',
        timeLimitSeconds: 30,
        options: [{ text: 'A' }, { text: 'B' }],
      });
      const next = await store.openHomeworkTurn({
        pollId: poll.id,
        participantId: 'p1',
        questionId: q3.id,
        limitSeconds: 30,
        now: at(50),
      });
      expect(next.endsAt).toEqual(at(110));
      expect(q2.id).toBeGreaterThan(0);
    });

    it("waits for a player with 'Más tiempo' only until it answered the question", async () => {
      const { store } = current;
      const { poll, q2 } = await homework();
      expect(await store.questionWaitsForMoreTime(q2.id)).toBe(false);
      await store.setMoreTime({ pollId: poll.id, nickname: 'Ana', moreTime: true, now: at(1) });
      expect(await store.questionWaitsForMoreTime(q2.id)).toBe(true);
      // Leo (no extra time) answering changes nothing; Ana answering ends the wait.
      for (const participantId of ['p2', 'p1']) {
        expect(await store.questionWaitsForMoreTime(q2.id)).toBe(true);
        await store.castVote({
          pollId: poll.id,
          participantId,
          answers: [{ questionId: q2.id, optionIds: [q2.options[1]!.id] }],
          oneVotePerQuestion: true,
          now: at(2),
        });
      }
      expect(await store.questionWaitsForMoreTime(q2.id)).toBe(false);
    });

    it('closes at the deadline once, and only then do the points reach the quiz results', async () => {
      const { store } = current;
      const { poll, q1 } = await homework(at(100));
      await openFirstQuestion(poll.id, q1.id, ['p1']);
      await store.answerHomeworkTurn({
        pollId: poll.id,
        participantId: 'p1',
        questionId: q1.id,
        answeredAt: at(2),
        points: 950,
        correct: true,
      });
      expect(await store.closeDuePoll(poll.id, at(99))).toBeUndefined();
      expect(await store.quizResults(poll.id)).toEqual([]);
      expect((await store.pollDeadlines()).map((d) => d.slug)).toContain(poll.slug);
      const race = await Promise.all([
        store.closeDuePoll(poll.id, at(100)),
        store.closeDuePoll(poll.id, at(101)),
      ]);
      expect(race.filter(Boolean)).toHaveLength(1);
      expect(race.find(Boolean)?.status).toBe('closed');
      expect(await store.quizResults(poll.id)).toEqual([
        { participantId: 'p1', questionId: q1.id, points: 950, correct: true },
      ]);
      const standings = await store.quizStandings(poll.id);
      expect(standings.closedQuestionIds).toHaveLength(2);
      expect(standings.players.find((p) => p.nickname === 'Ana')?.score).toBe(950);
      expect((await store.pollDeadlines()).map((d) => d.slug)).not.toContain(poll.slug);
      // Settled again (the host closing by hand after): nothing doubles.
      await store.settleHomework(poll.id, at(200));
      expect(await store.quizResults(poll.id)).toHaveLength(1);
    });

    it('a reset takes the turns with the game, and a removed player its own', async () => {
      const { store } = current;
      const { poll, q1 } = await homework();
      await openFirstQuestion(poll.id, q1.id, ['p1', 'p2']);
      expect(await store.removePlayer({ pollId: poll.id, nickname: 'Leo' })).toBe(true);
      expect(await store.homeworkTurns(poll.id, 'p2')).toEqual([]);
      expect(await store.homeworkTurns(poll.id, 'p1')).toHaveLength(1);
      await store.resetVotes(poll.id);
      expect(await store.homeworkTurns(poll.id, 'p1')).toEqual([]);
    });
  });
}
