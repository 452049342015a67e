import type BetterSqlite3 from 'better-sqlite3';

/**
 * What the floor server (bench/floor-server.ts) stores per ballot, chosen by FLOOR_ROWS, to tell
 * how near the bare insert a ballot with fewer B-tree entries could get (issue 29). Bench-only:
 * `compact` and `minimal` make their own tables in the floor's temporary database; Sondeo's
 * schema is untouched. Every variant keeps the counters (the live results read them), enforces
 * one vote per question, and can be recounted exactly from its rows (`recount`).
 *
 * - current: Sondeo's rows today: the ballot, a choices row per chosen option, the participant's
 *   number, an answered_questions row per question (the one-vote rule under its primary key).
 * - compact: the ballot and the participant's number as today; one row per answered question,
 *   keyed (question, participant number), holding the ballot id and the chosen options as JSON:
 *   it is both the answer and the one-vote row. No choices, no answered_questions rows.
 * - minimal: one row per participant and poll, keyed (poll, participant id), holding every answer
 *   ({question: [options]}) as JSON; a later ballot of the same participant merges its questions
 *   into it after checking none was answered. No ballot row, no participant number.
 */
export type FloorRowsKind = 'current' | 'compact' | 'minimal';
export type Answer = { questionId: number; optionIds: number[] };
export type Ballot = { participant: string; answers: Answer[] };

export interface FloorRows {
  /** Each ballot's answers saved (0: refused, a question already answered), in one transaction. */
  writeBatch(batch: Ballot[]): number[];
  /** Rows stored (ballots, or participants' rows for `minimal`), and counters that disagree with
   *  a recount from the rows (0 when exact). */
  recount(): { stored: number; optionMismatches: number; questionMismatches: number };
}

/** How a variant stores one ballot; the caller counts the batch. `number` is only for the first
 *  two (the participant's number in poll_participants). */
type Writer = {
  /** The participant's row: fresh (first ballot in the poll) or known, with its number if any.
   *  Given the whole ballot so `minimal` can write a fresh participant's row in this one insert. */
  participant(ballot: Ballot, now: number): { fresh: boolean; number: number };
  answered(number: number, participant: string, answers: Answer[]): boolean;
  store(ballot: Ballot, number: number, fresh: boolean, now: number): void;
  recount: FloorRows['recount'];
};

export function floorRows(kind: FloorRowsKind, db: BetterSqlite3.Database, pollId: number) {
  const writer = { current, compact, minimal }[kind](db, pollId);
  const countOption = db.prepare('update options set vote_count = vote_count + ? where id = ?');
  const countQuestion = db.prepare(
    'update questions set respondent_count = respondent_count + ? where id = ?',
  );
  const countPoll = db.prepare(
    `update polls set ballot_count = ballot_count + ?, participant_count = participant_count + ?,
       updated_at = ? where id = ?`,
  );
  const writeBatch = db.transaction((batch: Ballot[]) => {
    const now = Date.now();
    const byOption = new Map<number, number>();
    const byQuestion = new Map<number, number>();
    let stored = 0;
    let added = 0;
    const saved: number[] = [];
    for (const ballot of batch) {
      const { fresh, number } = writer.participant(ballot, now);
      if (fresh) added++;
      else if (writer.answered(number, ballot.participant, ballot.answers)) {
        saved.push(0);
        continue;
      }
      writer.store(ballot, number, fresh, now);
      for (const a of ballot.answers) {
        for (const option of a.optionIds) byOption.set(option, (byOption.get(option) ?? 0) + 1);
        byQuestion.set(a.questionId, (byQuestion.get(a.questionId) ?? 0) + 1);
      }
      stored++;
      saved.push(ballot.answers.length);
    }
    for (const [id, n] of byOption) countOption.run(n, id);
    for (const [id, n] of byQuestion) countQuestion.run(n, id);
    if (stored > 0) countPoll.run(stored, added, now, pollId);
    return saved;
  });
  return { writeBatch, recount: writer.recount } satisfies FloorRows;
}

/** Counters against a recount: `votes` is (option_id, n) rows, `respondents` (question_id, n). */
function mismatches(
  db: BetterSqlite3.Database,
  stored: string,
  votes: string,
  respondents: string,
) {
  const row = db
    .prepare(
      `with votes as (${votes}), respondents as (${respondents})
       select (${stored}) as stored,
         (select count(*) from options o left join votes v on v.option_id = o.id
            where o.vote_count <> coalesce(v.n, 0)) as optionMismatches,
         (select count(*) from questions q left join respondents r on r.question_id = q.id
            where q.respondent_count <> coalesce(r.n, 0)) as questionMismatches`,
    )
    .get();
  return row as ReturnType<FloorRows['recount']>;
}

/** The participant's number in poll_participants (today's table), added on its first ballot. */
function numbered(db: BetterSqlite3.Database, pollId: number) {
  const add = db.prepare(
    `insert into poll_participants (poll_id, participant_id) values (?, ?)
       on conflict (poll_id, participant_id) do nothing returning id`,
  );
  const numberOf = db.prepare(
    'select id from poll_participants where poll_id = ? and participant_id = ?',
  );
  return ({ participant }: Ballot) => {
    const fresh = add.get(pollId, participant) as { id: number } | undefined;
    if (fresh) return { fresh: true, number: fresh.id };
    return { fresh: false, number: (numberOf.get(pollId, participant) as { id: number }).id };
  };
}

function insertBallotRow(db: BetterSqlite3.Database, pollId: number) {
  const insert = db.prepare(
    `insert into ballots (poll_id, participant_id, created_at, source, fresh_participant,
       participant_issued_at, seated) values (?, ?, ?, '', 0, null, 0)`,
  );
  return (participant: string, now: number) =>
    Number(insert.run(pollId, participant, now).lastInsertRowid);
}

function current(db: BetterSqlite3.Database, pollId: number): Writer {
  const insertBallot = insertBallotRow(db, pollId);
  const insertChoice = db.prepare(
    'insert into choices (ballot_id, question_id, option_id, position) values (?, ?, ?, null)',
  );
  const answeredOne = db.prepare(
    'select 1 from answered_questions where participant_number = ? and question_id = ?',
  );
  const insertAnswered = db.prepare(
    'insert into answered_questions (question_id, participant_number, ballot_id) values (?, ?, ?)',
  );
  return {
    participant: numbered(db, pollId),
    answered: (number, _participant, answers) =>
      answers.some((a) => answeredOne.get(number, a.questionId)),
    store({ participant, answers }, number, _fresh, now) {
      const ballotId = insertBallot(participant, now);
      for (const a of answers) {
        for (const option of a.optionIds) insertChoice.run(ballotId, a.questionId, option);
        insertAnswered.run(a.questionId, number, ballotId);
      }
    },
    recount: () =>
      mismatches(
        db,
        'select count(*) from ballots',
        'select option_id, count(*) as n from choices group by option_id',
        'select question_id, count(*) as n from answered_questions group by question_id',
      ),
  };
}

function compact(db: BetterSqlite3.Database, pollId: number): Writer {
  // The key leads with the question, so a question's tally or recount is one range of the
  // table; the one-vote check (question, participant number) is the same key.
  db.exec(`create table compact_answers (
    question_id integer not null references questions (id) on delete cascade,
    participant_number integer not null references poll_participants (id) on delete cascade,
    ballot_id integer not null references ballots (id) on delete cascade,
    option_ids text not null,
    primary key (question_id, participant_number)
  ) without rowid`);
  const insertBallot = insertBallotRow(db, pollId);
  const answeredOne = db.prepare(
    'select 1 from compact_answers where question_id = ? and participant_number = ?',
  );
  const insertAnswer = db.prepare(
    `insert into compact_answers (question_id, participant_number, ballot_id, option_ids)
       values (?, ?, ?, ?)`,
  );
  return {
    participant: numbered(db, pollId),
    answered: (number, _participant, answers) =>
      answers.some((a) => answeredOne.get(a.questionId, number)),
    store({ participant, answers }, number, _fresh, now) {
      const ballotId = insertBallot(participant, now);
      for (const a of answers) {
        insertAnswer.run(a.questionId, number, ballotId, JSON.stringify(a.optionIds));
      }
    },
    recount: () =>
      mismatches(
        db,
        'select count(*) from ballots',
        `select j.value as option_id, count(*) as n
           from compact_answers c, json_each(c.option_ids) j group by j.value`,
        'select question_id, count(*) as n from compact_answers group by question_id',
      ),
  };
}

function minimal(db: BetterSqlite3.Database, pollId: number): Writer {
  db.exec(`create table minimal_answers (
    poll_id integer not null references polls (id) on delete cascade,
    participant_id text not null,
    answers text not null,
    created_at integer not null,
    primary key (poll_id, participant_id)
  ) without rowid`);
  const insertRow = db.prepare(
    `insert into minimal_answers (poll_id, participant_id, answers, created_at)
       values (?, ?, ?, ?) on conflict (poll_id, participant_id) do nothing`,
  );
  const answersOf = db.prepare(
    'select answers from minimal_answers where poll_id = ? and participant_id = ?',
  );
  const setAnswers = db.prepare(
    'update minimal_answers set answers = ? where poll_id = ? and participant_id = ?',
  );
  const encode = (answers: Answer[], into: Record<string, number[]> = {}) => {
    for (const a of answers) into[a.questionId] = a.optionIds;
    return JSON.stringify(into);
  };
  const storedOf = (participant: string) =>
    JSON.parse((answersOf.get(pollId, participant) as { answers: string }).answers) as Record<
      string,
      number[]
    >;
  // A fresh participant's row is written whole by its one insert (the bench's every ballot); a
  // known one's is read, checked (no question answered twice) and rewritten with the new
  // questions merged in, inside the batch's transaction: the one-vote rule is this code's, not a
  // key's (on PostgreSQL it would need the row locked, SELECT … FOR UPDATE).
  return {
    participant: ({ participant, answers }, now) => ({
      fresh: insertRow.run(pollId, participant, encode(answers), now).changes === 1,
      number: 0,
    }),
    answered: (_number, participant, answers) => {
      const stored = storedOf(participant);
      return answers.some((a) => stored[a.questionId] !== undefined);
    },
    store({ participant, answers }, _number, fresh) {
      if (!fresh) setAnswers.run(encode(answers, storedOf(participant)), pollId, participant);
    },
    recount: () =>
      mismatches(
        db,
        'select count(*) from minimal_answers',
        `select o.value as option_id, count(*) as n
           from minimal_answers m, json_each(m.answers) q, json_each(q.value) o group by o.value`,
        `select cast(q.key as integer) as question_id, count(*) as n
           from minimal_answers m, json_each(m.answers) q group by q.key`,
      ),
  };
}
