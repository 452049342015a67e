import type { Kysely, Transaction } from 'kysely';
import { participantNumber } from './kysely-participants.ts';
import type { Database } from './schema.ts';

/**
 * Issue 24: a discard is undoable. Before a discard deletes a source's ballots, what goes with
 * them is copied into `set_aside` (one row per slice of ballots, as JSON): the ballots, their
 * choices, open answers and one-vote records, and the quiz's scored answers and players that
 * the discard takes off the standings. A restore puts them back with new ballot ids; the
 * caller recounts. Emptying, or deleting the poll, drops them for good.
 */

interface SetAsideBallot {
  participantId: string;
  createdAt: number;
  source: string;
  freshParticipant: number;
  participantIssuedAt: number | null;
  seated: number;
  /** A ranking's choices carry their place (issue 26). */
  choices: [questionId: number, optionId: number, position?: number][];
  /** Number answers (issue 26); absent from payloads set aside before them. */
  values?: [questionId: number, value: number][];
  texts: { questionId: number; text: string; words: string; state: string; createdAt: number }[];
  answered: number[];
}

interface SetAsidePayload {
  ballots: SetAsideBallot[];
  quizResults: { questionId: number; participantId: string; points: number; correct: number }[];
  quizPlayers: SetAsidePlayer[];
}

/** A player a discard took off the standings. */
export interface SetAsidePlayer {
  participantId: string;
  nickname: string;
  nicknameKey: string;
  /** The rule that made nicknameKey (migration 023); absent from payloads set aside before it,
   *  whose players the server re-keys after a restore (PollStore.rekeyNicknames). */
  keyVersion?: number;
  createdAt: number;
}

/** Ballots per row of set_aside: a few hundred KB of JSON at most. */
const SLICE = 500;

type Trx = Transaction<Database>;

/** Copies the ballots of `ballotIds` (all of one source) aside, before they are deleted. */
export async function setAsideBallots(
  trx: Trx,
  pollId: number,
  source: string,
  ballotIds: readonly number[],
  now: number,
): Promise<void> {
  for (let i = 0; i < ballotIds.length; i += SLICE) {
    const ids = ballotIds.slice(i, i + SLICE);
    const ballots = ids.length
      ? await trx.selectFrom('ballots').selectAll().where('id', 'in', ids).execute()
      : [];
    const choices = ids.length
      ? await trx.selectFrom('choices').selectAll().where('ballot_id', 'in', ids).execute()
      : [];
    const texts = ids.length
      ? await trx.selectFrom('text_answers').selectAll().where('ballot_id', 'in', ids).execute()
      : [];
    const values = ids.length
      ? await trx.selectFrom('number_answers').selectAll().where('ballot_id', 'in', ids).execute()
      : [];
    const answered = ids.length
      ? await trx
          .selectFrom('answered_questions')
          .select(['ballot_id', 'question_id'])
          .where('ballot_id', 'in', ids)
          .execute()
      : [];
    const payload: SetAsidePayload = {
      ballots: ballots.map((b) => ({
        participantId: b.participant_id,
        createdAt: Number(b.created_at),
        source: b.source,
        freshParticipant: Number(b.fresh_participant),
        participantIssuedAt:
          b.participant_issued_at === null ? null : Number(b.participant_issued_at),
        seated: Number(b.seated),
        choices: choices
          .filter((c) => Number(c.ballot_id) === Number(b.id))
          .map((c): SetAsideBallot['choices'][number] =>
            c.position === null
              ? [Number(c.question_id), Number(c.option_id)]
              : [Number(c.question_id), Number(c.option_id), Number(c.position)],
          ),
        values: values
          .filter((v) => Number(v.ballot_id) === Number(b.id))
          .map((v) => [Number(v.question_id), Number(v.value)]),
        texts: texts
          .filter((t) => Number(t.ballot_id) === Number(b.id))
          .map((t) => ({
            questionId: Number(t.question_id),
            text: t.text,
            words: t.words,
            state: t.state,
            createdAt: Number(t.created_at),
          })),
        answered: answered
          .filter((a) => Number(a.ballot_id) === Number(b.id))
          .map((a) => Number(a.question_id)),
      })),
      quizResults: [],
      quizPlayers: [],
    };
    await trx
      .insertInto('set_aside')
      .values({
        poll_id: pollId,
        source,
        ballots: ballots.length,
        payload: JSON.stringify(payload),
        created_at: now,
      })
      .execute();
  }
}

/** The quiz rows a discard of `source` took off the standings, set aside beside its ballots. */
export async function setAsideQuiz(
  trx: Trx,
  pollId: number,
  source: string,
  results: SetAsidePayload['quizResults'],
  players: SetAsidePayload['quizPlayers'],
  now: number,
): Promise<void> {
  if (results.length === 0 && players.length === 0) return;
  const payload: SetAsidePayload = { ballots: [], quizResults: results, quizPlayers: players };
  await trx
    .insertInto('set_aside')
    .values({
      poll_id: pollId,
      source,
      ballots: 0,
      payload: JSON.stringify(payload),
      created_at: now,
    })
    .execute();
}

/** Ballots set aside in the poll (for one source, or all). */
export async function setAsideCount(
  db: Kysely<Database> | Trx,
  pollId: number,
  source?: string,
): Promise<number> {
  let query = db
    .selectFrom('set_aside')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('ballots'), eb.lit(0)).as('n'))
    .where('poll_id', '=', pollId);
  if (source !== undefined) query = query.where('source', '=', source);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

/**
 * Puts back what was set aside (one source, or all) and drops it from set_aside. Answers the
 * ballots restored. A choice of a question or option deleted since is left out; a ballot left
 * with nothing is not restored. One-vote records and quiz rows that meanwhile exist again (the
 * person voted anew) are kept as they are.
 */
export async function restoreSetAside(
  trx: Trx,
  pollId: number,
  source: string | undefined,
): Promise<number> {
  let query = trx.selectFrom('set_aside').select('payload').where('poll_id', '=', pollId);
  if (source !== undefined) query = query.where('source', '=', source);
  const rows = await query.execute();
  if (rows.length === 0) return 0;
  const options = await trx
    .selectFrom('options as o')
    .innerJoin('questions as q', 'q.id', 'o.question_id')
    .select(['o.id', 'o.question_id'])
    .where('q.poll_id', '=', pollId)
    .execute();
  const optionOf = new Set(options.map((o) => `${o.question_id}:${o.id}`));
  const questionIds = new Set(options.map((o) => Number(o.question_id)));
  const textQuestions = await trx
    .selectFrom('questions')
    .select('id')
    .where('poll_id', '=', pollId)
    .execute();
  for (const q of textQuestions) questionIds.add(Number(q.id));
  let restored = 0;
  for (const row of rows) {
    const payload = JSON.parse(row.payload) as SetAsidePayload;
    for (const b of payload.ballots) {
      const choices = b.choices.filter(([q, o]) => optionOf.has(`${q}:${o}`));
      const texts = b.texts.filter((t) => questionIds.has(t.questionId));
      const values = (b.values ?? []).filter(([q]) => questionIds.has(q));
      if (choices.length === 0 && texts.length === 0 && values.length === 0) continue;
      const inserted = await trx
        .insertInto('ballots')
        .values({
          poll_id: pollId,
          participant_id: b.participantId,
          created_at: b.createdAt,
          source: b.source,
          fresh_participant: b.freshParticipant,
          participant_issued_at: b.participantIssuedAt,
          seated: b.seated,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ballotId = Number(inserted.id);
      restored++;
      if (choices.length) {
        await trx
          .insertInto('choices')
          .values(
            choices.map(([q, o, position]) => ({
              ballot_id: ballotId,
              question_id: q,
              option_id: o,
              position: position ?? null,
            })),
          )
          .execute();
      }
      if (values.length) {
        await trx
          .insertInto('number_answers')
          .values(values.map(([q, value]) => ({ ballot_id: ballotId, question_id: q, value })))
          .execute();
      }
      for (const t of texts) {
        await trx
          .insertInto('text_answers')
          .values({
            poll_id: pollId,
            question_id: t.questionId,
            ballot_id: ballotId,
            text: t.text,
            words: t.words,
            state: t.state,
            created_at: t.createdAt,
          })
          .execute();
      }
      const answered = b.answered.filter((id) => questionIds.has(id));
      // The participant's number, again if a recount dropped it with their last ballot.
      const number = answered.length ? await participantNumber(trx, pollId, b.participantId) : 0;
      for (const q of answered) {
        await trx
          .insertInto('answered_questions')
          .values({ question_id: q, participant_number: number, ballot_id: ballotId })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    }
    for (const p of payload.quizPlayers) {
      await trx
        .insertInto('quiz_players')
        .values({
          poll_id: pollId,
          participant_id: p.participantId,
          nickname: p.nickname,
          nickname_key: p.nicknameKey,
          key_version: p.keyVersion ?? 0,
          created_at: p.createdAt,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    for (const r of payload.quizResults.filter((r) => questionIds.has(r.questionId))) {
      await trx
        .insertInto('quiz_results')
        .values({
          question_id: r.questionId,
          poll_id: pollId,
          participant_id: r.participantId,
          points: r.points,
          correct: r.correct,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
  let drop = trx.deleteFrom('set_aside').where('poll_id', '=', pollId);
  if (source !== undefined) drop = drop.where('source', '=', source);
  await drop.execute();
  return restored;
}

/** Drops what was set aside for good; answers the ballots dropped. */
export async function emptySetAside(trx: Trx, pollId: number): Promise<number> {
  const count = await setAsideCount(trx, pollId);
  await trx.deleteFrom('set_aside').where('poll_id', '=', pollId).execute();
  return count;
}
