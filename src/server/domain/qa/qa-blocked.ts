import type { PollStore } from '../../store/store.ts';

/** Questions read per query while looking for blocked words (a poll holds at most
 *  QA_QUESTIONS_PER_POLL of them). */
const PAGE = 500;

/**
 * The host's blocked words applied to the audience questions already in (issue 17 on issue 20's
 * questions): a visible or held question whose text or name holds one is flagged, as it would
 * have been had it been asked after the word was added. Returns how many were flagged.
 */
export async function flagBlockedQaQuestions(
  store: PollStore,
  pollId: number,
  holds: (text: string) => boolean,
): Promise<number> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { records } = await store.listQaQuestions(pollId, {
      sort: 'recent',
      limit: PAGE,
      offset,
      states: ['visible', 'held'],
    });
    for (const q of records) {
      if (holds(q.text) || (q.nickname !== null && holds(q.nickname))) ids.push(q.id);
    }
    if (records.length < PAGE) break;
  }
  // Read first, written after: flagging while paging would shift the pages.
  for (const id of ids) await store.updateQaQuestion(id, { state: 'flagged', pinned: false });
  return ids.length;
}
