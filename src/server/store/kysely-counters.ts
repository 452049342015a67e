import { type Kysely, sql } from 'kysely';
import { runCompiled } from './compiled-queries.ts';
import type { EngineHooks } from './engine-hooks.ts';
import { loadTextTally } from './kysely-moderation.ts';
import { recountParticipants } from './kysely-participants.ts';
import { type Db, increments } from './kysely-rows.ts';
import type { Database } from './schema.ts';
import { padded } from './sql-shapes.ts';
import type { TextTallySlice } from './store.ts';

/**
 * The vote counters of migration 002 (polls.ballot_count, questions.respondent_count,
 * options.vote_count). Every write that changes votes keeps them in its own transaction, so a
 * summary reads O(options) rows however many votes there are. Engine-neutral SQL only.
 */

/**
 * Counts stored ballots (one, or a batch sharing a transaction) and moves the poll's updatedAt,
 * as the last statements of their transaction: one UPDATE per table, however many ballots.
 * `newParticipants`: how many of the ballots' participants were new to the poll
 * (addParticipants, kysely-participants.ts, which counts each once). The engine's hooks split
 * the rows as it wants them.
 */
export async function countBallots(
  trx: Db,
  hooks: EngineHooks,
  pollId: number,
  ballots: { questionId: number; optionIds: number[] }[][],
  newParticipants: number,
): Promise<void> {
  const { byOption, byQuestion } = increasesOf(ballots);
  // PostgreSQL counts inside its batch's one data-modifying WITH (postgres-batch-folds.ts).
  // Each statement compiled once per shape (compiled-queries.ts): they run for every batch.
  for (const [table, counts] of [
    ['options', byOption],
    ['questions', byQuestion],
  ] as const) {
    if (counts.size === 0) continue;
    const arms = padded([...counts]);
    const keys = padded([...counts.keys()]);
    const column = table === 'options' ? 'vote_count' : 'respondent_count';
    await runCompiled(trx, hooks, `count:${table}:${arms.length}`, [...arms.flat(), ...keys], () =>
      trx
        .updateTable(table)
        .set({ [column]: sql<number>`${sql.ref(column)} + ${increments(counts)}` })
        .where('id', 'in', keys),
    );
  }
  const now = Date.now();
  const n = ballots.length;
  await runCompiled(trx, hooks, 'count:poll', [n, newParticipants, n, now, n, now, pollId], () =>
    trx
      .updateTable('polls')
      .set((eb) => ({
        ballot_count: eb('ballot_count', '+', n),
        participant_count: eb('participant_count', '+', newParticipants),
        updated_at: bumpedBy(n, now),
      }))
      .where('id', '=', pollId),
  );
}

/** What the ballots add to each option's and question's counter. A ballot names each question
 *  once and each option once (the domain checked), so +1 each. */
export function increasesOf(ballots: { questionId: number; optionIds: number[] }[][]): {
  byOption: Map<number, number>;
  byQuestion: Map<number, number>;
} {
  const byOption = new Map<number, number>();
  const byQuestion = new Map<number, number>();
  for (const answers of ballots) {
    for (const a of answers) {
      byQuestion.set(a.questionId, (byQuestion.get(a.questionId) ?? 0) + 1);
      for (const id of a.optionIds) byOption.set(id, (byOption.get(id) ?? 0) + 1);
    }
  }
  return { byOption, byQuestion };
}

/**
 * As bumpedUpdatedAt, once for each ballot: n ballots stored together move updatedAt at least
 * n ms, as n transactions would have.
 */
function bumpedBy(n: number, now = Date.now()) {
  return sql<number>`case when updated_at + ${n} > ${now} then updated_at + ${n} else ${now} end`;
}

/**
 * Counts the poll's votes again from the rows. For the rare writes whose effect on the counts is
 * not a simple increment (deleting an option or a question, reset): O(votes of the poll) once.
 */
export async function recountVotes(trx: Db, pollId: number): Promise<void> {
  await trx
    .updateTable('options')
    .set({
      vote_count: sql<number>`(select count(*) from choices where choices.option_id = options.id)`,
    })
    .where('question_id', 'in', (eb) =>
      eb.selectFrom('questions').select('questions.id').where('questions.poll_id', '=', pollId),
    )
    .execute();
  // A question has choices, open answers or numbers, never two of them; an open answer and a
  // number are one per ballot.
  await trx
    .updateTable('questions')
    .set({
      respondent_count: sql<number>`(select count(distinct ballot_id) from choices
        where choices.question_id = questions.id)
        + (select count(*) from text_answers where text_answers.question_id = questions.id)
        + (select count(*) from number_answers where number_answers.question_id = questions.id)`,
    })
    .where('poll_id', '=', pollId)
    .execute();
  // Who still has a ballot, counted once each (the ballots removed may have been someone's only).
  await recountParticipants(trx, pollId);
  await trx
    .updateTable('polls')
    .set({
      ballot_count: sql<number>`(select count(*) from ballots where ballots.poll_id = polls.id)`,
      participant_count: sql<number>`(select count(*) from poll_participants
        where poll_participants.poll_id = polls.id)`,
    })
    .where('id', '=', pollId)
    .execute();
}

/** Some open-text questions of the poll, from one snapshot: their counters, words, hidden
 *  words and newest answers (what getTally reads of them), so a first build can be read a few
 *  clouds at a time. Questions not in the poll, or not open-text, are left out. */
export async function getTextTally(
  db: Kysely<Database>,
  pollId: number,
  questionIds: readonly number[],
): Promise<TextTallySlice> {
  if (questionIds.length === 0) return { counts: [], texts: [] };
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const questions = await trx
        .selectFrom('questions')
        .select(['id', 'visible_answers', 'pending_answers'])
        .where('poll_id', '=', pollId)
        .where('type', '=', 'text')
        .where('id', 'in', [...questionIds])
        .orderBy('ordinal')
        .execute();
      return loadTextTally(
        trx,
        questions.map((q) => ({
          id: Number(q.id),
          visible: Number(q.visible_answers),
          pending: Number(q.pending_answers),
        })),
      );
    });
}
