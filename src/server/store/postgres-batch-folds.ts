import { CompiledQuery } from 'kysely';
import type { Db } from './kysely-rows.ts';
import { prepared } from './prepared-texts.ts';
import type { Database } from './schema.ts';

/**
 * A PostgreSQL ballot batch in fewer round trips (issue 29). Each statement of a batch is a round
 * trip under the poll's row lock: a wake-up of the instance and of its backend, and time the
 * other instances' batches wait for the lock. With N instances batches get smaller (63, 46 and
 * 33 ballots with 1, 2 and 3), so these fixed costs per batch weigh more per ballot: on this
 * 2-core VM a profile put the pg client's socket writes alone at ~150–190 µs per statement.
 * A batch was 9 statements (BEGIN, the poll's locking read, the options, the one-vote pairs,
 * the ballots, choices, one-vote rows, counters, COMMIT; 11 with Idempotency-Keys); with these
 * it is 5: BEGIN, the locking read, what the ballots are judged against together with ids for
 * them (readJudgeRows), everything the batch writes (writeBatch), COMMIT.
 *
 * The locking read stays a statement of its own: in READ COMMITTED a statement that waited for
 * the lock still sees the other tables as of its start, so the options read with it could miss
 * an edit committed meanwhile; read by the next statement they are as of the lock.
 */

export interface JudgeRows {
  /** The poll's questions, with each of their options (oid null: a question without). */
  options: { qid: number; type: string; number_min: number | null; oid: number | null }[];
  /** (question, participant) pairs of the poll already answered, among those asked. */
  answered: { question_id: number; participant_id: string }[];
  /** Idempotency-Keys of the poll among those asked. */
  keys: { key: string; ballot_hash: string; response: string; created_at: number }[];
  /** Ballot ids taken from the table's sequence, one per ballot of the batch, ascending: the
   *  ballots are then inserted with the rest in one statement (writeBatch). Those of refused
   *  ballots are left unused, a gap like a rolled-back insert's. */
  ids: number[];
}

/**
 * The three reads in one text, rows told apart by `k`; unused columns are null. The voters'
 * numbers are looked up one id at a time (a LATERAL with LIMIT, which the planner cannot fold
 * into a join): one probe of the unique (poll, participant id) index each, whatever the
 * statistics. As `participant_id = any($2)`, a schema not yet analysed (a new database, until
 * autovacuum's first pass) was planned as a scan of all the poll's participants: 7–12 ms per
 * batch at 6,000 (bench/RESULTS.md, pgwrite).
 */
const JUDGE_TEXT = prepared(`select 'o' as k, q.id as a, o.id as b, q.type as s, q.number_min as x,
    null::text as t, null::text as r, null::bigint as at
    from questions q left join options o on o.question_id = q.id where q.poll_id = $1::integer
  union all
  select 'a', a.question_id, null, v.participant_id, null, null, null, null
    from unnest($2::varchar[]) as v(participant_id)
    cross join lateral (select p.id from poll_participants p
      where p.poll_id = $1::integer and p.participant_id = v.participant_id limit 1) p
    join answered_questions a on a.participant_number = p.id
    where a.question_id in (select id from questions where poll_id = $1::integer)
  union all
  select 'k', null, null, i.key, null, i.ballot_hash, i.response, i.created_at
    from idempotency_keys i where i.poll_id = $1::integer and i.key = any($3::varchar[])
  union all
  select 'i', nextval(pg_get_serial_sequence('ballots', 'id'))::integer, null, null, null, null,
    null, null from generate_series(1, $4::integer)`);

interface JudgeRow {
  k: 'o' | 'a' | 'k' | 'i';
  a: number | null;
  b: number | null;
  s: string | null;
  x: number | null;
  t: string | null;
  r: string | null;
  at: string | number | null;
}

/** What a batch is judged against, once the poll's lock is held: one round trip. */
export async function readJudgeRows(
  trx: Db,
  pollId: number,
  voters: readonly string[],
  keys: readonly string[],
  ballots: number,
): Promise<JudgeRows> {
  const { rows } = await trx.executeQuery<JudgeRow>(
    CompiledQuery.raw(JUDGE_TEXT, [pollId, voters, keys, ballots]),
  );
  const out: JudgeRows = { options: [], answered: [], keys: [], ids: [] };
  for (const row of rows) {
    if (row.k === 'o') {
      out.options.push({ qid: row.a!, type: row.s!, number_min: row.x, oid: row.b });
    } else if (row.k === 'i') {
      out.ids.push(row.a!);
    } else if (row.k === 'a') {
      out.answered.push({ question_id: row.a!, participant_id: row.s! });
    } else {
      out.keys.push({
        key: row.s!,
        ballot_hash: row.t!,
        response: row.r!,
        created_at: Number(row.at),
      });
    }
  }
  out.ids.sort((x, y) => x - y);
  return out;
}

/**
 * The batch's ballots (with the ids readJudgeRows took), choices, one-vote rows and Idempotency-Keys, its new participants and every
 * counter, in one statement (each part of a data-modifying WITH runs once, to completion, even
 * unreferenced). The one-vote rows take their participants' numbers (migration 024) from the
 * participants inserted here (RETURNING: the statement's snapshot does not show them) or
 * those already there (a scalar subquery: run only for a voter not inserted here, as one probe
 * of the unique index, however the table's statistics stand); a participant that neither gives (another transaction's row, committed
 * after this statement began, which the poll's lock rules out) leaves a null that fails the
 * statement, and so the batch, which is then retried ballot by ballot. The same rows and counts as the separate statements; a one-vote primary key
 * violation fails the statement, and so the batch, as before (it is then retried ballot by
 * ballot). Columns as in postgres-batch-sql.ts's COLUMN_TYPES.
 */
const WRITE_TEXT = prepared(`with new_participants as (
    insert into poll_participants (poll_id, participant_id)
    select $1::integer, p from unnest($2::varchar[]) as p
    on conflict (poll_id, participant_id) do nothing returning id, participant_id),
  counted_options as (update options o set vote_count = o.vote_count + d.n
    from unnest($3::integer[], $4::integer[]) as d(id, n) where o.id = d.id),
  counted_questions as (update questions q set respondent_count = q.respondent_count + d.n
    from unnest($5::integer[], $6::integer[]) as d(id, n) where q.id = d.id),
  new_ballots as (insert into ballots (id, poll_id, participant_id, created_at, source,
      fresh_participant, participant_issued_at, seated)
    select b.id, $1::integer, b.participant_id, b.created_at, b.source, b.fresh_participant,
      b.participant_issued_at, b.seated
    from unnest($20::integer[], $21::varchar[], $22::bigint[], $23::varchar[], $24::integer[],
      $25::bigint[], $26::integer[]) as b(id, participant_id, created_at, source,
      fresh_participant, participant_issued_at, seated)),
  new_choices as (insert into choices (ballot_id, question_id, option_id, position)
    select * from unnest($9::integer[], $10::integer[], $11::integer[], $12::integer[])),
  new_answered as (insert into answered_questions (question_id, participant_number, ballot_id)
    select d.question_id, coalesce(n.id, (select o.id from poll_participants o
        where o.poll_id = $1::integer and o.participant_id = d.participant_id)), d.ballot_id
    from unnest($13::integer[], $14::varchar[], $15::integer[])
      as d(question_id, participant_id, ballot_id)
    left join new_participants n on n.participant_id = d.participant_id),
  new_keys as (insert into idempotency_keys (poll_id, key, ballot_hash, response, created_at)
    select $1::integer, * from unnest($16::varchar[], $17::varchar[], $18::text[], $19::bigint[]))
  update polls set ballot_count = ballot_count + $7::integer,
    participant_count = participant_count + (select count(*) from new_participants),
    updated_at = case when updated_at + $7::integer > $8::bigint
      then updated_at + $7::integer else $8::bigint end
  where id = $1::integer`);

/** A one-vote row as the batch builds it: by participant id, numbered when stored. */
export interface OneVoteRow {
  question_id: number;
  participant_id: string;
  ballot_id: number;
}

export interface BallotRow {
  id: number;
  participant_id: string;
  created_at: number;
  source: string;
  fresh_participant: number;
  participant_issued_at: number | null;
  seated: number;
}

export interface BatchWrites {
  /** The ballots' rows, ids included (poll_id is the batch's). */
  ballots: readonly BallotRow[];
  /** Distinct participant ids of the stored ballots. */
  participants: readonly string[];
  byOption: Map<number, number>;
  byQuestion: Map<number, number>;
  choices: readonly Database['choices'][];
  answered: readonly OneVoteRow[];
  keys: readonly Database['idempotency_keys'][];
}

export async function writeBatch(trx: Db, pollId: number, w: BatchWrites): Promise<void> {
  const col = <T, K extends keyof T>(rows: readonly T[], k: K) => rows.map((r) => r[k]);
  await trx.executeQuery(
    CompiledQuery.raw(WRITE_TEXT, [
      pollId,
      w.participants,
      [...w.byOption.keys()],
      [...w.byOption.values()],
      [...w.byQuestion.keys()],
      [...w.byQuestion.values()],
      w.ballots.length,
      // As bumpedBy (kysely-counters.ts): n ballots move updatedAt at least n ms.
      Date.now(),
      col(w.choices, 'ballot_id'),
      col(w.choices, 'question_id'),
      col(w.choices, 'option_id'),
      col(w.choices, 'position'),
      col(w.answered, 'question_id'),
      col(w.answered, 'participant_id'),
      col(w.answered, 'ballot_id'),
      col(w.keys, 'key'),
      col(w.keys, 'ballot_hash'),
      col(w.keys, 'response'),
      col(w.keys, 'created_at'),
      col(w.ballots, 'id'),
      col(w.ballots, 'participant_id'),
      col(w.ballots, 'created_at'),
      col(w.ballots, 'source'),
      col(w.ballots, 'fresh_participant'),
      col(w.ballots, 'participant_issued_at'),
      col(w.ballots, 'seated'),
    ]),
  );
}
