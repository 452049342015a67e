import type { StartRoundResponse } from '../../../contract/index.ts';
import type { PollStore } from '../../store/store.ts';
import { DomainError } from '../errors.ts';
import type { PollEvents } from '../events.ts';
import { summaryRowsOf } from '../export-results.ts';
import { findPollAsHost } from '../poll-view.ts';
import type { Standings } from '../quiz/game.ts';
import { loadSummaries } from '../tally.ts';
import { quizOfRound } from './round-quiz.ts';

/** Reads of the archive a burst of ballots may spoil (each is then read again). */
const ATTEMPTS = 5;

/**
 * 'Nueva ronda' (issue 27): the current round's results go to the archive as they stand (the
 * host's and the audience's summaries, a quiz's leaderboard and % correct per question), and
 * the next round starts empty with the same questions, as after a reset: phones see the new run
 * on the poll frame and answer again without reloading.
 */
export async function startRound(
  store: PollStore,
  events: PollEvents,
  standings: Standings,
  slug: string,
  secret: string | undefined,
): Promise<StartRoundResponse> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const poll = await findPollAsHost(store, slug, secret);
    const summaries = await loadSummaries(store, poll.id);
    if (!summaries) throw new DomainError('POLL_NOT_FOUND');
    const round = (await store.listRounds(poll.id)).length + 1;
    // The export's rows, from a second read: a ballot between the two is caught below, as one
    // after both (the archive names the ballot count it was read at).
    const tally = await store.getTally(poll.id);
    if (!tally || tally.counts.ballots !== summaries.host.totalVotes) continue;
    const outcome = await store.archiveRound(poll.id, {
      round,
      ballots: summaries.host.totalVotes,
      exportRows: JSON.stringify(summaryRowsOf(tally)),
      hostSummary: JSON.stringify(summaries.host),
      audienceSummary: JSON.stringify(summaries.audience),
      leaderboard: poll.quiz ? JSON.stringify(await quizOfRound(standings, poll)) : null,
    });
    if (outcome === 'archived') {
      events.pollChanged(poll.slug);
      events.votesChanged(poll.slug);
      return { round: round + 1 };
    }
  }
  throw new DomainError('ROUND_BUSY');
}
