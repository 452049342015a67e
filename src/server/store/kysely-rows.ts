import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { NumberSettings, PollStatus, QuestionType, Scale } from '../../contract/index.ts';
import type { EngineHooks } from './engine-hooks.ts';
import type { Database } from './schema.ts';
import { padded, rowChunks } from './sql-shapes.ts';
import type {
  NewQuestion,
  OptionRecord,
  PollRecord,
  QuestionRecord,
  QuestionWithOptions,
} from './store.ts';

/** Helpers shared by the Kysely-based store code; engine-neutral SQL only. */

export type Db = Kysely<Database> | Transaction<Database>;

/** A row of QUESTION_COLUMNS. */
export type QuestionRow = {
  qid: number;
  qtext: string;
  qtype: string;
  qordinal: number;
  qhidden: number;
  oid: number | null;
  otext: string | null;
  oordinal: number | null;
  ocorrect: number | null;
} & Parameters<typeof toScale>[0] &
  Parameters<typeof toNumberFields>[0] &
  Parameters<typeof toQuizFields>[0] & { explanation: string | null };

export function toPoll(row: Selectable<Database['polls']>): PollRecord {
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    status: row.status as PollStatus,
    oneVotePerQuestion: Number(row.one_vote_per_question) === 1,
    resultsPublic: Number(row.results_public) === 1,
    presenterPace: Number(row.presenter_pace) === 1,
    currentQuestionId: row.current_question_id === null ? null : Number(row.current_question_id),
    hideResultsUntilRevealed: Number(row.hide_results_until_revealed) === 1,
    moderateText: Number(row.moderate_text) === 1,
    qa: Number(row.qa) === 1,
    qaModerated: Number(row.qa_moderated) === 1,
    strictFilter: Number(row.strict_filter) === 1,
    quiz: Number(row.quiz) === 1,
    resultsAfterVote: Number(row.results_after_vote) === 1,
    opensAt: row.opens_at === null ? null : new Date(Number(row.opens_at)),
    closesAt: row.closes_at === null ? null : new Date(Number(row.closes_at)),
    speedPoints: Number(row.speed_points) === 1,
    joinCode: row.join_code,
    resetCount: Number(row.reset_count),
    hostSecretHash: row.host_secret_hash,
    createdAt: new Date(Number(row.created_at)),
    updatedAt: new Date(Number(row.updated_at)),
  };
}

export function toOption(
  row: { id: number; question_id: number; text: string; ordinal: number; correct: number },
  pollId: number,
): OptionRecord {
  return {
    id: Number(row.id),
    questionId: Number(row.question_id),
    pollId: Number(pollId),
    text: row.text,
    ordinal: Number(row.ordinal),
    correct: Number(row.correct) === 1,
  };
}

/** A question's quiz columns as the record holds them. */
export function toQuizFields(row: {
  time_limit_seconds: number | null;
  started_at: number | null;
  ends_at: number | null;
  closed_at: number | null;
}) {
  const date = (ms: number | null) => (ms === null ? null : new Date(Number(ms)));
  return {
    timeLimitSeconds: row.time_limit_seconds === null ? null : Number(row.time_limit_seconds),
    startedAt: date(row.started_at),
    endsAt: date(row.ends_at),
    closedAt: date(row.closed_at),
  };
}

/** A scale question's settings from its columns; null for other types. */
export function toScale(row: {
  scale_max: number | null;
  scale_min_label: string | null;
  scale_max_label: string | null;
}): Scale | null {
  if (row.scale_max === null) return null;
  return {
    max: Number(row.scale_max) === 10 ? 10 : 5,
    minLabel: row.scale_min_label,
    maxLabel: row.scale_max_label,
  };
}

/** A number question's settings and quiz answer from their columns (issue 26); null for
 *  other types. */
export function toNumberFields(row: {
  number_min: number | null;
  number_max: number | null;
  number_decimals: number | null;
  number_unit: string | null;
  correct_value: number | null;
  tolerance: number | null;
}): Pick<QuestionRecord, 'number' | 'correctValue' | 'tolerance'> {
  const n = (value: number | null) => (value === null ? null : Number(value));
  return {
    number:
      row.number_min === null || row.number_max === null
        ? null
        : {
            min: Number(row.number_min),
            max: Number(row.number_max),
            decimals: Number(row.number_decimals ?? 0),
            unit: row.number_unit,
          },
    correctValue: n(row.correct_value),
    tolerance: n(row.tolerance),
  };
}

/** The columns of a number question's settings (all null for other types). */
export function numberColumns(number: NumberSettings | null | undefined) {
  return {
    number_min: number?.min ?? null,
    number_max: number?.max ?? null,
    number_decimals: number?.decimals ?? null,
    number_unit: number?.unit ?? null,
  };
}

/** The columns of a scale (all null for other types). */
export function scaleColumns(scale: Scale | null | undefined) {
  return {
    scale_max: scale?.max ?? null,
    scale_min_label: scale?.minLabel ?? null,
    scale_max_label: scale?.maxLabel ?? null,
  };
}

/** `case id when 7 then 2 … end`: each row's own increment in one statement. The casts tell
 *  PostgreSQL the parameters' types, which it cannot infer inside a CASE. The arms are padded
 *  to a power of two like the IN list beside them, so the SQL texts stay few (sql-shapes.ts). */
export function increments(byId: Map<number, number>) {
  const arms = padded([...byId]).map(([id, n]) => sql`when ${id} then cast(${n} as integer)`);
  return sql`(case id ${sql.join(arms, sql` `)} end)`;
}

/**
 * The poll's next updatedAt: now, or 1 ms past its current value if that is not earlier, so two
 * writes in the same millisecond still give clients a new value.
 */
export function bumpedUpdatedAt() {
  const now = Date.now();
  return sql<number>`case when updated_at >= ${now} then updated_at + 1 else ${now} end`;
}

export async function touchPoll(db: Db, pollId: number): Promise<void> {
  await db
    .updateTable('polls')
    .set({ updated_at: bumpedUpdatedAt() })
    .where('id', '=', pollId)
    .execute();
}

/** The columns questionsFromRows reads: a question's, and its options' (null for a question
 *  without options, under a left join of options as o to questions as q). */
export const QUESTION_COLUMNS = [
  'q.id as qid',
  'q.text as qtext',
  'q.type as qtype',
  'q.ordinal as qordinal',
  'q.results_hidden as qhidden',
  'q.scale_max',
  'q.scale_min_label',
  'q.scale_max_label',
  'q.number_min',
  'q.number_max',
  'q.number_decimals',
  'q.number_unit',
  'q.correct_value',
  'q.tolerance',
  'q.explanation',
  'q.time_limit_seconds',
  'q.started_at',
  'q.ends_at',
  'q.closed_at',
  'o.id as oid',
  'o.text as otext',
  'o.ordinal as oordinal',
  'o.correct as ocorrect',
] as const;

/** The poll's questions with options, in one statement so the read is consistent. */
export async function loadQuestions(db: Db, pollId: number): Promise<QuestionWithOptions[]> {
  const rows = await db
    .selectFrom('questions as q')
    .leftJoin('options as o', 'o.question_id', 'q.id')
    .select(QUESTION_COLUMNS)
    .where('q.poll_id', '=', pollId)
    .orderBy('q.ordinal')
    .orderBy('q.id')
    .orderBy('o.ordinal')
    .orderBy('o.id')
    .execute();
  return questionsFromRows(rows, pollId);
}

/** One row per option (or per question without any) with QUESTION_COLUMNS, ordered by question
 *  then option: the questions with their options. */
export function questionsFromRows(
  rows: readonly QuestionRow[],
  pollId: number,
): QuestionWithOptions[] {
  const questions: QuestionWithOptions[] = [];
  for (const row of rows) {
    const qid = Number(row.qid);
    let question = questions.at(-1);
    if (question?.id !== qid) {
      question = {
        id: qid,
        pollId,
        text: row.qtext,
        type: row.qtype as QuestionType,
        ordinal: Number(row.qordinal),
        resultsHidden: Number(row.qhidden) === 1,
        scale: toScale(row),
        ...toNumberFields(row),
        explanation: row.explanation,
        ...toQuizFields(row),
        options: [],
      };
      questions.push(question);
    }
    if (row.oid !== null && row.otext !== null && row.oordinal !== null) {
      question.options.push(
        toOption(
          {
            id: row.oid,
            question_id: qid,
            text: row.otext,
            ordinal: row.oordinal,
            correct: Number(row.ocorrect),
          },
          pollId,
        ),
      );
    }
  }
  return questions;
}

export async function loadQuestion(
  db: Db,
  questionId: number,
): Promise<QuestionWithOptions | undefined> {
  const q = await db
    .selectFrom('questions')
    .selectAll()
    .where('id', '=', questionId)
    .executeTakeFirst();
  if (!q) return undefined;
  const options = await db
    .selectFrom('options')
    .selectAll()
    .where('question_id', '=', questionId)
    .orderBy('ordinal')
    .orderBy('id')
    .execute();
  return {
    id: Number(q.id),
    pollId: Number(q.poll_id),
    text: q.text,
    type: q.type as QuestionType,
    ordinal: Number(q.ordinal),
    resultsHidden: Number(q.results_hidden) === 1,
    scale: toScale(q),
    ...toNumberFields(q),
    explanation: q.explanation,
    ...toQuizFields(q),
    options: options.map((o) => toOption(o, q.poll_id)),
  };
}

/** Inserts a question and its options; options without an ordinal are numbered in order. */
export async function insertQuestion(
  db: Db,
  pollId: number,
  input: NewQuestion,
  ordinal: number,
  hooks: Pick<EngineHooks, 'rowGroups'>,
): Promise<number> {
  const q = await db
    .insertInto('questions')
    .values({
      poll_id: pollId,
      text: input.text,
      type: input.type,
      ordinal,
      results_hidden: input.resultsHidden ? 1 : 0,
      time_limit_seconds: input.timeLimitSeconds ?? null,
      ...scaleColumns(input.scale),
      ...numberColumns(input.number),
      correct_value: input.correctValue ?? null,
      tolerance: input.tolerance ?? null,
      explanation: input.explanation ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const questionId = Number(q.id);
  const options = input.options.map((o, i) => ({
    question_id: questionId,
    text: o.text,
    ordinal: o.ordinal ?? i + 1,
    correct: o.correct ? 1 : 0,
  }));
  // SQLite: groups of power-of-two sizes, so the SQL texts stay few (sql-shapes.ts).
  for (const part of (hooks.rowGroups ?? rowChunks)(options)) {
    await db.insertInto('options').values(part).execute();
  }
  return questionId;
}

/**
 * Removes what a deleted option or question leaves behind: one-vote records whose answer has no
 * choice (nor open answer) left, so the participant may answer again, then ballots with no
 * choice and no open answer at all.
 */
export async function dropEmptyVotes(db: Db, pollId: number): Promise<void> {
  await db
    .deleteFrom('answered_questions')
    .where('ballot_id', 'in', (eb) =>
      eb.selectFrom('ballots').select('ballots.id').where('ballots.poll_id', '=', pollId),
    )
    .where(({ not, exists, selectFrom, and }) =>
      and([
        not(
          exists(
            selectFrom('choices')
              .select('choices.ballot_id')
              .whereRef('choices.ballot_id', '=', 'answered_questions.ballot_id')
              .whereRef('choices.question_id', '=', 'answered_questions.question_id'),
          ),
        ),
        not(
          exists(
            selectFrom('text_answers')
              .select('text_answers.ballot_id')
              .whereRef('text_answers.ballot_id', '=', 'answered_questions.ballot_id')
              .whereRef('text_answers.question_id', '=', 'answered_questions.question_id'),
          ),
        ),
      ]),
    )
    .execute();
  await db
    .deleteFrom('ballots')
    .where('poll_id', '=', pollId)
    .where(({ not, exists, selectFrom, and }) =>
      and([
        not(
          exists(
            selectFrom('choices')
              .select('choices.ballot_id')
              .whereRef('choices.ballot_id', '=', 'ballots.id'),
          ),
        ),
        not(
          exists(
            selectFrom('text_answers')
              .select('text_answers.ballot_id')
              .whereRef('text_answers.ballot_id', '=', 'ballots.id'),
          ),
        ),
      ]),
    )
    .execute();
}

/** The poll a question or option belongs to; undefined when it is gone. */
export async function pollIdOf(
  db: Db,
  owner: { questionId: number } | { optionId: number },
): Promise<number | undefined> {
  const row =
    'questionId' in owner
      ? await db
          .selectFrom('questions')
          .select('poll_id')
          .where('id', '=', owner.questionId)
          .executeTakeFirst()
      : await db
          .selectFrom('options as o')
          .innerJoin('questions as q', 'q.id', 'o.question_id')
          .select('q.poll_id')
          .where('o.id', '=', owner.optionId)
          .executeTakeFirst();
  return row && Number(row.poll_id);
}
