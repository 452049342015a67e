import type { Kysely, Transaction } from 'kysely';
import type { QuestionType } from '../../contract/index.ts';
import type { EngineHooks } from './engine-hooks.ts';
import { listBallots } from './kysely-ballots.ts';
import { getTally, recountVotes } from './kysely-counters.ts';
import { ballotSources, discardSource, serverKey } from './kysely-integrity.ts';
import {
  bumpedUpdatedAt,
  dropEmptyVotes,
  insertQuestion,
  loadQuestion,
  loadQuestions,
  pollIdOf,
  toOption,
  toPoll,
  touchPoll,
} from './kysely-rows.ts';
import { VoteBatcher } from './kysely-vote-batch.ts';
import {
  answeredQuestionIds,
  castVote,
  getVoteCounts,
  resetVotes,
  sweepIdempotencyKeys,
} from './kysely-votes.ts';
import type { Database } from './schema.ts';
import {
  type BallotPage,
  type CastVoteInput,
  type CastVoteResult,
  type NewPoll,
  type NewQuestion,
  type OptionRecord,
  type PollChanges,
  PollKeyTakenError,
  type PollRecord,
  type PollStore,
  type QuestionChanges,
  type QuestionRecord,
} from './store.ts';

/**
 * PollStore over Kysely with engine-neutral SQL. The SQLite store is this class on a
 * better-sqlite3 dialect; a PostgreSQL store can be the same class on a pg dialect.
 */
/** Drafts deleted per statement by deleteStaleDrafts. */
const STALE_DRAFTS_BATCH = 500;

export class KyselyPollStore implements PollStore {
  private readonly votes: VoteBatcher;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly hooks: EngineHooks,
  ) {
    this.votes = new VoteBatcher(db, hooks, (input) => castVote(db, input, hooks));
  }

  async createPoll(input: NewPoll): Promise<PollRecord> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const now = Date.now();
        const row = await trx
          .insertInto('polls')
          .values({
            slug: input.slug,
            title: input.title,
            status: input.status ?? 'draft',
            one_vote_per_question: input.oneVotePerQuestion ? 1 : 0,
            results_public: input.resultsPublic ? 1 : 0,
            presenter_pace: input.presenterPace ? 1 : 0,
            hide_results_until_revealed: input.hideResultsUntilRevealed ? 1 : 0,
            join_code: input.joinCode,
            host_secret_hash: input.hostSecretHash,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const questions = input.questions ?? [];
        for (const [i, q] of questions.entries()) {
          await insertQuestion(trx, row.id, q, q.ordinal ?? i + 1, this.hooks);
        }
        return toPoll(row);
      });
    } catch (error) {
      if (this.hooks.isUniqueViolation(error))
        throw new PollKeyTakenError(input.slug, input.joinCode);
      throw error;
    }
  }

  async getPollBySlug(slug: string): Promise<PollRecord | undefined> {
    const row = await this.db
      .selectFrom('polls')
      .selectAll()
      .where('slug', '=', slug)
      .executeTakeFirst();
    return row && toPoll(row);
  }

  async getPollByJoinCode(joinCode: string): Promise<PollRecord | undefined> {
    // The condition repeats the partial index's, so the engine can use it.
    const row = await this.db
      .selectFrom('polls')
      .selectAll()
      .where('join_code', '=', joinCode)
      .where('status', '<>', 'closed')
      .executeTakeFirst();
    return row && toPoll(row);
  }

  async getPollById(pollId: number): Promise<PollRecord | undefined> {
    const row = await this.db
      .selectFrom('polls')
      .selectAll()
      .where('id', '=', pollId)
      .executeTakeFirst();
    return row && toPoll(row);
  }

  async updatePoll(
    pollId: number,
    changes: PollChanges,
    ifStatus?: PollRecord['status'],
  ): Promise<PollRecord | undefined> {
    // One statement: the status guard, the changes and the updatedAt bump apply together.
    let update = this.db
      .updateTable('polls')
      .set({
        title: changes.title,
        status: changes.status,
        one_vote_per_question: asFlag(changes.oneVotePerQuestion),
        results_public: asFlag(changes.resultsPublic),
        presenter_pace: asFlag(changes.presenterPace),
        current_question_id: changes.currentQuestionId,
        hide_results_until_revealed: asFlag(changes.hideResultsUntilRevealed),
        updated_at: bumpedUpdatedAt(),
      })
      .where('id', '=', pollId);
    if (ifStatus) update = update.where('status', '=', ifStatus);
    const row = await update.returningAll().executeTakeFirst();
    return row && toPoll(row);
  }

  listQuestions(pollId: number) {
    return loadQuestions(this.db, pollId);
  }

  async getQuestion(questionId: number): Promise<QuestionRecord | undefined> {
    const q = await this.db
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
      }
    );
  }

  addQuestion(pollId: number, input: NewQuestion) {
    return this.db.transaction().execute(async (trx) => {
      await this.hooks.lockPoll?.(trx, pollId);
      let ordinal = input.ordinal;
      if (ordinal === undefined) {
        const { n } = await trx
          .selectFrom('questions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('poll_id', '=', pollId)
          .executeTakeFirstOrThrow();
        ordinal = Number(n) + 1;
      }
      const id = await insertQuestion(trx, pollId, input, ordinal, this.hooks);
      await touchPoll(trx, pollId);
      return (await loadQuestion(trx, id))!;
    });
  }

  updateQuestion(questionId: number, changes: QuestionChanges) {
    if (isEmpty(changes)) return loadQuestion(this.db, questionId);
    return this.db.transaction().execute(async (trx) => {
      if ((await this.lockPollOf(trx, { questionId })) === undefined) return undefined;
      const row = await trx
        .updateTable('questions')
        .set({
          text: changes.text,
          ordinal: changes.ordinal,
          results_hidden: asFlag(changes.resultsHidden),
        })
        .where('id', '=', questionId)
        .returning('poll_id')
        .executeTakeFirst();
      if (!row) return undefined;
      await touchPoll(trx, row.poll_id);
      return loadQuestion(trx, questionId);
    });
  }

  deleteQuestion(questionId: number) {
    return this.db.transaction().execute(async (trx) => {
      if ((await this.lockPollOf(trx, { questionId })) === undefined) return false;
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

  reorderQuestions(pollId: number, orderedIds: number[]) {
    return this.db.transaction().execute(async (trx) => {
      await this.hooks.lockPoll?.(trx, pollId);
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

  async getOption(optionId: number): Promise<OptionRecord | undefined> {
    const row = await this.db
      .selectFrom('options as o')
      .innerJoin('questions as q', 'q.id', 'o.question_id')
      .select(['o.id', 'o.question_id', 'o.text', 'o.ordinal', 'q.poll_id'])
      .where('o.id', '=', optionId)
      .executeTakeFirst();
    return row && toOption(row, row.poll_id);
  }

  addOption(questionId: number, input: { text: string; ordinal?: number }) {
    return this.db.transaction().execute(async (trx) => {
      const pollId = await this.lockPollOf(trx, { questionId });
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
      await touchPoll(trx, pollId);
      return toOption(row, pollId);
    });
  }

  updateOption(optionId: number, changes: { text?: string; ordinal?: number }) {
    if (isEmpty(changes)) return this.getOption(optionId);
    return this.db.transaction().execute(async (trx) => {
      if ((await this.lockPollOf(trx, { optionId })) === undefined) return undefined;
      const row = await trx
        .updateTable('options')
        .set({ text: changes.text, ordinal: changes.ordinal })
        .where('id', '=', optionId)
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      const { poll_id } = await trx
        .selectFrom('questions')
        .select('poll_id')
        .where('id', '=', row.question_id)
        .executeTakeFirstOrThrow();
      await touchPoll(trx, poll_id);
      return toOption(row, poll_id);
    });
  }

  deleteOption(optionId: number) {
    return this.db.transaction().execute(async (trx) => {
      if ((await this.lockPollOf(trx, { optionId })) === undefined) return 'not-found' as const;
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

  castVote(input: CastVoteInput): Promise<CastVoteResult> {
    return this.votes.castVote(input);
  }

  answeredQuestionIds(pollId: number, participantId: string) {
    return answeredQuestionIds(this.db, pollId, participantId);
  }

  getVoteCounts(pollId: number) {
    return getVoteCounts(this.db, pollId);
  }

  getTally(pollId: number) {
    return getTally(this.db, pollId);
  }

  listBallots(pollId: number, page: BallotPage) {
    return listBallots(this.db, pollId, page);
  }

  resetVotes(pollId: number) {
    return resetVotes(this.db, pollId, this.hooks);
  }

  sweepIdempotencyKeys(before: Date) {
    return sweepIdempotencyKeys(this.db, before);
  }

  async deleteStaleDrafts(before: Date): Promise<string[]> {
    const slugs: string[] = [];
    // In batches, so a first sweep over years of drafts never holds the database for long.
    for (;;) {
      const rows = await this.db
        .deleteFrom('polls')
        .where('id', 'in', (db) =>
          db
            .selectFrom('polls')
            .select('id')
            .where('status', '=', 'draft')
            .where('updated_at', '<', before.getTime())
            .limit(STALE_DRAFTS_BATCH),
        )
        .returning('slug')
        .execute();
      slugs.push(...rows.map((row) => row.slug));
      if (rows.length < STALE_DRAFTS_BATCH) return slugs;
    }
  }

  ballotSources(pollId: number) {
    return ballotSources(this.db, pollId);
  }

  discardSource(pollId: number, source: string) {
    return discardSource(this.db, pollId, source, this.hooks);
  }

  serverKey(name: string, generate: () => string) {
    return serverKey(this.db, name, generate);
  }

  /** Takes the lock of the poll a question or option belongs to; undefined when it is gone. */
  private async lockPollOf(
    trx: Transaction<Database>,
    owner: { questionId: number } | { optionId: number },
  ): Promise<number | undefined> {
    const pollId = await pollIdOf(trx, owner);
    if (pollId !== undefined) await this.hooks.lockPoll?.(trx, pollId);
    return pollId;
  }

  async close(): Promise<void> {
    await this.db.destroy();
    await this.hooks.afterClose?.();
  }
}

function asFlag(value: boolean | undefined): number | undefined {
  return value === undefined ? undefined : value ? 1 : 0;
}

/** An UPDATE with nothing to set is invalid SQL; such a call is a read. */
function isEmpty(changes: QuestionChanges): boolean {
  return Object.values(changes).every((value) => value === undefined);
}
