import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QUIZ_GRACE_MS, QUIZ_MAX_POINTS } from '../../src/contract/index.ts';
import { castVote } from '../../src/server/domain/cast-vote.ts';
import { createPoll } from '../../src/server/domain/create-poll.ts';
import { noopEvents } from '../../src/server/domain/events.ts';
import { Deadlines } from '../../src/server/domain/homework/deadlines.ts';
import { setMoreTimeAsHost } from '../../src/server/domain/homework/more-time.ts';
import { nextQuestion } from '../../src/server/domain/homework/self-paced.ts';
import { readPollFromStore } from '../../src/server/domain/poll-view.ts';
import { setNickname } from '../../src/server/domain/quiz/game.ts';
import { pointsFor } from '../../src/server/domain/quiz/points.ts';
import { openSqliteStore } from '../../src/server/store/sqlite.ts';
import type { PollStore } from '../../src/server/store/store.ts';

/**
 * Issue 27's scoring target: a homework quiz of 10 questions done by 300 players spread over an
 * hour, on a real SQLite file through the domain's own functions, with the server's clock
 * simulated (a fake Date moved event by event: nothing sleeps). Some players answer late, some
 * never, some get 'Más tiempo' halfway, and some reload (ask for their question again) mid-way.
 * At the deadline the standings equal a recount from the stored ballots and the players' clocks.
 */

const PLAYERS = 300;
const QUESTIONS = 10;
const LIMIT_S = 20;

let dir: string;
let raw: PollStore;
let store: PollStore;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sondeo-homework-score-'));
  raw = await openSqliteStore(join(dir, 'sondeo.db'));
  store = new Deadlines(raw, () => new Date()).wrap(raw);
});
afterAll(async () => {
  vi.useRealTimers();
  await raw.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A fixed pseudo-random sequence: the same run every time. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('a homework quiz of 10 questions by 300 players over an hour', () => {
  it('scores exactly as a recount, with speed points and more time', async () => {
    const t0 = Date.parse('2026-12-01T09:00:00.000Z');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t0);
    const closesAt = new Date(t0 + 65 * 60_000);
    const created = await createPoll(store, noopEvents, {
      title: 'Tarea',
      settings: { quiz: true, speedPoints: true, closesAt: closesAt.toISOString() },
    });
    const poll = (await raw.getPollBySlug(created.slug))!;
    const correctOf = new Map<number, number>();
    const wrongOf = new Map<number, number>();
    for (let i = 0; i < QUESTIONS; i++) {
      const q = await raw.addQuestion(poll.id, {
        text: `Pregunta ${i + 1}`,
        type: 'single',
        timeLimitSeconds: LIMIT_S,
        options: [0, 1, 2, 3].map((k) => ({ text: `Opción ${k}`, correct: k === i % 4 })),
      });
      correctOf.set(q.id, q.options[i % 4]!.id);
      wrongOf.set(q.id, q.options[(i + 1) % 4]!.id);
    }
    await raw.updatePoll(poll.id, { status: 'open' });
    const rnd = random(27);
    const deps = { store, events: noopEvents, readPoll: readPollFromStore(store) };

    // Every step of every player on one timeline: [time, player, what].
    type Step = { at: number; player: number; kind: 'next' | 'answer' | 'reload' | 'more-time' };
    const steps: Step[] = [];
    for (let p = 0; p < PLAYERS; p++) {
      let at = t0 + Math.floor(rnd() * 55 * 60_000);
      for (let q = 0; q < QUESTIONS; q++) {
        steps.push({ at, player: p, kind: 'next' });
        // Most answer within the limit, some in the grace, some too late, some never.
        const r = rnd();
        const think =
          r < 0.85 ? rnd() * LIMIT_S * 1000 : r < 0.9 ? LIMIT_S * 1000 + 500 : LIMIT_S * 1500;
        if (think > 4_000 && rnd() < 0.2) steps.push({ at: at + 3_000, player: p, kind: 'reload' });
        if (rnd() < 0.95) steps.push({ at: at + Math.floor(think), player: p, kind: 'answer' });
        at += Math.floor(think) + 1_000 + Math.floor(rnd() * 5_000);
      }
      if (p % 30 === 0) steps.push({ at: t0 + 20 * 60_000, player: p, kind: 'more-time' });
    }
    steps.sort((a, b) => a.at - b.at || a.player - b.player);

    const id = (p: number) => `player-${p}`;
    const open = new Map<number, number>();
    let stored = 0;
    let refused = 0;
    let reloads = 0;
    const openedAt = new Map<number, number>();
    for (let p = 0; p < PLAYERS; p++) await setNickname(store, poll.slug, id(p), `Jugador ${p}`);
    for (const step of steps) {
      vi.setSystemTime(step.at);
      if (step.kind === 'more-time') {
        await setMoreTimeAsHost(
          store,
          noopEvents,
          poll.slug,
          created.host_secret,
          `Jugador ${step.player}`,
          true,
          new Date(),
        );
        continue;
      }
      if (step.kind === 'next' || step.kind === 'reload') {
        const turn = await nextQuestion(store, poll.slug, id(step.player), new Date());
        const fresh = openedAt.get(step.player) === step.at - 3_000;
        if (step.kind === 'reload' && fresh) {
          // A reload mid-question: the same question, its clock still running from its start.
          expect(turn.questionId).toBe(open.get(step.player));
          expect(Date.parse(turn.clock!.startedAt)).toBe(step.at - 3_000);
          reloads += 1;
        }
        if (turn.clock && Date.parse(turn.clock.startedAt) === step.at) {
          openedAt.set(step.player, step.at);
        }
        if (turn.questionId !== null) open.set(step.player, turn.questionId);
        continue;
      }
      const questionId = open.get(step.player)!;
      // Right about two times in three.
      const optionId = rnd() < 0.66 ? correctOf.get(questionId)! : wrongOf.get(questionId)!;
      try {
        await castVote(deps, poll.slug, { participantId: id(step.player) }, [
          { questionId, optionIds: [optionId] },
        ]);
        stored += 1;
      } catch (error) {
        expect((error as { code: string }).code).toMatch(/QUESTION_CLOSED|INVALID_BALLOT/);
        refused += 1;
      }
    }
    expect(stored).toBeGreaterThan(2_000);
    expect(refused).toBeGreaterThan(50);
    expect(reloads).toBeGreaterThan(100);

    // Before the deadline nobody is ranked; at it, the server closes and settles.
    expect(await raw.quizResults(poll.id)).toEqual([]);
    vi.setSystemTime(closesAt.getTime());
    expect((await store.getPollBySlug(poll.slug))?.status).toBe('closed');

    // The recount: every stored ballot scored against its player's own clock.
    const recount = new Map<string, number>();
    for (let p = 0; p < PLAYERS; p++) recount.set(id(p), 0);
    const turns = new Map<string, Map<number, { startedAt: number; endsAt: number }>>();
    for (let p = 0; p < PLAYERS; p++) {
      const mine = new Map<number, { startedAt: number; endsAt: number }>();
      for (const t of await raw.homeworkTurns(poll.id, id(p))) {
        mine.set(t.questionId, { startedAt: t.startedAt.getTime(), endsAt: t.endsAt!.getTime() });
      }
      turns.set(id(p), mine);
    }
    let afterId: number | undefined;
    let ballots = 0;
    for (;;) {
      const page = await raw.listBallots(poll.id, { afterId, limit: 200 });
      if (page.length === 0) break;
      for (const b of page) {
        ballots += 1;
        const choice = b.choices[0]!;
        const turn = turns.get(b.participantId)!.get(choice.questionId)!;
        const elapsed = b.createdAt.getTime() - turn.startedAt;
        expect(b.createdAt.getTime()).toBeLessThanOrEqual(turn.endsAt + QUIZ_GRACE_MS);
        const limit = (turn.endsAt - turn.startedAt) / 1000;
        const points =
          choice.optionId === correctOf.get(choice.questionId) ? pointsFor(elapsed, limit) : 0;
        recount.set(b.participantId, recount.get(b.participantId)! + points);
        expect(points).toBeLessThanOrEqual(QUIZ_MAX_POINTS);
      }
      afterId = page.at(-1)!.id;
    }
    expect(ballots).toBe(stored);
    const standings = await raw.quizStandings(poll.id);
    expect(standings.players).toHaveLength(PLAYERS);
    for (const player of standings.players) {
      expect([player.nickname, player.score]).toEqual([
        player.nickname,
        recount.get(player.participantId),
      ]);
    }
    // 'Más tiempo' (given at minute 20 to every 30th player): their later clocks are doubled.
    let doubled = 0;
    for (let p = 0; p < PLAYERS; p += 30) {
      for (const t of turns.get(id(p))!.values()) {
        if (t.startedAt < t0 + 20 * 60_000) continue;
        expect(t.endsAt - t.startedAt).toBe(2 * LIMIT_S * 1000);
        doubled += 1;
      }
    }
    expect(doubled).toBeGreaterThan(10);
  }, 120_000);
});
