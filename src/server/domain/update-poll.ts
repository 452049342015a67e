import type { Poll, PollStatus, Settings } from '../../contract/index.ts';
import type { PollChanges, PollRecord, PollStore } from '../store/store.ts';
import { DomainError } from './errors.ts';
import type { PollEvents } from './events.ts';
import { isSelfPaced, windowChanges } from './homework/window.ts';
import { generateJoinCode, withFreshKeys } from './join-code.ts';
import { findPollAsHost, loadPollView } from './poll-view.ts';
import { closeLeftQuestion, startClockIfQuiz } from './quiz/game.ts';

/**
 * The moves a poll makes: draft → open → closed, and closed → open again (issue 17: a teacher
 * runs the same poll with the next group; a departure from the spec's "no way back", whose own
 * vote reset is pointless without it). Nothing goes back to draft.
 */
const NEXT_STATUS: Record<PollStatus, PollStatus | undefined> = {
  draft: 'open',
  open: 'closed',
  closed: 'open',
};

const STATUS_NAMES: Record<PollStatus, string> = {
  draft: 'borrador',
  open: 'abierta',
  closed: 'cerrada',
};

function invalidTransition(from: PollStatus, to: PollStatus): DomainError {
  return new DomainError(
    'INVALID_TRANSITION',
    `No se puede pasar la encuesta de «${STATUS_NAMES[from]}» a «${STATUS_NAMES[to]}»`,
    { from, to },
  );
}

export async function updatePoll(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
  changes: {
    title?: string;
    status?: PollStatus;
    settings?: Partial<Settings>;
    currentQuestionId?: number | null;
  },
): Promise<Poll> {
  const poll = await findPollAsHost(store, slug, secret);
  const { status, currentQuestionId } = changes;
  if (status !== undefined && NEXT_STATUS[poll.status] !== status) {
    throw invalidTransition(poll.status, status);
  }
  if (typeof currentQuestionId === 'number') {
    const question = await store.getQuestion(currentQuestionId);
    // Another poll's question is as unknown here as a made-up id.
    if (question?.pollId !== poll.id) throw new DomainError('QUESTION_NOT_FOUND');
  }
  // With a status change, the write only applies if nobody moved the poll meanwhile.
  const updated = await writeChanges(
    store,
    poll,
    {
      title: changes.title,
      status,
      oneVotePerQuestion: changes.settings?.oneVotePerQuestion,
      resultsPublic: changes.settings?.resultsPublic,
      presenterPace: changes.settings?.presenterPace,
      currentQuestionId,
      hideResultsUntilRevealed: changes.settings?.hideResultsUntilRevealed,
      moderateText: changes.settings?.moderateText,
      qa: changes.settings?.qa,
      qaModerated: changes.settings?.qaModerated,
      strictFilter: changes.settings?.strictFilter,
      quiz: changes.settings?.quiz,
      resultsAfterVote: changes.settings?.resultsAfterVote,
      ...windowChanges(poll, changes.settings, new Date()),
      speedPoints: changes.settings?.speedPoints,
    },
    status === undefined ? undefined : poll.status,
  );
  if (!updated) {
    const now = await store.getPollById(poll.id);
    if (!now) throw new DomainError('POLL_NOT_FOUND');
    throw invalidTransition(now.status, status ?? now.status);
  }
  // Issue 24: a quiz reopened is a new game, as after 'Resetear votos' (the panel confirms it):
  // the last game's answers, players and clocks would leave its questions closed for good.
  const newGame = poll.status === 'closed' && updated.status === 'open' && updated.quiz;
  if (newGame) await store.resetVotes(poll.id);
  // Quiz: the question left behind closes; the question shown starts its clock the first time
  // (also when the quiz is turned on with a question already shown).
  const closed = (await closeLeftQuestion(store, poll, updated)) || newGame;
  // A self-paced quiz closed by hand ends as at its deadline: points and answers are shown.
  if (updated.status === 'closed' && poll.status !== 'closed' && isSelfPaced(updated)) {
    await store.settleHomework(updated.id, new Date());
  }
  if (updated.status !== 'closed' && (currentQuestionId !== undefined || changes.settings?.quiz)) {
    await startClockIfQuiz(store, updated, updated.currentQuestionId);
  }
  events.pollChanged(slug);
  if (closed) events.votesChanged(slug);
  return loadPollView(store, (await store.getPollById(poll.id)) ?? updated);
}

/**
 * Join codes are unique among the polls not closed, so a closed poll's code may have gone to
 * another poll meanwhile: reopening keeps the code when it is free and draws a new one when
 * it is not (the store's unique index decides, as at creation).
 */
function writeChanges(
  store: PollStore,
  poll: PollRecord,
  changes: PollChanges,
  ifStatus: PollStatus | undefined,
): Promise<PollRecord | undefined> {
  if (!(poll.status === 'closed' && changes.status === 'open')) {
    return store.updatePoll(poll.id, changes, ifStatus);
  }
  let drawn = 0;
  return withFreshKeys(
    ({ joinCode }) =>
      store.updatePoll(
        poll.id,
        { ...changes, joinCode: joinCode === poll.joinCode ? undefined : joinCode },
        ifStatus,
      ),
    () => ({ slug: poll.slug, joinCode: drawn++ === 0 ? poll.joinCode : generateJoinCode() }),
  );
}
