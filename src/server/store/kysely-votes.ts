import type { Kysely } from 'kysely';
import type { EngineHooks } from './engine-hooks.ts';
import { recountVotes } from './kysely-counters.ts';
import { resetQuiz } from './kysely-quiz.ts';
import { type Db, touchPoll } from './kysely-rows.ts';
import { recountText, recountTextTruth } from './kysely-text.ts';
import { castBatch } from './kysely-vote-batch.ts';
import type { Database } from './schema.ts';
import type { CastVoteInput, CastVoteResult, VoteCounts } from './store.ts';

/**
 * Stores a ballot in one transaction (the single-ballot path; kysely-vote-batch.ts stores ballots
 * arriving together in one, and falls back to this), judged by the same code as a batch of one.
 * It starts by taking the poll's lock (EngineHooks.lockPoll), so the checks see every ballot
 * committed before it and none can slip in before its own commit: two copies of one retry, or one participant's two ballots, go one after the other on
 * any number of instances. The UNIQUE constraints stay the last word on the rules: a violation
 * (a writer that skipped the lock) rolls back and the ballot is judged again, which then sees the
 * winner's committed rows and replays or refuses.
 */
export async function castVote(
  db: Kysely<Database>,
  input: CastVoteInput,
  hooks: EngineHooks,
  maxWords: number,
): Promise<CastVoteResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        // castBatch takes the poll's lock with its first read (hooks.lockingRead).
        const [result] = await castBatch(trx, input.pollId, [input], hooks, maxWords);
        return result!;
      });
    } catch (error) {
      if (attempt < 3 && hooks.isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

export async function getVoteCounts(db: Kysely<Database>, pollId: number): Promise<VoteCounts> {
  // One snapshot so the three counts describe the same moment: PostgreSQL's default isolation
  // takes a new one per statement; a SQLite transaction reads one snapshot already.
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx: Db) => {
      const { n } = await trx
        .selectFrom('ballots')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('poll_id', '=', pollId)
        .executeTakeFirstOrThrow();
      const byOption = await trx
        .selectFrom('choices as c')
        .innerJoin('questions as q', 'q.id', 'c.question_id')
        .select(['c.option_id', (eb) => eb.fn.countAll().as('n')])
        .where('q.poll_id', '=', pollId)
        .groupBy('c.option_id')
        .execute();
      const byQuestion = await trx
        .selectFrom('choices as c')
        .innerJoin('questions as q', 'q.id', 'c.question_id')
        .select(['c.question_id', (eb) => eb.fn.count('c.ballot_id').distinct().as('n')])
        .where('q.poll_id', '=', pollId)
        .groupBy('c.question_id')
        .execute();
      // Open answers: one per ballot and question.
      const byTextQuestion = await trx
        .selectFrom('text_answers as t')
        .innerJoin('questions as q', 'q.id', 't.question_id')
        .select(['t.question_id', (eb) => eb.fn.count('t.ballot_id').distinct().as('n')])
        .where('q.poll_id', '=', pollId)
        .groupBy('t.question_id')
        .execute();
      // Numbers (issue 26): one per ballot and question.
      const byNumberQuestion = await trx
        .selectFrom('number_answers as v')
        .innerJoin('questions as q', 'q.id', 'v.question_id')
        .select(['v.question_id', (eb) => eb.fn.count('v.ballot_id').distinct().as('n')])
        .where('q.poll_id', '=', pollId)
        .groupBy('v.question_id')
        .execute();
      return {
        ballots: Number(n),
        optionCounts: byOption.map((r) => ({ optionId: Number(r.option_id), count: Number(r.n) })),
        respondents: [...byQuestion, ...byTextQuestion, ...byNumberQuestion].map((r) => ({
          questionId: Number(r.question_id),
          count: Number(r.n),
        })),
        texts: await recountTextTruth(trx, pollId),
      };
    });
}

export async function resetVotes(
  db: Kysely<Database>,
  pollId: number,
  hooks: EngineHooks,
  maxWords: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await hooks.lockPoll?.(trx, pollId);
    return emptyCurrentRun(trx, pollId, maxWords);
  });
}

/**
 * The reset itself, inside the caller's transaction under the poll's lock: the poll's ballots
 * go and a new run starts (a reset, and a new round after archiving the last: kysely-rounds.ts).
 */
export async function emptyCurrentRun(trx: Db, pollId: number, maxWords: number): Promise<number> {
  {
    // Choices, open answers and one-vote records go with their ballots (ON DELETE CASCADE).
    const result = await trx.deleteFrom('ballots').where('poll_id', '=', pollId).executeTakeFirst();
    await trx.deleteFrom('idempotency_keys').where('poll_id', '=', pollId).execute();
    // A discard's ballots belong to the run that ended: restored into the new one they would
    // count last run's votes again, so the reset empties them too.
    await trx.deleteFrom('set_aside').where('poll_id', '=', pollId).execute();
    // The clouds start empty; the words the host hid stay hidden (a setting of the question).
    await trx
      .deleteFrom('text_words')
      .where('question_id', 'in', (eb) =>
        eb.selectFrom('questions').select('questions.id').where('questions.poll_id', '=', pollId),
      )
      .execute();
    await resetQuiz(trx, pollId);
    await recountVotes(trx, pollId);
    await recountText(trx, pollId, maxWords);
    // A new run: phones that voted in the last one may vote again (their flag names the run).
    await trx
      .updateTable('polls')
      .set((eb) => ({ reset_count: eb('reset_count', '+', 1) }))
      .where('id', '=', pollId)
      .execute();
    await touchPoll(trx, pollId);
    return Number(result.numDeletedRows);
  }
}

export async function sweepIdempotencyKeys(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', before.getTime())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * With one vote per question, the one-vote records (keyed by participant first, so an index
 * lookup): exactly what a new ballot would be refused for. Without it nothing is refused, and
 * the participant's ballots say what they answered; that reads the poll's ballots through their
 * poll index, O(ballots of the poll), acceptable for a call made once per page load of a poll
 * that counts its ballots in the thousands, and it adds no index to the ballot write path.
 */
export async function answeredQuestionIds(
  db: Kysely<Database>,
  pollId: number,
  participantId: string,
): Promise<number[]> {
  const poll = await db
    .selectFrom('polls')
    .select(['one_vote_per_question', 'quiz'])
    .where('id', '=', pollId)
    .executeTakeFirst();
  if (!poll) return [];
  // A quiz records one answer per question whatever the setting (domain/cast-vote.ts).
  const rows =
    Number(poll.one_vote_per_question) === 1 || Number(poll.quiz) === 1
      ? await db
          // The participant's number in this poll, then its rows: numbers are per poll.
          .selectFrom('answered_questions as a')
          .innerJoin('poll_participants as p', 'p.id', 'a.participant_number')
          .select('a.question_id')
          .where('p.poll_id', '=', pollId)
          .where('p.participant_id', '=', participantId)
          .orderBy('a.question_id')
          .execute()
      : await db
          .selectFrom('ballots as b')
          .innerJoin('choices as c', 'c.ballot_id', 'b.id')
          .select('c.question_id')
          .where('b.poll_id', '=', pollId)
          .where('b.participant_id', '=', participantId)
          // UNION drops duplicates, as DISTINCT did; open answers and numbers count as answered too.
          .union((eb) =>
            eb
              .selectFrom('ballots as b')
              .innerJoin('text_answers as t', 't.ballot_id', 'b.id')
              .select('t.question_id')
              .where('b.poll_id', '=', pollId)
              .where('b.participant_id', '=', participantId),
          )
          .union((eb) =>
            eb
              .selectFrom('ballots as b')
              .innerJoin('number_answers as v', 'v.ballot_id', 'b.id')
              .select('v.question_id')
              .where('b.poll_id', '=', pollId)
              .where('b.participant_id', '=', participantId),
          )
          .orderBy('question_id')
          .execute();
  return rows.map((r) => Number(r.question_id));
}
