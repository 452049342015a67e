import type { Kysely, Transaction } from 'kysely';
import type { QuestionType, Scale } from '../../contract/index.ts';
import type { EngineHooks } from './engine-hooks.ts';
import { recountVotes } from './kysely-counters.ts';
import { setOptionCorrect } from './kysely-quiz.ts';
import {
  type Db,
  dropEmptyVotes,
  insertQuestion,
  loadQuestion,
  loadQuestions,
  numberColumns,
  pollIdOf,
  scaleColumns,
  toNumberFields,
  toOption,
  toQuizFields,
  toScale,
  touchPoll,
} from './kysely-rows.ts';
import type { Database } from './schema.ts';
import {
  type NewQuestion,
  type OptionRecord,
  type QuestionChanges,
  type QuestionRecord,
  type QuestionWithOptions,
  scaleValueOptions,
} from './store.ts';

/** Questions and options: the host's edits (split from kysely-store.ts). Engine-neutral SQL. */

/** Takes the lock of the poll a question or option belongs to; undefined when it is gone. */
async function lockPollOf(
  trx: Transaction<Database>,
  hooks: EngineHooks,
  owner: { questionId: number } | { optionId: number },
): Promise<number | undefined> {
  const pollId = await pollIdOf(trx, owner);
  if (pollId !== undefined) await hooks.lockPoll?.(trx, pollId);
  return pollId;
}

export async function getQuestion(db: Db, questionId: number): Promise<QuestionRecord | undefined> {
  const q = await db
    .selectFrom('questions')
    .selectAll()
    .where('id', '=', questionId)
    .executeTakeFirst();
  return (
    q && {
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
    }
  );
}

export function addQuestion(
  db: Kysely<Database>,
  hooks: EngineHooks,
  pollId: number,
  input: NewQuestion,
): Promise<QuestionWithOptions> {
  return db.transaction().execute(async (trx) => {
    await hooks.lockPoll?.(trx, pollId);
    let ordinal = input.ordinal;
    if (ordinal === undefined) {
      const { n } = await trx
        .selectFrom('questions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('poll_id', '=', pollId)
        .executeTakeFirstOrThrow();
      ordinal = Number(n) + 1;
    }
    const id = await insertQuestion(trx, pollId, input, ordinal, hooks);
    await touchPoll(trx, pollId);
    return (await loadQuestion(trx, id))!;
  });
}

export function updateQuestion(
  db: Kysely<Database>,
  hooks: EngineHooks,
  questionId: number,
  changes: QuestionChanges,
): Promise<QuestionWithOptions | undefined> {
  return db.transaction().execute(async (trx) => {
    if ((await lockPollOf(trx, hooks, { questionId })) === undefined) return undefined;
    const row = await trx
      .updateTable('questions')
      .set({
        text: changes.text,
        ordinal: changes.ordinal,
        results_hidden: changes.resultsHidden === undefined ? undefined : +changes.resultsHidden,
        time_limit_seconds: changes.timeLimitSeconds,
        ...(changes.scale && scaleColumns(changes.scale)),
        ...(changes.number && numberColumns(changes.number)),
        correct_value: changes.correctValue,
        tolerance: changes.tolerance,
        explanation: changes.explanation,
      })
      .where('id', '=', questionId)
      .returning('poll_id')
      .executeTakeFirst();
    if (!row) return undefined;
    if (changes.scale) await setScaleValues(trx, questionId, row.poll_id, changes.scale);
    await touchPoll(trx, row.poll_id);
    return loadQuestion(trx, questionId);
  });
}

/**
 * A scale's values are its options 1..max (ordinal = value): a new maximum adds the missing
 * ones, or deletes those above it with their choices (those answers are gone; a participant may
 * answer again), and the counters are counted again.
 */
async function setScaleValues(trx: Db, questionId: number, pollId: number, scale: Scale) {
  const options = await trx
    .selectFrom('options')
    .select(['id', 'ordinal'])
    .where('question_id', '=', questionId)
    .execute();
  const have = new Set(options.map((o) => Number(o.ordinal)));
  const missing = scaleValueOptions(scale.max).filter((o) => !have.has(o.ordinal));
  if (missing.length > 0) {
    await trx
      .insertInto('options')
      .values(missing.map((o) => ({ question_id: questionId, ...o })))
      .execute();
  }
  const extra = options.filter((o) => Number(o.ordinal) > scale.max).map((o) => Number(o.id));
  if (extra.length > 0) {
    await trx.deleteFrom('options').where('id', 'in', extra).execute();
    await dropEmptyVotes(trx, pollId);
    await recountVotes(trx, pollId);
  }
}

export function deleteQuestion(
  db: Kysely<Database>,
  hooks: EngineHooks,
  questionId: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if ((await lockPollOf(trx, hooks, { questionId })) === undefined) return false;
    // Its options, choices, open answers and words go with it (ON DELETE CASCADE).
    const row = await trx
      .deleteFrom('questions')
      .where('id', '=', questionId)
      .returning('poll_id')
      .executeTakeFirst();
    if (!row) return false;
    await dropEmptyVotes(trx, row.poll_id);
    await recountVotes(trx, row.poll_id);
    await touchPoll(trx, row.poll_id);
    return true;
  });
}

export function reorderQuestions(
  db: Kysely<Database>,
  hooks: EngineHooks,
  pollId: number,
  orderedIds: number[],
): Promise<QuestionWithOptions[]> {
  return db.transaction().execute(async (trx) => {
    await hooks.lockPoll?.(trx, pollId);
    for (const [i, id] of orderedIds.entries()) {
      await trx
        .updateTable('questions')
        .set({ ordinal: i + 1 })
        .where('id', '=', id)
        .where('poll_id', '=', pollId)
        .execute();
    }
    await touchPoll(trx, pollId);
    return loadQuestions(trx, pollId);
  });
}

export async function getOption(db: Db, optionId: number): Promise<OptionRecord | undefined> {
  const row = await db
    .selectFrom('options as o')
    .innerJoin('questions as q', 'q.id', 'o.question_id')
    .select(['o.id', 'o.question_id', 'o.text', 'o.ordinal', 'o.correct', 'q.poll_id'])
    .where('o.id', '=', optionId)
    .executeTakeFirst();
  return row && toOption(row, row.poll_id);
}

export function addOption(
  db: Kysely<Database>,
  hooks: EngineHooks,
  questionId: number,
  input: { text: string; ordinal?: number; correct?: boolean },
): Promise<OptionRecord | undefined> {
  return db.transaction().execute(async (trx) => {
    const pollId = await lockPollOf(trx, hooks, { questionId });
    if (pollId === undefined) return undefined;
    let ordinal = input.ordinal;
    if (ordinal === undefined) {
      const { max } = await trx
        .selectFrom('options')
        .select((eb) => eb.fn.max('ordinal').as('max'))
        .where('question_id', '=', questionId)
        .executeTakeFirstOrThrow();
      ordinal = Number(max ?? 0) + 1;
    }
    const row = await trx
      .insertInto('options')
      .values({ question_id: questionId, text: input.text, ordinal })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (input.correct) {
      const q = await trx
        .selectFrom('questions')
        .select('type')
        .where('id', '=', questionId)
        .executeTakeFirstOrThrow();
      await setOptionCorrect(trx, { id: Number(row.id), questionId }, q.type, true);
      row.correct = 1;
    }
    await touchPoll(trx, pollId);
    return toOption(row, pollId);
  });
}

export function updateOption(
  db: Kysely<Database>,
  hooks: EngineHooks,
  optionId: number,
  changes: { text?: string; ordinal?: number; correct?: boolean },
): Promise<OptionRecord | undefined> {
  return db.transaction().execute(async (trx) => {
    if ((await lockPollOf(trx, hooks, { optionId })) === undefined) return undefined;
    if (changes.text !== undefined || changes.ordinal !== undefined) {
      await trx
        .updateTable('options')
        .set({ text: changes.text, ordinal: changes.ordinal })
        .where('id', '=', optionId)
        .execute();
    }
    const row = await trx
      .selectFrom('options')
      .selectAll()
      .where('id', '=', optionId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { poll_id, type } = await trx
      .selectFrom('questions')
      .select(['poll_id', 'type'])
      .where('id', '=', row.question_id)
      .executeTakeFirstOrThrow();
    if (changes.correct !== undefined) {
      await setOptionCorrect(
        trx,
        { id: optionId, questionId: row.question_id },
        type,
        changes.correct,
      );
      row.correct = changes.correct ? 1 : 0;
    }
    await touchPoll(trx, poll_id);
    return toOption(row, poll_id);
  });
}

export function deleteOption(
  db: Kysely<Database>,
  hooks: EngineHooks,
  optionId: number,
): Promise<'deleted' | 'last-option' | 'not-found'> {
  return db.transaction().execute(async (trx) => {
    if ((await lockPollOf(trx, hooks, { optionId })) === undefined) return 'not-found' as const;
    const option = await trx
      .selectFrom('options as o')
      .innerJoin('questions as q', 'q.id', 'o.question_id')
      .select(['o.question_id', 'q.poll_id'])
      .where('o.id', '=', optionId)
      .executeTakeFirst();
    if (!option) return 'not-found' as const;
    const { n } = await trx
      .selectFrom('options')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('question_id', '=', option.question_id)
      .executeTakeFirstOrThrow();
    if (Number(n) <= 1) return 'last-option' as const;
    await trx.deleteFrom('options').where('id', '=', optionId).execute();
    await dropEmptyVotes(trx, option.poll_id);
    await recountVotes(trx, option.poll_id);
    await touchPoll(trx, option.poll_id);
    return 'deleted' as const;
  });
}
