import type {
  AnswersPage,
  ApproveAnswersResponse,
  HiddenWordsResponse,
  ModerateAnswerResponse,
} from '../../../contract/index.ts';
import type { PollRecord, PollStore, QuestionRecord } from '../../store/store.ts';
import { DomainError } from '../errors.ts';
import type { PollEvents } from '../events.ts';
import { isHostSecret } from '../host-auth.ts';
import { findPoll, findPollAsHost } from '../poll-view.ts';
import { hasOpenAnswers } from '../question-types/index.ts';
import { answerView, canSeeResults } from '../tally.ts';
import { foldKey } from '../words/words.ts';
import { publicAnswersPage } from './hidden-answers.ts';

/**
 * The host's moderation of open answers (issue 13). Every change is a votes change for the live
 * hub: the summaries (host's and everyone else's) are rebuilt and published.
 */

/** The poll's open-text question, or QUESTION_NOT_FOUND (another poll's is as unknown). */
async function findTextQuestion(
  store: PollStore,
  poll: PollRecord,
  questionId: number,
): Promise<QuestionRecord> {
  const question = await store.getQuestion(questionId);
  if (question?.pollId !== poll.id) throw new DomainError('QUESTION_NOT_FOUND');
  if (!hasOpenAnswers(question)) {
    throw new DomainError('VALIDATION_ERROR', 'La pregunta no es de respuesta abierta');
  }
  return question;
}

export async function moderateAnswer(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
  answerId: number,
  state: 'visible' | 'hidden',
): Promise<ModerateAnswerResponse> {
  const poll = await findPollAsHost(store, slug, secret);
  const answer = await store.getTextAnswer(answerId);
  if (answer?.pollId !== poll.id) throw new DomainError('ANSWER_NOT_FOUND');
  const updated = await store.setTextAnswerState(answerId, state);
  if (!updated) throw new DomainError('ANSWER_NOT_FOUND');
  if (updated.state !== answer.state) events.votesChanged(poll.slug);
  return { id: updated.id, state: updated.state };
}

export async function approveAnswers(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
  questionId: number,
): Promise<ApproveAnswersResponse> {
  const poll = await findPollAsHost(store, slug, secret);
  await findTextQuestion(store, poll, questionId);
  const approved = await store.approveHeldAnswers(questionId);
  if (approved > 0) events.votesChanged(poll.slug);
  return { approved };
}

export async function hideWord(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
  questionId: number,
  input: { word: string; hidden: boolean },
): Promise<HiddenWordsResponse> {
  const poll = await findPollAsHost(store, slug, secret);
  await findTextQuestion(store, poll, questionId);
  // Folded as the cloud folds: any spelling of the word names it.
  const key = foldKey(input.word);
  if (key === '') {
    const message = 'La palabra debe tener letras o números';
    throw new DomainError('VALIDATION_ERROR', message, [{ path: 'body.word', message }]);
  }
  const hiddenWords = await store.setWordHidden(questionId, key, input.hidden);
  events.votesChanged(poll.slug);
  return { hiddenWords };
}

/**
 * A page of answers, newest first. The host gets every state; anyone else only visible ones
 * without a hidden word (hidden-answers.ts), and only where the summary would show them (results public or poll closed, and the
 * question's results not hidden), else RESULTS_PRIVATE like the summary.
 */
export async function listAnswers(
  store: PollStore,
  slug: string,
  secret: string | undefined,
  questionId: number,
  page: { before?: number; limit: number },
): Promise<AnswersPage> {
  const poll = await findPoll(store, slug);
  const host = isHostSecret(poll, secret);
  if (!host && !canSeeResults(poll, secret)) throw new DomainError('RESULTS_PRIVATE');
  const question = await findTextQuestion(store, poll, questionId);
  if (!host && question.resultsHidden) throw new DomainError('RESULTS_PRIVATE');
  if (!host) {
    // Issue 24: without the answers that hold a word the host hid.
    const hiddenKeys = await store.listHiddenWords(questionId);
    const shown = await publicAnswersPage(store, questionId, hiddenKeys, page);
    return { answers: shown.answers.map(answerView), nextBefore: shown.nextBefore };
  }
  // One more than asked: whether a next page exists, without a count.
  const rows = await store.listTextAnswers(questionId, {
    before: page.before,
    limit: page.limit + 1,
    visibleOnly: false,
  });
  const answers = rows.slice(0, page.limit);
  return {
    answers: answers.map((a) => ({ ...answerView(a), state: a.state })),
    nextBefore: rows.length > page.limit ? answers.at(-1)!.id : null,
  };
}
