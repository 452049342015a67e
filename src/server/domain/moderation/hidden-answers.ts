import { SUMMARY_ANSWERS_MAX } from '../../../contract/index.ts';
import type { PollStore, TextAnswerRecord, TextTally } from '../../store/store.ts';
import { type HiddenTest, hiddenTest } from './hidden-words.ts';

/**
 * Issue 24: a word the host hid from the cloud is hidden on every public surface, so an answer
 * that contains it, in any spelling the word matcher folds ('FEÍSIMO', 'ｆｅｉｓｉｍｏ',
 * 'f3ísim0', 'me gusta palabrasecreta'), is left out of everyone's list of answers (summary,
 * stream, /r/ and /p/ pages, the page-by-page list). The host still sees every answer.
 *
 * The answer's own text goes to the matcher, not its cloud key: the key drops masks and lone
 * letters ('f.e.i.s.i.m.o'), which the matcher reads.
 */

/** Whether an answer may be shown to anyone but the host. */
export function publicAnswer(answer: TextAnswerRecord, isHidden: HiddenTest): boolean {
  return !isHidden(answer.text);
}

/**
 * Older visible answers read, at most, to refill a summary's list when hidden ones were taken
 * out of its newest: one flood of answers with a hidden word must not empty the list, yet a
 * rebuild never reads more than this many rows per question.
 */
export const HIDDEN_REFILL_SCAN = 10 * SUMMARY_ANSWERS_MAX;

/**
 * The summary's public list of each open-text question with hidden words, without the answers
 * holding one and refilled from older visible answers (up to HIDDEN_REFILL_SCAN rows). Questions
 * without hidden words are untouched and cost nothing.
 */
export async function refillPublicAnswers(
  store: PollStore,
  texts: TextTally[],
): Promise<TextTally[]> {
  const out: TextTally[] = [];
  for (const tally of texts) {
    if (tally.hiddenKeys.length === 0) {
      out.push(tally);
      continue;
    }
    const isHidden = hiddenTest(tally.hiddenKeys);
    const kept = tally.recentVisible.filter((a) => publicAnswer(a, isHidden));
    let last = tally.recentVisible.at(-1);
    let more = tally.recentVisible.length >= SUMMARY_ANSWERS_MAX;
    let scanned = tally.recentVisible.length;
    while (more && last && kept.length < SUMMARY_ANSWERS_MAX && scanned < HIDDEN_REFILL_SCAN) {
      const limit = Math.min(SUMMARY_ANSWERS_MAX, HIDDEN_REFILL_SCAN - scanned);
      const page = await store.listTextAnswers(tally.questionId, {
        before: last.id,
        limit,
        visibleOnly: true,
      });
      scanned += page.length;
      more = page.length === limit;
      last = page.at(-1);
      for (const a of page) if (publicAnswer(a, isHidden)) kept.push(a);
    }
    out.push({ ...tally, recentVisible: kept.slice(0, SUMMARY_ANSWERS_MAX) });
  }
  return out;
}

/**
 * A page of the public list: visible answers without a hidden word, newest first. Reads pages
 * of the store until `limit` are kept or HIDDEN_REFILL_SCAN rows were read; `nextBefore` is the
 * last row read, so the next page goes on from there (a page may hold fewer than `limit`).
 */
export async function publicAnswersPage(
  store: PollStore,
  questionId: number,
  hiddenKeys: readonly string[],
  page: { before?: number; limit: number },
): Promise<{ answers: TextAnswerRecord[]; nextBefore: number | null }> {
  const isHidden = hiddenTest(hiddenKeys);
  const kept: TextAnswerRecord[] = [];
  let before = page.before;
  let scanned = 0;
  for (;;) {
    // One more than asked: whether a row follows the page, without a count.
    const rows = await store.listTextAnswers(questionId, {
      before,
      limit: page.limit + 1,
      visibleOnly: true,
    });
    let consumed = 0;
    for (const a of rows.slice(0, page.limit)) {
      if (kept.length === page.limit) break;
      before = a.id;
      consumed += 1;
      if (publicAnswer(a, isHidden)) kept.push(a);
    }
    scanned += consumed;
    const rowsLeft = consumed < rows.length;
    if (!rowsLeft) return { answers: kept, nextBefore: null };
    if (kept.length === page.limit || scanned >= HIDDEN_REFILL_SCAN) {
      return { answers: kept, nextBefore: before ?? null };
    }
  }
}
