import {
  type Leaderboard,
  type ParticipantQuizState,
  type QuizClock,
  quizMessages,
} from '../../../contract/index.ts';
import type { PollRecord, PollStore } from '../../store/store.ts';
import { DomainError } from '../errors.ts';
import type { PollEvents } from '../events.ts';
import { isSelfPaced } from '../homework/window.ts';
import { findPoll, findPollAsHost, quizClockOf } from '../poll-view.ts';
import { canSeeResults } from '../tally.ts';
import { checkNickname, NICKNAME_KEY_VERSION } from './nickname.ts';
import { type RankedPlayer, rankPlayers, scoreAnswer } from './scoring.ts';

/** Nicknames, standings and closing: the quiz's rules that are not a ballot's (issue 18). */

/** Takes or changes the caller's nickname (already cleaned and measured by the contract). */
export async function setNickname(
  store: PollStore,
  slug: string,
  participantId: string,
  nickname: string,
): Promise<{ nickname: string }> {
  const poll = await findPoll(store, slug);
  // The final podium stays as the room saw it: nobody renames or joins after the end.
  if (poll.status === 'closed') throw new DomainError('POLL_NOT_OPEN');
  // The message says what to do, never which word of the list matched (nickname.ts).
  const key = await checkNickname(store, poll, nickname);
  const outcome = await store.setNickname({
    pollId: poll.id,
    participantId,
    nickname,
    key,
    keyVersion: NICKNAME_KEY_VERSION,
    now: new Date(),
  });
  if (outcome === 'taken') throw new DomainError('NICKNAME_TAKEN', quizMessages.nicknameTaken);
  return { nickname };
}

/**
 * Standings per poll, rebuilt when the poll's updatedAt moves (a close, a nickname, a reset all
 * move it): after a close, 2,000 phones asking for their rank cost one recount, not 2,000.
 */
export interface StandingsView {
  ranked: RankedPlayer[];
  byPlayer: Map<string, RankedPlayer>;
  /** In the order they closed. */
  closedQuestionIds: number[];
  /** Per player, per question: its points and whether it was correct. */
  results: Map<string, Map<number, { points: number; correct: boolean }>>;
}

export class Standings {
  private readonly memo = new Map<number, { at: number; ranked: Promise<StandingsView> }>();

  constructor(private readonly store: PollStore) {}

  /** The player's nickname (the standings' memo, or the store). */
  async nicknameOf(poll: PollRecord, participantId: string): Promise<string | undefined> {
    return this.store.getNickname(poll.id, participantId);
  }

  /** Whether the host gave the player 'Más tiempo' (the store). */
  moreTimeOf(poll: PollRecord, participantId: string): Promise<boolean> {
    return this.store.hasMoreTime(poll.id, participantId);
  }

  of(poll: PollRecord): Promise<StandingsView> {
    const at = poll.updatedAt.getTime();
    const held = this.memo.get(poll.id);
    if (held && held.at >= at) return held.ranked;
    const ranked = this.load(poll.id);
    // A failed read is not kept.
    ranked.catch(() => this.memo.delete(poll.id));
    this.memo.delete(poll.id);
    this.memo.set(poll.id, { at, ranked });
    // Polls played long ago leave: at most a few hundred are kept.
    if (this.memo.size > 500) this.memo.delete(this.memo.keys().next().value!);
    return ranked;
  }

  private async load(pollId: number): Promise<StandingsView> {
    const rows = await this.store.quizStandings(pollId);
    const ranked = rankPlayers(rows);
    const results: StandingsView['results'] = new Map();
    for (const r of await this.store.quizResults(pollId)) {
      let mine = results.get(r.participantId);
      if (!mine) {
        mine = new Map();
        results.set(r.participantId, mine);
      }
      mine.set(r.questionId, { points: r.points, correct: r.correct });
    }
    return {
      ranked,
      byPlayer: new Map(ranked.map((p) => [p.participantId, p])),
      closedQuestionIds: rows.closedQuestionIds,
      results,
    };
  }
}

/** A self-paced quiz still running: its standings wait for the deadline (or the host's close). */
function standingsHidden(poll: PollRecord): boolean {
  return isSelfPaced(poll) && poll.status !== 'closed';
}

const NO_QUIZ: ParticipantQuizState = {
  nickname: null,
  score: 0,
  rank: null,
  players: 0,
  results: [],
  moreTime: false,
};

/** The caller's nickname, score, rank and results of the closed questions. */
export async function participantQuizState(
  standings: Standings,
  poll: PollRecord,
  participantId: string,
): Promise<ParticipantQuizState> {
  if (!poll.quiz) return NO_QUIZ;
  // A self-paced quiz ranks nobody before its end (issue 27): a rank would tell the others'
  // progress, and a score which answers were right.
  if (standingsHidden(poll)) {
    const nickname = (await standings.nicknameOf(poll, participantId)) ?? null;
    const moreTime = nickname !== null && (await standings.moreTimeOf(poll, participantId));
    return { ...NO_QUIZ, nickname, moreTime };
  }
  // From memory after the first phone: a hall asks at once when a question closes.
  return playerState(await standings.of(poll), participantId);
}

/** One player's part of the standings: what GET …/me and the stream's `player` frame carry. */
export function playerState(view: StandingsView, participantId: string): ParticipantQuizState {
  const me = view.byPlayer.get(participantId);
  const mine = view.results.get(participantId);
  return {
    nickname: me?.nickname ?? null,
    score: me?.score ?? 0,
    rank: me?.rank ?? null,
    players: view.ranked.length,
    // Every closed question, answered or not, in the order they closed.
    results: view.closedQuestionIds.map((questionId) => {
      const r = mine?.get(questionId);
      return { questionId, correct: r?.correct ?? false, points: r?.points ?? 0 };
    }),
    // The phone counts down to its own end: twice the limit with 'Más tiempo'.
    moreTime: me?.moreTime ?? false,
  };
}

/** The best `limit` players, for whoever may see the results. */
export async function leaderboard(
  store: PollStore,
  standings: Standings,
  slug: string,
  secret: string | undefined,
  limit: number,
): Promise<Leaderboard> {
  const poll = await findPoll(store, slug);
  if (!canSeeResults(poll, secret)) throw new DomainError('RESULTS_PRIVATE');
  const ranked = poll.quiz && !standingsHidden(poll) ? (await standings.of(poll)).ranked : [];
  return {
    entries: ranked.slice(0, limit).map((p) => ({
      rank: p.rank,
      nickname: p.nickname,
      score: p.score,
      correct: p.correct,
      previousRank: p.previousRank,
    })),
    players: ranked.length,
  };
}

/**
 * Closes questions of quizzes: at their end (a timer on the instance that started the clock,
 * and on every instance that starts while one runs), when the host asks, or when every player
 * answered. Closing is one conditional write in the store, so racing closers score once and
 * only the winner broadcasts. A timer belongs to one run of its question (issue 25): it names
 * the clock it was armed for (its start), so after a reset an old run's timer, on any
 * instance, never closes the question running again.
 */
export class QuizCloser {
  /** Per question: the clock's start it was armed for, and its timer. */
  private readonly timers = new Map<
    number,
    { startedAt: number; timer: NodeJS.Timeout; extended?: boolean }
  >();
  private readonly overdue = new Set<string>();

  constructor(
    private readonly store: PollStore,
    private readonly events: PollEvents,
    /** QUIZ_GRACE_MS: answers are taken that long after endsAt, so the close waits for it. */
    private readonly graceMs: number,
    private readonly log: (message: string, error: unknown) => void = () => {},
  ) {}

  /** Closes now the run of the question whose clock started at `startedAt` (every close names
   *  its run: the timer's, the last answer's, the host's); true when this call closed it. */
  async close(slug: string, questionId: number, startedAt: number): Promise<boolean> {
    const armed = this.timers.get(questionId);
    if (armed?.startedAt === startedAt) this.cancel(questionId);
    const outcome = await this.store.closeQuestion(
      questionId,
      new Date(),
      scoreAnswer,
      new Date(startedAt),
    );
    if (outcome !== 'closed') return false;
    this.events.pollChanged(slug);
    this.events.votesChanged(slug);
    return true;
  }

  /**
   * Closes a clock found past its end plus the grace: the instance whose timer should have
   * closed it may be gone (several instances, a restart), so whichever instance serves the
   * poll next closes it. Once per clock per instance; the store makes it once in all, and a
   * view a moment old (its clock of a run since reset) closes nothing.
   */
  closeIfOverdue(slug: string, clock: QuizClock | null): void {
    if (!clock?.endsAt || clock.closedAt) return;
    if (Date.now() <= Date.parse(clock.endsAt) + this.graceMs) return;
    const startedAt = Date.parse(clock.startedAt);
    const key = `${clock.questionId}:${startedAt}`;
    if (this.overdue.has(key)) return;
    // Waiting for a player with 'Más tiempo': its timer closes it.
    const armed = this.timers.get(clock.questionId);
    if (armed?.extended && armed.startedAt === startedAt) return;
    this.overdue.add(key);
    this.closeUnlessMoreTime(slug, clock.questionId, startedAt, Date.parse(clock.endsAt))
      .catch((error) => this.log('quiz: close failed', error))
      .finally(() => this.overdue.delete(key));
  }

  /** Arms the timer of a running clock with an end. */
  watch(slug: string, clock: QuizClock | null): void {
    if (!clock?.endsAt || clock.closedAt) return;
    this.arm(slug, clock.questionId, Date.parse(clock.startedAt), Date.parse(clock.endsAt));
  }

  /** `extended`: armed for the doubled end of 'Más tiempo', which closes whatever comes. */
  arm(slug: string, questionId: number, startedAt: number, endsAt: number, extended = false): void {
    this.cancel(questionId);
    const wait = Math.max(0, endsAt + this.graceMs - Date.now());
    const timer = setTimeout(() => {
      this.timers.delete(questionId);
      // Timers may fire a millisecond early: the grace is a promise to the last phones.
      if (Date.now() <= endsAt + this.graceMs) {
        return this.arm(slug, questionId, startedAt, endsAt, extended);
      }
      const closing = extended
        ? this.close(slug, questionId, startedAt)
        : this.closeUnlessMoreTime(slug, questionId, startedAt, endsAt);
      closing.catch((error) => this.log('quiz: close failed', error));
    }, wait + 1);
    timer.unref();
    this.timers.set(questionId, { startedAt, timer, extended });
  }

  /**
   * 'Más tiempo' (issue 27): while a player of the poll has it and has not answered yet, the
   * question waits for twice its limit (the time that player's answer is taken) before it
   * closes: the room's reveal would give that player the answer. Nobody else waits for a
   * player who answered already. The end is a question's, not a player's: the close scores
   * everyone's answers in one write.
   */
  private async closeUnlessMoreTime(
    slug: string,
    questionId: number,
    startedAt: number,
    endsAt: number,
  ): Promise<void> {
    const doubled = endsAt + (endsAt - startedAt);
    if (
      Date.now() <= doubled + this.graceMs &&
      (await this.store.questionWaitsForMoreTime(questionId))
    ) {
      return this.arm(slug, questionId, startedAt, doubled, true);
    }
    await this.close(slug, questionId, startedAt);
  }

  /**
   * An answer to a live question. In its extra time ('Más tiempo', the timer armed for the
   * doubled end), the last player with it to answer ends the wait: nobody else may answer any
   * more, so the room sees the result now. Otherwise nothing (a Map look-up per answer).
   */
  async answered(slug: string, questionId: number): Promise<void> {
    const armed = this.timers.get(questionId);
    if (!armed?.extended) return;
    if (await this.store.questionWaitsForMoreTime(questionId)) return;
    await this.close(slug, questionId, armed.startedAt);
  }

  /** Every running clock of the database (an instance starting, or taking over). */
  async armOpenClocks(): Promise<void> {
    for (const c of await this.store.openClocks()) {
      this.arm(c.slug, c.questionId, c.startedAt, c.endsAt);
    }
  }

  stop(): void {
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private cancel(questionId: number): void {
    clearTimeout(this.timers.get(questionId)?.timer);
    this.timers.delete(questionId);
  }
}

/** The host's close route: the question's clock after closing (idempotent on a closed one). */
export async function closeQuestionAsHost(
  store: PollStore,
  closer: QuizCloser,
  slug: string,
  secret: string | undefined,
  questionId: number,
): Promise<QuizClock> {
  const poll = await findPollAsHost(store, slug, secret);
  const question = await store.getQuestion(questionId);
  if (question?.pollId !== poll.id) throw new DomainError('QUESTION_NOT_FOUND');
  if (!poll.quiz || question.startedAt === null) throw new DomainError('QUESTION_NOT_STARTED');
  // The run the host's request found: a reset and restart in between is not closed by it.
  await closer.close(slug, questionId, question.startedAt.getTime());
  const after = (await store.listQuestions(poll.id)).find((q) => q.id === questionId);
  const clock = after && quizClockOf(after);
  if (!clock) throw new DomainError('QUESTION_NOT_FOUND');
  return clock;
}

/**
 * Leaving a running question (showing another one, or closing the poll) closes it: nobody may
 * answer it any more (only the current question is answered), so its points are final now,
 * not at a timer, and a question without a limit does not stay open forever. True when one
 * closed.
 */
export async function closeLeftQuestion(
  store: PollStore,
  before: PollRecord,
  after: PollRecord,
): Promise<boolean> {
  if (!before.quiz || before.currentQuestionId === null) return false;
  const left = after.currentQuestionId !== before.currentQuestionId || after.status === 'closed';
  if (!left) return false;
  const outcome = await store.closeQuestion(before.currentQuestionId, new Date(), scoreAnswer);
  return outcome === 'closed';
}

/** In a quiz, the question made current starts its clock (once). */
export async function startClockIfQuiz(
  store: PollStore,
  poll: PollRecord,
  questionId: number | null | undefined,
): Promise<void> {
  // A self-paced quiz has no room clock: each player's starts on its own (homework/).
  if (!poll.quiz || isSelfPaced(poll) || typeof questionId !== 'number') return;
  await store.startQuestionClock(questionId, new Date());
}
