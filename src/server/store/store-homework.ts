import type { PollRecord } from './store.ts';

/**
 * Homework (issue 27, kysely-homework.ts): a poll with a window (`opensAt`, `closesAt`), and a
 * self-paced quiz in it: each player opens its questions one by one, each with its own clock.
 */

/** One question a self-paced quiz opened for one player. */
export interface HomeworkTurn {
  questionId: number;
  startedAt: Date;
  /** Null without a time limit. */
  endsAt: Date | null;
  /** Null until answered (a turn whose time ran out unanswered stays null: 0 points). */
  answeredAt: Date | null;
  points: number;
  correct: boolean;
}

/** A player's progress through a self-paced quiz, for the host's panel. */
export interface HomeworkProgressRow {
  participantId: string;
  nickname: string;
  moreTime: boolean;
  /** Questions opened, and answered among them. */
  opened: number;
  answered: number;
  /** Opened, unanswered, whose clock has not run out at the `runningAt` asked about. */
  running: number;
  score: number;
}

export interface HomeworkStore {
  /** The player's turns, in the order they were opened. */
  homeworkTurns(pollId: number, participantId: string): Promise<HomeworkTurn[]>;
  /** Opens the player's turn at the question unless it was opened before (a unique key: two
   *  racing requests get one clock): it ends `limitSeconds` after `now`, twice that for a player
   *  with 'Más tiempo', never without a limit. Returns the turn as stored. */
  openHomeworkTurn(input: {
    pollId: number;
    participantId: string;
    questionId: number;
    limitSeconds: number | null;
    now: Date;
  }): Promise<HomeworkTurn>;
  /** Records the answer of an unanswered turn; false when it was answered already (or never
   *  opened), so only one of racing answers scores. */
  answerHomeworkTurn(input: {
    pollId: number;
    participantId: string;
    questionId: number;
    answeredAt: Date;
    points: number;
    correct: boolean;
  }): Promise<boolean>;
  /** Every player of the poll with its progress (players without a turn included). */
  homeworkProgress(pollId: number, runningAt: Date): Promise<HomeworkProgressRow[]>;
  /** 'Más tiempo' for the player called `nickname`: on, the clock of the turn it is running
   *  now gets twice its length too. False when the poll has no such player. Moves updatedAt. */
  setMoreTime(input: {
    pollId: number;
    nickname: string;
    moreTime: boolean;
    now: Date;
  }): Promise<boolean>;
  /** Whether a player of this question's poll has 'Más tiempo' and has not answered it yet (a
   *  live quiz's close waits for twice the limit then, and only then). */
  questionWaitsForMoreTime(questionId: number): Promise<boolean>;
  /** Whether the participant is a player with 'Más tiempo'. */
  hasMoreTime(pollId: number, participantId: string): Promise<boolean>;
  /** Closes the poll when it is open and its `closesAt` is at or before `now`, and settles its
   *  homework, in one transaction; the poll after, or undefined when there was nothing to do. */
  closeDuePoll(pollId: number, now: Date): Promise<PollRecord | undefined>;
  /** Copies every answered turn's points into the quiz's results and closes the quiz's
   *  questions (their `correct` may be shown), once: a second call changes nothing. */
  settleHomework(pollId: number, now: Date): Promise<void>;
  /** Open polls with a `closesAt`: the deadline timers an instance arms when it starts. */
  pollDeadlines(): Promise<{ pollId: number; slug: string; closesAt: Date }[]>;
}
