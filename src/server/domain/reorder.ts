import type { Question } from '../../contract/index.ts';
import type { PollStore } from '../store/store.ts';
import { DomainError } from './errors.ts';
import type { PollEvents } from './events.ts';
import { findPollAsHost, toQuestionView } from './poll-view.ts';

/**
 * Puts the poll's questions in the order of the given ordinals (ties keep the list's order) and
 * renumbers them 1..n. The ids must be exactly the poll's questions, each once.
 */
export async function reorderQuestions(
  store: PollStore,
  events: PollEvents,
  slug: string,
  secret: string | undefined,
  order: { id: number; ordinal: number }[],
): Promise<Question[]> {
  const poll = await findPollAsHost(store, slug, secret);
  const current = new Set((await store.listQuestions(poll.id)).map((q) => q.id));
  const given = new Set(order.map((o) => o.id));
  const exact =
    given.size === order.length &&
    given.size === current.size &&
    [...given].every((id) => current.has(id));
  if (!exact) {
    throw new DomainError('INVALID_ORDER', undefined, {
      expected: [...current].sort((a, b) => a - b),
    });
  }
  const ids = order
    .map((o, index) => ({ ...o, index }))
    .sort((a, b) => a.ordinal - b.ordinal || a.index - b.index)
    .map((o) => o.id);
  const questions = await store.reorderQuestions(poll.id, ids);
  events.pollChanged(poll.slug);
  return questions.map((q) => toQuestionView(q));
}
