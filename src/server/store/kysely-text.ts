import { sql } from 'kysely';
import type { AnswerState } from '../../contract/index.ts';
import { type Db, increments } from './kysely-rows.ts';
import { rowGroups } from './sql-shapes.ts';
import type { CloudWordInput, StoreAnswer, TextCounts, WordCount } from './store.ts';

/**
 * Open answers on the write path (issue 13): storing them with a ballot, and keeping the word
 * cloud's counters (`text_words`, one row per spelling) and the answer counters of their
 * questions in the same transaction, like the option counters. Engine-neutral SQL only.
 *
 * The bound on spellings per question (TEXT_WORDS_MAX): a spelling gets a row only while the
 * question has fewer rows than the bound, and rows are never deleted while answers exist (a
 * count may drop to 0). So a spelling left out once can never get a row later, and every row's
 * count is exactly the number of visible answers containing it: hiding an answer subtracts 1
 * from the rows of its words that exist, and those rows were counting it.
 */

export type NewText = NonNullable<StoreAnswer['text']>;

/** An open answer about to be stored, with its ballot. */
export interface NewTextRow {
  ballotId: number;
  questionId: number;
  createdAt: number;
  answer: NewText;
}

/** Spelling → its folded key and how many answers add it. Insertion order = arrival order. */
export type WordIncrements = Map<string, { key: string; n: number }>;

/** Profanity wins over moderation: a flagged answer stays flagged when the host approves all. */
export function initialState(answer: NewText, moderate: boolean): AnswerState {
  if (answer.flagged) return 'flagged';
  return moderate || answer.held ? 'held' : 'visible';
}

export function isPending(state: string): boolean {
  return state === 'held' || state === 'flagged';
}

/** `text_answers.words`: 'key\tspelling' lines. Tokens hold only letters, digits and marks,
 *  so neither separator can occur inside one. */
export function encodeWords(words: CloudWordInput[]): string {
  return words.map((w) => `${w.key}\t${w.spelling}`).join('\n');
}

export function decodeWords(text: string): CloudWordInput[] {
  if (text === '') return [];
  return text.split('\n').map((line) => {
    const tab = line.indexOf('\t');
    return { key: line.slice(0, tab), spelling: line.slice(tab + 1) };
  });
}

export function addTo(increments: WordIncrements, words: CloudWordInput[], n = 1): void {
  for (const w of words) {
    const known = increments.get(w.spelling);
    if (known) known.n += n;
    else increments.set(w.spelling, { key: w.key, n });
  }
}

/**
 * Stores a batch's open answers (after their ballots) and counts the visible ones' words and
 * every answer in its question's counters: per question one count, one upsert, and one UPDATE
 * of the questions for the batch.
 */
export async function storeTextAnswers(
  trx: Db,
  pollId: number,
  moderate: boolean,
  rows: NewTextRow[],
  maxWords: number,
): Promise<void> {
  const words = new Map<number, WordIncrements>();
  const visible = new Map<number, number>();
  const pending = new Map<number, number>();
  const values = rows.map((r) => {
    const state = initialState(r.answer, moderate);
    const counter = state === 'visible' ? visible : pending;
    counter.set(r.questionId, (counter.get(r.questionId) ?? 0) + 1);
    if (state === 'visible') {
      const forQuestion = words.get(r.questionId) ?? new Map();
      words.set(r.questionId, forQuestion);
      addTo(forQuestion, r.answer.words);
    }
    return {
      poll_id: pollId,
      question_id: r.questionId,
      ballot_id: r.ballotId,
      text: r.answer.text,
      words: encodeWords(r.answer.words),
      state,
      created_at: r.createdAt,
    };
  });
  for (const part of chunks(values)) await trx.insertInto('text_answers').values(part).execute();
  for (const [questionId, forQuestion] of words) {
    await addWords(trx, questionId, forQuestion, maxWords);
  }
  await bumpAnswerCounters(trx, visible, pending);
}

/** Adds to the question's word counters, new spellings only while it has room for them. */
export async function addWords(
  trx: Db,
  questionId: number,
  words: WordIncrements,
  maxWords: number,
): Promise<void> {
  if (words.size === 0) return;
  const { n } = await trx
    .selectFrom('text_words')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('question_id', '=', questionId)
    .executeTakeFirstOrThrow();
  let rows = Number(n);
  // Only near the bound does it matter which spellings are new: read those, keep the first.
  if (rows + words.size > maxWords) {
    const known = new Set<string>();
    for (const part of chunks([...words.keys()])) {
      const found = await trx
        .selectFrom('text_words')
        .select('spelling')
        .where('question_id', '=', questionId)
        .where('spelling', 'in', part)
        .execute();
      for (const r of found) known.add(r.spelling);
    }
    for (const spelling of [...words.keys()]) {
      if (known.has(spelling)) continue;
      if (rows < maxWords) rows++;
      else words.delete(spelling);
    }
  }
  const values = [...words].map(([spelling, { key, n }]) => ({
    question_id: questionId,
    spelling,
    word_key: key,
    count: n,
  }));
  for (const part of chunks(values)) {
    await trx
      .insertInto('text_words')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['question_id', 'spelling']).doUpdateSet({
          count: sql<number>`${sql.ref('text_words.count')} + ${sql.ref('excluded.count')}`,
        }),
      )
      .execute();
  }
}

/** An answer leaving the cloud: 1 off each of its spellings that has a row. */
export async function subtractWords(
  trx: Db,
  questionId: number,
  words: CloudWordInput[],
): Promise<void> {
  if (words.length === 0) return;
  await trx
    .updateTable('text_words')
    .set({ count: sql<number>`${sql.ref('count')} - 1` })
    .where('question_id', '=', questionId)
    .where(
      'spelling',
      'in',
      words.map((w) => w.spelling),
    )
    .execute();
}

/** Adds to the visible and pending counters of the questions named. */
export async function bumpAnswerCounters(
  trx: Db,
  visible: Map<number, number>,
  pending: Map<number, number>,
): Promise<void> {
  const ids = [...new Set([...visible.keys(), ...pending.keys()])];
  if (ids.length === 0) return;
  const all = (m: Map<number, number>) => new Map(ids.map((id) => [id, m.get(id) ?? 0]));
  await trx
    .updateTable('questions')
    .set({
      visible_answers: sql<number>`visible_answers + ${increments(all(visible))}`,
      pending_answers: sql<number>`pending_answers + ${increments(all(pending))}`,
    })
    .where('id', 'in', ids)
    .execute();
}

/** The poll's open-text questions. */
async function textQuestionIds(trx: Db, pollId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('questions')
    .select('id')
    .where('poll_id', '=', pollId)
    .where('type', '=', 'text')
    .orderBy('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * Counts the open answers again from the rows, for the rare writes that are not increments
 * (discarding a source, reset): O(answers of the poll) once. Rows keep their place (see the
 * bound above); spellings without one get one while there is room, in answer order.
 */
export async function recountText(trx: Db, pollId: number, maxWords: number): Promise<void> {
  await trx
    .updateTable('questions')
    .set({
      visible_answers: sql<number>`(select count(*) from text_answers
        where text_answers.question_id = questions.id and text_answers.state = 'visible')`,
      pending_answers: sql<number>`(select count(*) from text_answers
        where text_answers.question_id = questions.id
        and text_answers.state in ('held', 'flagged'))`,
    })
    .where('poll_id', '=', pollId)
    .where('type', '=', 'text')
    .execute();
  for (const questionId of await textQuestionIds(trx, pollId)) {
    const truth = await countWords(trx, questionId);
    const rows = await trx
      .selectFrom('text_words')
      .select(['spelling', 'count'])
      .where('question_id', '=', questionId)
      .execute();
    for (const row of rows) {
      const count = truth.get(row.spelling)?.n ?? 0;
      truth.delete(row.spelling);
      if (count === Number(row.count)) continue;
      await trx
        .updateTable('text_words')
        .set({ count })
        .where('question_id', '=', questionId)
        .where('spelling', '=', row.spelling)
        .execute();
    }
    // What is left has no row yet: addWords inserts it while there is room.
    await addWords(trx, questionId, truth, maxWords);
  }
}

/** Visible answers per spelling, from the answers' own record of their words. */
async function countWords(trx: Db, questionId: number): Promise<WordIncrements> {
  return (await wordsInState(trx, questionId, 'visible')).counts;
}

/** How many of a question's answers are in `state`, and the words they count, per spelling
 *  (from each answer's own record of its words). */
export async function wordsInState(
  trx: Db,
  questionId: number,
  state: AnswerState,
): Promise<{ answers: number; counts: WordIncrements }> {
  const rows = await trx
    .selectFrom('text_answers')
    .select('words')
    .where('question_id', '=', questionId)
    .where('state', '=', state)
    .orderBy('id')
    .execute();
  const counts: WordIncrements = new Map();
  for (const row of rows) addTo(counts, decodeWords(row.words));
  return { answers: rows.length, counts };
}

export async function recountTextTruth(trx: Db, pollId: number): Promise<TextCounts[]> {
  const out: TextCounts[] = [];
  for (const questionId of await textQuestionIds(trx, pollId)) {
    const states = await trx
      .selectFrom('text_answers')
      .select(['state', (eb) => eb.fn.countAll().as('n')])
      .where('question_id', '=', questionId)
      .groupBy('state')
      .execute();
    const of = (s: string) => Number(states.find((r) => r.state === s)?.n ?? 0);
    const words: WordCount[] = [...(await countWords(trx, questionId))].map(
      ([spelling, { key, n }]) => ({ key, spelling, count: n }),
    );
    out.push({
      questionId,
      visible: of('visible'),
      pending: of('held') + of('flagged'),
      words,
    });
  }
  return out;
}

/**
 * Rows per multi-row statement or IN list: power-of-two groups of at most 256 (far below
 * SQLite's bound-parameter limit), so the SQL texts stay few on both engines; SQLite keeps
 * every text it prepares (sqlite-handles.ts), so a length per batch size would pile up.
 */
export function chunks<T>(items: T[]): T[][] {
  return rowGroups(items);
}
