import type { Kysely, Transaction } from 'kysely';
import { judgeBallot } from './ballot-judge.ts';
import { insertRows } from './compiled-inserts.ts';
import type { EngineHooks } from './engine-hooks.ts';
import { readState } from './kysely-ballot-state.ts';
import { countBallots, increasesOf } from './kysely-counters.ts';
import { addParticipants } from './kysely-participants.ts';
import { everyoneAnswered } from './kysely-quiz.ts';
import { type NewTextRow, storeTextAnswers } from './kysely-text.ts';
import { type OneVoteRow, writeBatch } from './postgres-batch-folds.ts';
import type { Database } from './schema.ts';
import { rowChunks } from './sql-shapes.ts';
import type { CastVoteInput, CastVoteResult } from './store.ts';

/**
 * Up to this many ballots share a transaction: enough to spread one commit over a room voting
 * at once, few enough that a batch holds the connection (and the poll's lock) for milliseconds.
 */
const MAX_BATCH = 200;

interface Pending {
  input: CastVoteInput;
  resolve: (result: CastVoteResult) => void;
  reject: (error: unknown) => void;
}

/** How long the first ballot of a batch waits for others. 2 ms: 2,000 ballots on new
 *  connections went from p95 1.9 s and 1.5 ms of CPU each to 0.9 s and 0.8 ms (5 ms: the same,
 *  within the noise), at a cost of 2 ms for a lone ballot. */
const GATHER_MS = 2;

/**
 * Group commit for ballots. The ballots of a poll that arrive while a transaction of that poll
 * runs wait for it, then the next transaction stores them all: one commit, one counter update,
 * and the checks read once for the batch instead of once per ballot. Each ballot is judged in
 * arrival order exactly as its own transaction would judge it (the store contract suite runs
 * through here). A batch that fails for any reason is retried ballot by ballot on the
 * single-ballot path, so an error reaches only the ballot that causes it.
 */
export class VoteBatcher {
  private readonly queues = new Map<number, Pending[]>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly hooks: EngineHooks,
    private readonly single: (input: CastVoteInput) => Promise<CastVoteResult>,
    /** TEXT_WORDS_MAX. */
    private readonly maxWords: number,
  ) {}

  castVote(input: CastVoteInput): Promise<CastVoteResult> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(input.pollId);
      if (queue) {
        queue.push({ input, resolve, reject });
        return;
      }
      this.queues.set(input.pollId, [{ input, resolve, reject }]);
      // Not at once: a transaction runs to its end in microtasks, before the event loop reads
      // the other requests already waiting on their sockets. Started GATHER_MS later, the
      // batch takes every ballot that arrived with this one, and those of the next loop turns:
      // when every phone votes on a new connection (its keep-alive one closed while it waited)
      // the ballots complete a few per turn, and batches started after one I/O phase were so
      // small that a storm cost 1.5 ms of CPU a ballot instead of 0.4 (issue 19).
      setTimeout(() => void this.drain(input.pollId), GATHER_MS);
    });
  }

  /** Runs the poll's batches one after another until nothing waits. */
  private async drain(pollId: number): Promise<void> {
    for (;;) {
      const queue = this.queues.get(pollId)!;
      if (queue.length === 0) {
        this.queues.delete(pollId);
        return;
      }
      await this.run(pollId, queue);
    }
  }

  /**
   * One transaction for the ballots waiting in `queue`, taken from it only once the poll's lock
   * is held. On PostgreSQL with several instances the lock is often another instance's batch's:
   * the ballots that arrive meanwhile join this batch instead of the next one, so batches stay
   * as large as with one instance (issue 29: 50, 25 and 17 ballots per transaction with 1, 2
   * and 3 instances when the batch was taken before the wait). No ballot waits longer for it:
   * the ones already queued wait for the lock either way, and a later one is stored with them
   * instead of after them. The wait is bounded by the other batch's transaction.
   */
  private async run(pollId: number, queue: Pending[]): Promise<void> {
    let batch: Pending[] = [];
    const take = () => {
      batch = queue.splice(0, MAX_BATCH);
      return batch.map((p) => p.input);
    };
    let results: CastVoteResult[];
    try {
      results = await this.db.transaction().execute(async (trx) => {
        // castBatch takes the poll's lock with its first read (hooks.lockingRead), then takes
        // its ballots.
        return castBatch(trx, pollId, take, this.hooks, this.maxWords);
      });
    } catch {
      // Failed before taking its ballots (the lock's read): take them now, so an error that
      // persists (the database down) answers them instead of looping on the same queue.
      if (batch.length === 0) take();
      for (const p of batch) {
        try {
          p.resolve(await this.single(p.input));
        } catch (error) {
          p.reject(error);
        }
      }
      return;
    }
    for (const [i, p] of batch.entries()) p.resolve(results[i]!);
  }
}

/**
 * Judges the ballots in arrival order (ballot-judge.ts) against one reading of the poll, then
 * stores those accepted with multi-row statements: one per table, however many ballots. The
 * single-ballot path is this with one ballot. `ballots` is a list, or a function called once
 * the poll's lock is held that answers it (VoteBatcher); results follow its order.
 */
export async function castBatch(
  trx: Transaction<Database>,
  pollId: number,
  ballots: CastVoteInput[] | (() => CastVoteInput[]),
  hooks: EngineHooks,
  maxWords: number,
): Promise<CastVoteResult[]> {
  const groups = hooks.rowGroups ?? rowChunks;
  const state = await readState(
    trx,
    pollId,
    typeof ballots === 'function' ? ballots : () => ballots,
    hooks,
  );
  const { inputs } = state;
  const results: CastVoteResult[] = [];
  const keyRows: Database['idempotency_keys'][] = [];
  const stored: CastVoteInput[] = [];

  for (const input of inputs) {
    const { result, expiredKey } = judgeBallot(input, state);
    if (expiredKey !== undefined) {
      await trx
        .deleteFrom('idempotency_keys')
        .where('poll_id', '=', pollId)
        .where('key', '=', expiredKey)
        .execute();
    }
    results.push(result);
    if (result.outcome !== 'stored') continue;
    if (input.idempotency) {
      keyRows.push({
        poll_id: pollId,
        key: input.idempotency.key,
        ballot_hash: input.idempotency.ballotHash,
        response: JSON.stringify({ saved: result.saved }),
        created_at: input.now.getTime(),
      });
    }
    stored.push(input);
  }

  // PostgreSQL: the ballots take the ids read with the state, in arrival order, and are
  // inserted with their choices and counters in one statement (postgres-batch-folds.ts).
  const folded = state.ids !== undefined;
  const ids = folded
    ? state.ids!.slice(0, stored.length)
    : await insertBallots(trx, hooks, pollId, stored, groups);
  const choices: Database['choices'][] = [];
  const numbers: Database['number_answers'][] = [];
  // One-vote rows by participant id; each gets the participant's number before it is stored.
  const answeredRows: OneVoteRow[] = [];
  const texts: NewTextRow[] = [];
  for (const [i, input] of stored.entries()) {
    const ballotId = ids[i]!;
    for (const a of input.answers) {
      if (a.text) {
        texts.push({
          ballotId,
          questionId: a.questionId,
          createdAt: input.now.getTime(),
          answer: a.text,
        });
      }
      if (a.value !== undefined) {
        numbers.push({ ballot_id: ballotId, question_id: a.questionId, value: a.value });
      }
      for (const [place, optionId] of a.optionIds.entries()) {
        choices.push({
          ballot_id: ballotId,
          question_id: a.questionId,
          option_id: optionId,
          position: a.ranked ? place + 1 : null,
        });
      }
      if (input.oneVotePerQuestion) {
        // The primary key (participant_number, question_id) stays the rule under concurrency.
        answeredRows.push({
          question_id: a.questionId,
          participant_id: input.participantId,
          ballot_id: ballotId,
        });
      }
    }
  }

  const answers = stored.map((i) => i.answers);
  const participants = stored.map((i) => i.participantId);
  if (folded && stored.length > 0) {
    await writeBatch(trx, pollId, {
      ballots: stored.map((input, i) => ({ id: ids[i]!, ...ballotColumns(input) })),
      participants: [...new Set(participants)],
      ...increasesOf(answers),
      choices,
      answered: answeredRows,
      keys: keyRows,
    });
  }
  // SQLite: groups of power-of-two sizes, so the SQL texts stay few (sql-shapes.ts).
  if (!folded) for (const part of groups(choices)) await insertRows(trx, hooks, 'choices', part);
  for (const part of groups(numbers)) await insertRows(trx, hooks, 'number_answers', part);
  let newParticipants = 0;
  if (!folded && stored.length > 0) {
    // Before the one-vote rows: they reference the participants' numbers (migration 024).
    const added = await addParticipants(
      trx,
      hooks,
      pollId,
      participants,
      new Set(answeredRows.map((r) => r.participant_id)),
    );
    newParticipants = added.added;
    const numbered = answeredRows.map((r) => ({
      question_id: r.question_id,
      participant_number: added.numbers.get(r.participant_id)!,
      ballot_id: r.ballot_id,
    }));
    for (const part of groups(numbered)) {
      await insertRows(trx, hooks, 'answered_questions', part);
    }
    for (const part of groups(keyRows)) await insertRows(trx, hooks, 'idempotency_keys', part);
  }
  if (texts.length > 0) await storeTextAnswers(trx, pollId, state.moderate, texts, maxWords);
  if (stored.length > 0) {
    if (!folded) await countBallots(trx, hooks, pollId, answers, newParticipants);
    // Quiz: the batch that completes the answers tells its ballots, so the caller closes.
    const everyone = state.quiz && (await everyoneAnswered(trx, hooks, pollId, state.quiz));
    if (everyone) {
      for (const r of results) if (r.outcome === 'stored') r.everyoneAnswered = everyone;
    }
  }
  return results;
}

/**
 * Inserts the ballots in multi-row statements and answers their ids in input order. RETURNING
 * promises no order, so rows are matched back by participant and time; ballots equal in both
 * are equal rows, and which of them gets which id makes no difference.
 */
async function insertBallots(
  trx: Transaction<Database>,
  hooks: EngineHooks,
  pollId: number,
  inputs: CastVoteInput[],
  groups: (rows: readonly CastVoteInput[]) => CastVoteInput[][],
): Promise<number[]> {
  const idsOf = new Map<string, number[]>();
  for (const part of groups(inputs)) {
    const rows = await insertRows(
      trx,
      hooks,
      'ballots',
      part.map((i) => ({ poll_id: pollId, ...ballotColumns(i) })),
      ['id', 'participant_id', 'created_at'],
    );
    for (const r of rows) {
      const key = pair(Number(r.created_at), String(r.participant_id));
      const ids = idsOf.get(key);
      if (ids) ids.push(Number(r.id));
      else idsOf.set(key, [Number(r.id)]);
    }
  }
  return inputs.map((i) => idsOf.get(pair(i.now.getTime(), i.participantId))!.shift()!);
}

/** A map key of a time and a participant. */
function pair(n: number, text: string): string {
  return `${n}\u0000${text}`;
}

/** A ballot's own columns, the same whichever engine's statement inserts them. */
function ballotColumns(input: CastVoteInput) {
  return {
    participant_id: input.participantId,
    created_at: input.now.getTime(),
    source: input.source ?? '',
    fresh_participant: input.freshParticipant ? 1 : 0,
    participant_issued_at: input.participantIssuedAt ?? null,
    seated: input.seated ? 1 : 0,
  };
}
