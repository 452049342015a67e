import type { QuizClock } from '../../contract/index.ts';
import { playerState, type Standings } from '../domain/quiz/game.ts';
import type { PollSnapshot } from './snapshots.ts';

/**
 * Issue 29: when a quiz question closes (or the game ends), each player's phone is sent its own
 * points and rank on its stream (a `player` frame, the quiz part of GET …/me) instead of every
 * phone asking GET …/me at once. Every instance does this for the streams it holds when it hears
 * the poll change, so one standings read per instance per close serves all its players.
 */
export interface PlayerFrames {
  /** The moment of scoring a poll view shows, or undefined when it shows none: frames are sent
   *  once per moment. */
  scoredAt(snapshot: PollSnapshot): string | undefined;
  /** Each player's frame body (JSON), read once for the whole poll. */
  bodies(snapshot: PollSnapshot): Promise<(participantId: string) => string | undefined>;
}

export function playerFrames(standings: Standings): PlayerFrames {
  return {
    scoredAt({ poll, view }) {
      if (!poll.quiz) return undefined;
      const clock: QuizClock | null = view.clock;
      if (!clock?.closedAt && poll.status !== 'closed') return undefined;
      // A reset starts a new game whose first close may fall on the same question.
      return `${poll.resetCount}:${clock?.questionId}:${clock?.closedAt}:${poll.status}`;
    },
    async bodies({ poll }) {
      const view = await standings.of(poll);
      // Only people with a nickname play; anyone else's stream gets nothing.
      return (participantId) =>
        view.byPlayer.has(participantId)
          ? JSON.stringify(playerState(view, participantId))
          : undefined;
    },
  };
}
