import type { Kysely } from 'kysely';
import type { AnswerState } from '../../contract/index.ts';
import type { Database } from './schema.ts';
import type { BallotPage, BallotRecord } from './store.ts';

/**
 * One page of a poll's ballots in the order they were stored, with the options each chose (a
 * ranking's with their places), its open answers and its numbers:
 * keyset pagination on the ballot id (the `ballots_poll` index, then the choices' primary key),
 * so every page costs the same however deep into a large poll it is.
 */
export async function listBallots(
  db: Kysely<Database>,
  pollId: number,
  page: BallotPage,
): Promise<BallotRecord[]> {
  const rows = await db
    .selectFrom('ballots')
    .select(['id', 'participant_id', 'created_at'])
    .where('poll_id', '=', pollId)
    .where('id', '>', page.afterId ?? 0)
    .orderBy('id')
    .limit(page.limit)
    .execute();
  if (rows.length === 0) return [];
  const ballots = new Map<number, BallotRecord>(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        participantId: r.participant_id,
        createdAt: new Date(Number(r.created_at)),
        choices: [],
        texts: [],
        values: [],
      },
    ]),
  );
  const choices = await db
    .selectFrom('choices')
    .select(['ballot_id', 'question_id', 'option_id', 'position'])
    .where('ballot_id', 'in', [...ballots.keys()])
    .orderBy('ballot_id')
    .orderBy('question_id')
    .orderBy('option_id')
    .execute();
  for (const c of choices) {
    ballots.get(Number(c.ballot_id))?.choices.push({
      questionId: Number(c.question_id),
      optionId: Number(c.option_id),
      ...(c.position === null ? {} : { position: Number(c.position) }),
    });
  }
  const values = await db
    .selectFrom('number_answers')
    .select(['ballot_id', 'question_id', 'value'])
    .where('ballot_id', 'in', [...ballots.keys()])
    .execute();
  for (const v of values) {
    ballots
      .get(Number(v.ballot_id))
      ?.values.push({ questionId: Number(v.question_id), value: Number(v.value) });
  }
  const texts = await db
    .selectFrom('text_answers')
    .select(['ballot_id', 'question_id', 'text', 'state'])
    .where('ballot_id', 'in', [...ballots.keys()])
    .orderBy('ballot_id')
    .orderBy('question_id')
    .execute();
  for (const t of texts) {
    ballots.get(Number(t.ballot_id))?.texts.push({
      questionId: Number(t.question_id),
      text: t.text,
      state: t.state as AnswerState,
    });
  }
  return [...ballots.values()];
}
