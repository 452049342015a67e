import type { Option } from '../../contract/index.ts';
import type { PollStore } from '../store/store.ts';
import { DomainError } from './errors.ts';
import type { PollEvents } from './events.ts';
import { findOptionAsHost, findQuestionAsHost, toOptionView } from './poll-view.ts';
import { questionModule } from './question-types/index.ts';

export async function createOption(
  store: PollStore,
  events: PollEvents,
  questionId: number,
  secret: string | undefined,
  input: { text: string; ordinal?: number; correct?: boolean },
): Promise<Option> {
  const { question, poll } = await findQuestionAsHost(store, questionId, secret);
  const rule = questionModule(question.type).rules.options;
  if (rule.kind === 'fixed') throw new DomainError('YESNO_OPTIONS_FIXED');
  if (rule.kind === 'none') throw new DomainError('VALIDATION_ERROR', rule.notAllowed);
  const current = (await store.listQuestions(poll.id)).find((q) => q.id === questionId);
  if ((current?.options.length ?? 0) >= rule.max) {
    throw new DomainError('LIMIT_REACHED', `Una pregunta admite como máximo ${rule.max} opciones`);
  }
  const option = await store.addOption(questionId, input);
  if (!option) throw new DomainError('QUESTION_NOT_FOUND');
  events.pollChanged(poll.slug);
  return toOptionView(option);
}

/**
 * Renaming is allowed on every question, yes/no included (a host may prefer "Sí, claro"); only
 * adding and deleting would break the yes/no shape.
 */
export async function updateOption(
  store: PollStore,
  events: PollEvents,
  optionId: number,
  secret: string | undefined,
  changes: { text?: string; ordinal?: number; correct?: boolean },
): Promise<Option> {
  const { poll } = await findOptionAsHost(store, optionId, secret);
  const option = await store.updateOption(optionId, changes);
  if (!option) throw new DomainError('OPTION_NOT_FOUND');
  events.pollChanged(poll.slug);
  return toOptionView(option);
}

/** Deletes the option and its votes; never a yes/no option, never a question's last one. */
export async function deleteOption(
  store: PollStore,
  events: PollEvents,
  optionId: number,
  secret: string | undefined,
): Promise<void> {
  const { question, poll } = await findOptionAsHost(store, optionId, secret);
  const rule = questionModule(question.type).rules.options;
  if (rule.kind === 'fixed') throw new DomainError('YESNO_OPTIONS_FIXED');
  if (rule.kind === 'authored' && rule.min > 1) {
    // A ranking keeps its least options (the store's own rule is one).
    const current = (await store.listQuestions(poll.id)).find((q) => q.id === question.id);
    if ((current?.options.length ?? 0) <= rule.min) throw new DomainError('LAST_OPTION');
  }
  const result = await store.deleteOption(optionId);
  if (result === 'last-option') throw new DomainError('LAST_OPTION');
  if (result === 'not-found') throw new DomainError('OPTION_NOT_FOUND');
  events.pollChanged(poll.slug);
  events.votesChanged(poll.slug);
}
