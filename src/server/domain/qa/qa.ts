import type {
  ClearQaResponse,
  QaList,
  QaQuestion,
  QaState,
  QaVoteResponse,
} from '../../../contract/qa.ts';
import { qaMessages } from '../../../contract/qa.ts';
import type { PollRecord, PollStore, QaQuestionRecord, QaVoteSignals } from '../../store/store.ts';
import { DomainError } from '../errors.ts';
import type { PollEvents } from '../events.ts';
import { isHostSecret, requireHost } from '../host-auth.ts';
import { blockedTest } from '../moderation/blocked-words.ts';
import { rateText } from '../moderation/profanity.ts';
import { toQaView } from './qa-view.ts';

/**
 * Issue 20: audience Q&A. People ask and vote with their participant id; the host (X-Host-Secret)
 * sees and moderates every question. What only the host may see never leaves through here: a
 * participant's list holds visible questions and their own held ones; flagged and hidden ones go
 * to the host alone.
 */
export interface QaDeps {
  store: PollStore;
  events: PollEvents;
  /** QA_QUESTIONS_PER_POLL (limits.ts). */
  maxPerPoll: number;
  /** The fair shares of the cap per address and per id (qa-shares.ts); none when absent. */
  shares?: (placesLeft: number) => { source: number; participant: number };
}

async function findPoll(store: PollStore, slug: string): Promise<PollRecord> {
  const poll = await store.getPollBySlug(slug);
  if (!poll) throw new DomainError('POLL_NOT_FOUND');
  return poll;
}

/** Asking and voting need Q&A on and the poll not closed. */
function requireQaOpen(poll: PollRecord): void {
  if (!poll.qa || poll.status === 'closed') throw new DomainError('QA_CLOSED', qaMessages.closed);
}

/** The question, if it is this poll's: another poll's id is as unknown as a made-up one. */
async function findQuestion(store: PollStore, poll: PollRecord, id: number) {
  const question = await store.getQaQuestion(id);
  if (question?.pollId !== poll.id) throw new DomainError('QA_NOT_FOUND');
  return question;
}

export async function askQuestion(
  deps: QaDeps,
  slug: string,
  participantId: string,
  input: { text: string; nickname?: string | null },
  source = '',
): Promise<QaQuestion> {
  const poll = await findPoll(deps.store, slug);
  requireQaOpen(poll);
  const nickname = input.nickname?.trim() ? input.nickname : null;
  // A name is shown beside the question: the filter reads it too, and so do the host's blocked
  // words for the poll (issue 17).
  const blocked = await deps.store.listBlockedWords(poll.id);
  const isBlocked = blocked.length > 0 ? blockedTest(blocked) : undefined;
  const texts = nickname === null ? [input.text] : [input.text, nickname];
  const ratings = texts.map(rateText);
  const flagged = ratings.includes('strong') || (isBlocked !== undefined && texts.some(isBlocked));
  // 'Filtro estricto' (issue 24): a mild insult or a word doubtful in class waits for the host.
  const doubt = poll.strictFilter && ratings.includes('doubt');
  const state: QaState = flagged ? 'flagged' : poll.qaModerated || doubt ? 'held' : 'visible';
  const stored = await deps.store.addQaQuestion({
    pollId: poll.id,
    participantId,
    nickname,
    text: input.text,
    state,
    maxPerPoll: deps.maxPerPoll,
    now: new Date(),
    source,
    shares: deps.shares,
  });
  if (!stored) throw new DomainError('POLL_NOT_FOUND');
  if (stored === 'full') throw new DomainError('LIMIT_REACHED', qaMessages.full);
  if (stored === 'source-share') throw new DomainError('LIMIT_REACHED', qaMessages.sourceShare);
  if (stored === 'participant-share') {
    throw new DomainError('LIMIT_REACHED', qaMessages.participantShare);
  }
  deps.events.qaChanged(slug);
  return toQaView(stored);
}

export async function listQuestions(
  store: PollStore,
  slug: string,
  secret: string | undefined,
  participantId: string | undefined,
  query: { sort: 'top' | 'recent'; limit: number; offset: number },
): Promise<QaList> {
  const poll = await findPoll(store, slug);
  const host = isHostSecret(poll, secret);
  // Q&A off: nothing to read for the audience (what was asked stays for the host).
  if (!host && !poll.qa) throw new DomainError('QA_CLOSED', qaMessages.closed);
  const { records, total } = await store.listQaQuestions(poll.id, {
    ...query,
    ...(host
      ? {}
      : { states: ['visible'], ownerId: participantId, ownStates: participantId ? ['held'] : [] }),
  });
  return { questions: await withVotes(store, records, participantId), total };
}

async function withVotes(
  store: PollStore,
  records: QaQuestionRecord[],
  participantId: string | undefined,
): Promise<QaQuestion[]> {
  const voted = participantId
    ? await store.qaVotedBy(
        participantId,
        records.map((r) => r.id),
      )
    : new Set<number>();
  return records.map((r) => toQaView(r, voted.has(r.id)));
}

export async function voteQuestion(
  deps: QaDeps,
  slug: string,
  id: number,
  participantId: string,
  up: boolean,
  signals?: QaVoteSignals,
): Promise<QaVoteResponse> {
  const poll = await findPoll(deps.store, slug);
  requireQaOpen(poll);
  const question = await findQuestion(deps.store, poll, id);
  // Only what everyone sees can be voted: a held question is not public yet.
  if (question.state !== 'visible') throw new DomainError('QA_NOT_FOUND');
  const result = await deps.store.voteQa(id, participantId, up, signals);
  if (!result) throw new DomainError('QA_NOT_FOUND');
  deps.events.qaChanged(slug);
  return result;
}

export async function moderateQuestion(
  deps: QaDeps,
  slug: string,
  secret: string | undefined,
  id: number,
  changes: { state?: 'visible' | 'hidden'; pinned?: boolean; answered?: boolean },
): Promise<QaQuestion> {
  const poll = await findPoll(deps.store, slug);
  requireHost(poll, secret);
  await findQuestion(deps.store, poll, id);
  // Answered is done: it leaves the highlight, so the screen moves on.
  const pinned = changes.answered === true && changes.pinned === undefined ? false : changes.pinned;
  const updated = await deps.store.updateQaQuestion(id, { ...changes, pinned });
  if (!updated) throw new DomainError('QA_NOT_FOUND');
  deps.events.qaChanged(slug);
  return toQaView(updated);
}

export async function deleteQuestion(
  deps: QaDeps,
  slug: string,
  secret: string | undefined,
  id: number,
): Promise<void> {
  const poll = await findPoll(deps.store, slug);
  requireHost(poll, secret);
  await findQuestion(deps.store, poll, id);
  if (!(await deps.store.deleteQaQuestion(id))) throw new DomainError('QA_NOT_FOUND');
  deps.events.qaChanged(slug);
}

export async function clearQuestions(
  deps: QaDeps,
  slug: string,
  secret: string | undefined,
): Promise<ClearQaResponse> {
  const poll = await findPoll(deps.store, slug);
  requireHost(poll, secret);
  const deleted = await deps.store.clearQaQuestions(poll.id);
  deps.events.qaChanged(slug);
  return { deleted };
}
