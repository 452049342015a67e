import type {
  DeleteRoundsResponse,
  Leaderboard,
  RestoreRoundsResponse,
  RoundComparison,
  RoundList,
  Summary,
} from '../../../contract/index.ts';
import type { PollRecord, PollStore } from '../../store/store.ts';
import { DomainError } from '../errors.ts';
import type { PollEvents } from '../events.ts';
import { isHostSecret } from '../host-auth.ts';
import { findPoll, findPollAsHost } from '../poll-view.ts';
import type { Standings } from '../quiz/game.ts';
import { canSeeResults, loadSummaries } from '../tally.ts';
import { type ComparedRound, compareSummaries } from './compare.ts';
import { correctPercents, quizOfRound, type RoundQuiz } from './round-quiz.ts';

/** Issue 27: reading the archive. Archived rounds follow the rule of the results they were:
 *  whoever may see the poll's results sees them, the host's view to the host only. */

/** The poll, once the caller may see its results. */
async function pollForResults(store: PollStore, slug: string, secret: string | undefined) {
  const poll = await findPoll(store, slug);
  if (!canSeeResults(poll, secret)) throw new DomainError('RESULTS_PRIVATE');
  return poll;
}

export async function listRoundsOf(
  store: PollStore,
  slug: string,
  secret: string | undefined,
): Promise<RoundList> {
  const poll = await pollForResults(store, slug, secret);
  const rounds = await store.listRounds(poll.id);
  const list: RoundList = {
    current: rounds.length + 1,
    rounds: rounds.map((r) => ({
      round: r.round,
      ballots: r.ballots,
      closedAt: r.closedAt.toISOString(),
    })),
  };
  if (isHostSecret(poll, secret)) list.discarded = await store.discardedRounds(poll.id);
  return list;
}

/**
 * Round `round` as this caller may see it: an archived one as it closed, or undefined for the
 * current round (the caller serves the live summary, cached and tagged as always).
 */
export async function archivedSummary(
  store: PollStore,
  slug: string,
  secret: string | undefined,
  round: number,
): Promise<Summary | undefined> {
  const poll = await pollForResults(store, slug, secret);
  const archived = await readRound(store, poll, secret, round);
  return archived === 'current' ? undefined : archived.summary;
}

/** Two rounds, each as this caller may see it, and the change of every question. */
export async function compareRounds(
  store: PollStore,
  standings: Standings,
  slug: string,
  secret: string | undefined,
  rounds: readonly [number, number],
): Promise<RoundComparison> {
  const poll = await pollForResults(store, slug, secret);
  const [a, b] = await Promise.all(
    rounds.map(async (round) => {
      const read = await readRound(store, poll, secret, round);
      return read === 'current' ? currentRound(store, standings, poll, secret) : read;
    }),
  );
  return {
    slug: poll.slug,
    title: poll.title,
    rounds: [rounds[0], rounds[1]],
    totalVotes: [a!.summary.totalVotes, b!.summary.totalVotes],
    questions: compareSummaries(a!, b!),
  };
}

/** An archived round's leaderboard (a quiz's), or undefined for the current round. */
export async function roundLeaderboard(
  store: PollStore,
  slug: string,
  secret: string | undefined,
  round: number,
  limit: number,
): Promise<Leaderboard | undefined> {
  const poll = await pollForResults(store, slug, secret);
  const kept = await store.listRounds(poll.id);
  if (round === kept.length + 1) return undefined;
  const row = await store.getRound(poll.id, round);
  if (!row) throw new DomainError('ROUND_NOT_FOUND');
  const quiz = row.leaderboard ? (JSON.parse(row.leaderboard) as RoundQuiz) : null;
  const board = quiz?.leaderboard ?? { entries: [], players: 0 };
  return { entries: board.entries.slice(0, limit), players: board.players };
}

async function readRound(
  store: PollStore,
  poll: PollRecord,
  secret: string | undefined,
  round: number,
): Promise<ComparedRound | 'current'> {
  const kept = await store.listRounds(poll.id);
  if (round === kept.length + 1) return 'current';
  const row = await store.getRound(poll.id, round);
  if (!row) throw new DomainError('ROUND_NOT_FOUND');
  const summary = JSON.parse(
    isHostSecret(poll, secret) ? row.hostSummary : row.audienceSummary,
  ) as Summary;
  const quiz = row.leaderboard ? (JSON.parse(row.leaderboard) as RoundQuiz) : null;
  return { summary, correct: visibleCorrect(summary, correctPercents(quiz)) };
}

async function currentRound(
  store: PollStore,
  standings: Standings,
  poll: PollRecord,
  secret: string | undefined,
): Promise<ComparedRound> {
  const summaries = await loadSummaries(store, poll.id);
  if (!summaries) throw new DomainError('POLL_NOT_FOUND');
  const summary = isHostSecret(poll, secret) ? summaries.host : summaries.audience;
  const quiz = poll.quiz ? await quizOfRound(standings, poll) : null;
  return { summary, correct: visibleCorrect(summary, correctPercents(quiz)) };
}

/** % correct only of questions this caller's summary shows with counts (a closed question). */
function visibleCorrect(summary: Summary, percents: Map<number, number>): Map<number, number> {
  const shown = new Set(
    summary.questions.filter((q) => q.totalAnswers !== undefined).map((q) => q.id),
  );
  return new Map([...percents].filter(([id]) => shown.has(id)));
}

/** 'Borrar rondas': the archive goes, restorable until the next round is archived. */
export async function deleteRounds(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
): Promise<DeleteRoundsResponse> {
  const poll = await findPollAsHost(store, slug, secret);
  const deletedRounds = await store.discardRounds(poll.id);
  events.pollChanged(poll.slug);
  return { deletedRounds };
}

export async function restoreRounds(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
): Promise<RestoreRoundsResponse> {
  const poll = await findPollAsHost(store, slug, secret);
  const restoredRounds = await store.restoreRounds(poll.id);
  events.pollChanged(poll.slug);
  return { restoredRounds };
}
