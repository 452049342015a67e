import type { Kysely } from 'kysely';
import { type AnswerState, SUMMARY_ANSWERS_MAX } from '../../contract/index.ts';
import type { EngineHooks } from './engine-hooks.ts';
import { type Db, pollIdOf, touchPoll } from './kysely-rows.ts';
import {
  addTo,
  addWords,
  bumpAnswerCounters,
  decodeWords,
  isPending,
  subtractWords,
  type WordIncrements,
  wordsInState,
} from './kysely-text.ts';
import type { Database } from './schema.ts';
import type { TextAnswerPage, TextAnswerRecord, TextCounts, TextTally } from './store.ts';

/**
 * Open answers on the read side and the host's moderation of them (issue 13). Every moderation
 * write takes the poll's lock first, like the ballot path, so a change of state and a ballot of
 * the same question never interleave their counter updates.
 */

type AnswerRow = {
  id: number;
  poll_id: number;
  question_id: number;
  text: string;
  state: string;
  created_at: number;
};

function toAnswer(row: AnswerRow): TextAnswerRecord {
  return {
    id: Number(row.id),
    pollId: Number(row.poll_id),
    questionId: Number(row.question_id),
    text: row.text,
    state: row.state as AnswerState,
    createdAt: new Date(Number(row.created_at)),
  };
}

const ANSWER_COLUMNS = ['id', 'poll_id', 'question_id', 'text', 'state', 'created_at'] as const;

/** Newest first by keyset on (question_id, id), the index's order. */
export async function listTextAnswers(
  db: Db,
  questionId: number,
  page: TextAnswerPage,
): Promise<TextAnswerRecord[]> {
  let query = db
    .selectFrom('text_answers')
    .select(ANSWER_COLUMNS)
    .where('question_id', '=', questionId);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  if (page.visibleOnly) query = query.where('state', '=', 'visible');
  const rows = await query.orderBy('id', 'desc').limit(page.limit).execute();
  return rows.map(toAnswer);
}

export async function getTextAnswer(
  db: Db,
  answerId: number,
): Promise<TextAnswerRecord | undefined> {
  const row = await db
    .selectFrom('text_answers')
    .select(ANSWER_COLUMNS)
    .where('id', '=', answerId)
    .executeTakeFirst();
  return row && toAnswer(row);
}

/**
 * What a summary needs of the poll's open-text questions, inside getTally's snapshot: the
 * counters, the word rows (at most TEXT_WORDS_MAX per question), hidden words, newest answers.
 */
export async function loadTextTally(
  trx: Db,
  questions: { id: number; visible: number; pending: number }[],
  textsOf?: readonly number[],
): Promise<{ counts: TextCounts[]; texts: TextTally[] }> {
  if (questions.length === 0) return { counts: [], texts: [] };
  const wanted = textsOf && new Set(textsOf);
  const read = wanted ? questions.filter((q) => wanted.has(q.id)) : questions;
  if (read.length === 0) {
    return { counts: questions.map((q) => ({ ...counters(q), words: [] })), texts: [] };
  }
  const ids = read.map((q) => q.id);
  const words = await trx
    .selectFrom('text_words')
    .select(['question_id', 'spelling', 'word_key', 'count'])
    .where('question_id', 'in', ids)
    .where('count', '>', 0)
    .execute();
  const hidden = await trx
    .selectFrom('hidden_words')
    .select(['question_id', 'word_key'])
    .where('question_id', 'in', ids)
    .execute();
  // Grouped in one pass: filtering every question's words out of all of them was
  // O(questions × words), 20 million steps for 100 full clouds.
  const wordsOf = groupBy(words, (w) => Number(w.question_id));
  const hiddenOf = groupBy(hidden, (h) => Number(h.question_id));
  const counts: TextCounts[] = [];
  const texts: TextTally[] = [];
  for (const q of questions) {
    counts.push({
      ...counters(q),
      words: (wordsOf.get(q.id) ?? []).map((w) => ({
        key: w.word_key,
        spelling: w.spelling,
        count: Number(w.count),
      })),
    });
    if (wanted && !wanted.has(q.id)) continue;
    const recent = await listTextAnswers(trx, q.id, {
      limit: SUMMARY_ANSWERS_MAX,
      visibleOnly: false,
    });
    // Usually the same list: a second read only when some of the newest are not public.
    const recentVisible = recent.every((a) => a.state === 'visible')
      ? recent
      : await listTextAnswers(trx, q.id, { limit: SUMMARY_ANSWERS_MAX, visibleOnly: true });
    texts.push({
      questionId: q.id,
      hiddenKeys: (hiddenOf.get(q.id) ?? []).map((h) => h.word_key).sort(byCodePoint),
      recent,
      recentVisible,
    });
  }
  return { counts, texts };
}

const counters = (q: { id: number; visible: number; pending: number }) => ({
  questionId: q.id,
  visible: q.visible,
  pending: q.pending,
});

function groupBy<T>(rows: T[], keyOf: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/**
 * Moves an answer to `visible` or `hidden`; its words enter or leave the cloud and the
 * counters follow. The same state again writes nothing.
 */
export async function setTextAnswerState(
  db: Kysely<Database>,
  hooks: EngineHooks,
  answerId: number,
  state: 'visible' | 'hidden',
  maxWords: number,
): Promise<TextAnswerRecord | undefined> {
  return db.transaction().execute(async (trx) => {
    const owner = await getTextAnswer(trx, answerId);
    if (!owner) return undefined;
    await hooks.lockPoll?.(trx, owner.pollId);
    // Read again under the lock: what it was a moment ago may have changed.
    const row = await trx
      .selectFrom('text_answers')
      .select([...ANSWER_COLUMNS, 'words'])
      .where('id', '=', answerId)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.state === state) return toAnswer(row);
    const questionId = Number(row.question_id);
    await trx.updateTable('text_answers').set({ state }).where('id', '=', answerId).execute();
    const words = decodeWords(row.words);
    const visible = new Map<number, number>();
    const pending = new Map<number, number>();
    if (state === 'visible') {
      const increments: WordIncrements = new Map();
      addTo(increments, words);
      await addWords(trx, questionId, increments, maxWords);
      visible.set(questionId, 1);
    } else if (row.state === 'visible') {
      await subtractWords(trx, questionId, words);
      visible.set(questionId, -1);
    }
    if (isPending(row.state)) pending.set(questionId, -1);
    await bumpAnswerCounters(trx, visible, pending);
    await touchPoll(trx, Number(row.poll_id));
    return toAnswer({ ...row, state });
  });
}

/** Every held answer of the question made visible, in one transaction. */
export async function approveHeldAnswers(
  db: Kysely<Database>,
  hooks: EngineHooks,
  questionId: number,
  maxWords: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const pollId = await pollIdOf(trx, { questionId });
    if (pollId === undefined) return 0;
    await hooks.lockPoll?.(trx, pollId);
    const held = await wordsInState(trx, questionId, 'held');
    if (held.answers === 0) return 0;
    await trx
      .updateTable('text_answers')
      .set({ state: 'visible' })
      .where('question_id', '=', questionId)
      .where('state', '=', 'held')
      .execute();
    await addWords(trx, questionId, held.counts, maxWords);
    await bumpAnswerCounters(
      trx,
      new Map([[questionId, held.answers]]),
      new Map([[questionId, -held.answers]]),
    );
    await touchPoll(trx, pollId);
    return held.answers;
  });
}

export async function setWordHidden(
  db: Kysely<Database>,
  hooks: EngineHooks,
  questionId: number,
  key: string,
  hidden: boolean,
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const pollId = await pollIdOf(trx, { questionId });
    if (pollId === undefined) return [];
    await hooks.lockPoll?.(trx, pollId);
    if (hidden) {
      await trx
        .insertInto('hidden_words')
        .values({ question_id: questionId, word_key: key })
        .onConflict((oc) => oc.columns(['question_id', 'word_key']).doNothing())
        .execute();
    } else {
      await trx
        .deleteFrom('hidden_words')
        .where('question_id', '=', questionId)
        .where('word_key', '=', key)
        .execute();
    }
    await touchPoll(trx, pollId);
    const rows = await trx
      .selectFrom('hidden_words')
      .select('word_key')
      .where('question_id', '=', questionId)
      .execute();
    return rows.map((r) => r.word_key).sort(byCodePoint);
  });
}

export async function listHiddenWords(db: Db, questionId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('hidden_words')
    .select('word_key')
    .where('question_id', '=', questionId)
    .execute();
  return rows.map((r) => r.word_key).sort(byCodePoint);
}

/** Sorted here, not by ORDER BY: PostgreSQL's collation and SQLite's differ. */
function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
