import type { Transaction } from 'kysely';
import { type QuestionType, questionTypeRules } from '../../contract/index.ts';
import { answeredKey, type BallotState } from './ballot-judge.ts';
import { runCompiled } from './compiled-queries.ts';
import type { EngineHooks } from './engine-hooks.ts';
import { readQuizGate } from './kysely-quiz.ts';
import { readJudgeRows } from './postgres-batch-folds.ts';
import type { Database } from './schema.ts';
import { padded } from './sql-shapes.ts';
import type { CastVoteInput } from './store.ts';

/** Ids per IN list: far below SQLite's bound-parameter limit (multi-row INSERTs: rowGroups). */
const CHUNK = 256;

/** What a batch (or a lone ballot) reads once: the state every ballot of it is judged against. */
export async function readState(
  trx: Transaction<Database>,
  pollId: number,
  take: () => CastVoteInput[],
  hooks: EngineHooks,
): Promise<
  BallotState & {
    moderate: boolean;
    inputs: CastVoteInput[];
    /** PostgreSQL: ids taken for the batch's ballots, ascending (readJudgeRows). */
    ids?: number[];
  }
> {
  // First, and locking where the engine locks (EngineHooks.lockPoll): the poll's writers go one
  // at a time from here to the commit.
  // Each query compiled once per engine (compiled-queries.ts), its text prepared once per
  // connection where the engine prepares (prepared-texts.ts): they run for every batch.
  const {
    rows: [poll],
  } = await runCompiled(trx, hooks, 'ballot:poll', [pollId], () => {
    const pollQuery = trx
      .selectFrom('polls')
      .select(['status', 'moderate_text', 'quiz', 'current_question_id'])
      .where('id', '=', pollId);
    return hooks.lockingRead ? hooks.lockingRead(pollQuery) : pollQuery;
  });
  // The ballots, once the lock is held: those that arrived while it was awaited are in.
  const inputs = take();
  const keys = [...new Set(inputs.flatMap((i) => (i.idempotency ? [i.idempotency.key] : [])))];
  const voters = [
    ...new Set(inputs.filter((i) => i.oneVotePerQuestion).map((i) => i.participantId)),
  ];
  // PostgreSQL: the options, the one-vote pairs, the keys and ids for the ballots in one round
  // trip (postgres-batch-folds.ts).
  const judged = hooks.arrayStatements
    ? await readJudgeRows(trx, pollId, voters, keys, inputs.length)
    : undefined;
  const remembered: BallotState['remembered'] = new Map();
  for (const r of judged?.keys ?? (await readKeys(trx, pollId, keys))) {
    const { saved } = JSON.parse(r.response) as { saved: number };
    remembered.set(r.key, { hash: r.ballot_hash, saved, createdAt: Number(r.created_at) });
  }
  // Quiz: the running question and which of the batch's participants are players.
  const quiz =
    poll &&
    (await readQuizGate(
      trx,
      hooks,
      poll,
      pollId,
      inputs.map((i) => i.participantId),
    ));
  // The poll's questions and their options: O(options), for the stale-ballot check. From the
  // questions, so those without options (open text, number) are there too.
  const rows =
    judged?.options ??
    (
      await runCompiled(trx, hooks, 'ballot:options', [pollId], () =>
        trx
          .selectFrom('questions as q')
          .leftJoin('options as o', 'o.question_id', 'q.id')
          .select(['q.id as qid', 'q.type', 'q.number_min', 'o.id as oid'])
          .where('q.poll_id', '=', pollId),
      )
    ).rows;
  const questionOf = new Map<number, number>();
  const optionCount = new Map<number, number>();
  const textQuestions = new Set<number>();
  const numberQuestions = new Set<number>();
  for (const r of rows) {
    const qid = Number(r.qid);
    if (r.oid !== null) {
      questionOf.set(Number(r.oid), qid);
      optionCount.set(qid, (optionCount.get(qid) ?? 0) + 1);
    }
    if (questionTypeRules[r.type as QuestionType]?.answerKey === 'text') textQuestions.add(qid);
    // A number question is one with a range (migration 019).
    if (r.number_min !== null) numberQuestions.add(qid);
  }
  const questions = [...new Set(rows.map((r) => Number(r.qid)))];
  const answered = new Set<string>();
  if (judged) {
    for (const r of judged.answered) {
      answered.add(answeredKey(Number(r.question_id), r.participant_id));
    }
  } else if (questions.length > 0) {
    const asked = padded(questions);
    for (const chunk of chunks(voters)) {
      const part = padded(chunk);
      // The voters' numbers by (poll, participant id), then their one-vote rows by the primary
      // key (participant_number, question_id): a handful of index seeks per voter.
      const { rows } = await runCompiled(
        trx,
        hooks,
        `ballot:answered:${asked.length}:${part.length}`,
        [pollId, ...part, ...asked],
        () =>
          trx
            .selectFrom('poll_participants as p')
            .innerJoin('answered_questions as a', 'a.participant_number', 'p.id')
            .select(['a.question_id', 'p.participant_id'])
            .where('p.poll_id', '=', pollId)
            .where('p.participant_id', 'in', part)
            .where('a.question_id', 'in', asked),
      );
      for (const r of rows) answered.add(answeredKey(Number(r.question_id), r.participant_id));
    }
  }
  return {
    inputs,
    ids: judged?.ids,
    remembered,
    open: poll?.status === 'open',
    moderate: Number(poll?.moderate_text) === 1,
    questionOf,
    optionCount,
    textQuestions,
    numberQuestions,
    answered,
    quiz,
  };
}

/** The Idempotency-Keys of the poll among `keys` (engines without readJudgeRows). */
async function readKeys(
  trx: Transaction<Database>,
  pollId: number,
  keys: string[],
): Promise<{ key: string; ballot_hash: string; response: string; created_at: number }[]> {
  const out = [];
  for (const part of chunks(keys)) {
    out.push(
      ...(await trx
        .selectFrom('idempotency_keys')
        .select(['key', 'ballot_hash', 'response', 'created_at'])
        .where('poll_id', '=', pollId)
        .where('key', 'in', part)
        .execute()),
    );
  }
  return out;
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}
