import type { Kysely } from 'kysely';
import { DEFAULT_LIMITS } from '../limits.ts';
import type { EngineHooks } from './engine-hooks.ts';
import { listBallots } from './kysely-ballots.ts';
import { flagTextAnswers, listBlockedWords, setBlockedWords } from './kysely-blocked-words.ts';
import {
  addCohost,
  addCohostAction,
  cohostBySecretHash,
  deleteCohost,
  listCohostActions,
  listCohosts,
  type NewCohost,
  type NewCohostAction,
  touchCohost,
} from './kysely-cohosts.ts';
import { getTextTally } from './kysely-counters.ts';
import { KyselyHomework } from './kysely-homework.ts';
import { discardSources, emptyDiscarded, restoreDiscarded, serverKey } from './kysely-integrity.ts';
import { ballotSources, quizAnswerTimings } from './kysely-integrity-reads.ts';
import {
  approveHeldAnswers,
  getTextAnswer,
  listHiddenWords,
  listTextAnswers,
  setTextAnswerState,
  setWordHidden,
} from './kysely-moderation.ts';
import { pollOverviews, pollSecretHashes } from './kysely-my-polls.ts';
import {
  addQaQuestion,
  clearQaQuestions,
  deleteQaQuestion,
  getQaQuestion,
  listQaQuestions,
  qaCounts,
  qaVotedBy,
  updateQaQuestion,
  voteQa,
} from './kysely-qa.ts';
import { qaVoteSources, setQaVotesAside } from './kysely-qa-integrity.ts';
import {
  addOption,
  addQuestion,
  deleteOption,
  deleteQuestion,
  getOption,
  getQuestion,
  reorderQuestions,
  updateOption,
  updateQuestion,
} from './kysely-questions.ts';
import {
  closeQuestion,
  getNickname,
  openClocks,
  playerResults,
  quizResults,
  quizStandings,
  setNickname,
  startQuestionClock,
} from './kysely-quiz.ts';
import { rekeyNicknames, removePlayer, renamePlayer } from './kysely-quiz-players.ts';
import {
  archiveRound,
  discardedRounds,
  getRound,
  listRounds,
  setRoundsDiscarded,
} from './kysely-rounds.ts';
import {
  bumpedUpdatedAt,
  insertQuestion,
  loadQuestion,
  loadQuestions,
  toPoll,
} from './kysely-rows.ts';
import { setAsideCount } from './kysely-set-aside.ts';
import { getTally } from './kysely-tally.ts';
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
  type NewQaQuestion,
  type NewQuestion,
  type PollChanges,
  PollKeyTakenError,
  type PollRecord,
  type PollStore,
  type QaChanges,
  type QaListQuery,
  type QaVoteSignals,
  type QuestionChanges,
  type QuizScorer,
  type RoundArchive,
  type StoreOptions,
  type TallyOptions,
  type TextAnswerPage,
} from './store.ts';

/**
 * PollStore over Kysely with engine-neutral SQL. The SQLite store is this class on a
 * better-sqlite3 dialect; a PostgreSQL store can be the same class on a pg dialect.
 */
/** Drafts deleted per statement by deleteStaleDrafts. */
const STALE_DRAFTS_BATCH = 500;

export class KyselyPollStore implements PollStore {
  private readonly votes: VoteBatcher;
  /** Issue 27's tables, kept in their own module. */
  private readonly homework: KyselyHomework;
  /** TEXT_WORDS_MAX: spellings kept per open-text question. */
  private readonly maxWords: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly hooks: EngineHooks,
    options: StoreOptions = {},
  ) {
    const maxWords = options.textWordsMax ?? DEFAULT_LIMITS.TEXT_WORDS_MAX;
    this.maxWords = maxWords;
    this.homework = new KyselyHomework(db);
    this.votes = new VoteBatcher(
      db,
      hooks,
      (input) => castVote(db, input, hooks, maxWords),
      maxWords,
    );
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
            moderate_text: input.moderateText ? 1 : 0,
            qa: input.qa ? 1 : 0,
            qa_moderated: input.qaModerated ? 1 : 0,
            strict_filter: input.strictFilter === false ? 0 : 1,
            results_after_vote: input.resultsAfterVote ? 1 : 0,
            quiz: input.quiz ? 1 : 0,
            opens_at: input.opensAt?.getTime() ?? null,
            closes_at: input.closesAt?.getTime() ?? null,
            speed_points: input.speedPoints ? 1 : 0,
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

  pollOverviews(slugs: readonly string[]) {
    return pollOverviews(this.db, slugs);
  }

  pollSecretHashes(slugs: readonly string[]) {
    return pollSecretHashes(this.db, slugs);
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
        moderate_text: asFlag(changes.moderateText),
        qa: asFlag(changes.qa),
        qa_moderated: asFlag(changes.qaModerated),
        strict_filter: asFlag(changes.strictFilter),
        results_after_vote: asFlag(changes.resultsAfterVote),
        join_code: changes.joinCode,
        quiz: asFlag(changes.quiz),
        opens_at: asEpoch(changes.opensAt),
        closes_at: asEpoch(changes.closesAt),
        speed_points: asFlag(changes.speedPoints),
        updated_at: bumpedUpdatedAt(),
      })
      .where('id', '=', pollId);
    if (ifStatus) update = update.where('status', '=', ifStatus);
    try {
      const row = await update.returningAll().executeTakeFirst();
      return row && toPoll(row);
    } catch (error) {
      // Only the join code's partial unique index can refuse this update.
      if (this.hooks.isUniqueViolation(error)) {
        throw new PollKeyTakenError('', changes.joinCode ?? '(its own)');
      }
      throw error;
    }
  }

  listQuestions(pollId: number) {
    return loadQuestions(this.db, pollId);
  }

  getQuestion(questionId: number) {
    return getQuestion(this.db, questionId);
  }

  addQuestion(pollId: number, input: NewQuestion) {
    return addQuestion(this.db, this.hooks, pollId, input);
  }

  updateQuestion(questionId: number, changes: QuestionChanges) {
    if (isEmpty(changes)) return loadQuestion(this.db, questionId);
    return updateQuestion(this.db, this.hooks, questionId, changes);
  }

  deleteQuestion(questionId: number) {
    return deleteQuestion(this.db, this.hooks, questionId);
  }

  reorderQuestions(pollId: number, orderedIds: number[]) {
    return reorderQuestions(this.db, this.hooks, pollId, orderedIds);
  }

  getOption(optionId: number) {
    return getOption(this.db, optionId);
  }

  addOption(questionId: number, input: { text: string; ordinal?: number; correct?: boolean }) {
    return addOption(this.db, this.hooks, questionId, input);
  }

  updateOption(optionId: number, changes: { text?: string; ordinal?: number; correct?: boolean }) {
    if (isEmpty(changes)) return this.getOption(optionId);
    return updateOption(this.db, this.hooks, optionId, changes);
  }

  deleteOption(optionId: number) {
    return deleteOption(this.db, this.hooks, optionId);
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

  getTally(pollId: number, options?: TallyOptions) {
    return getTally(this.db, this.hooks, pollId, options);
  }

  getTextTally(pollId: number, questionIds: readonly number[]) {
    return getTextTally(this.db, pollId, questionIds);
  }

  listBallots(pollId: number, page: BallotPage) {
    return listBallots(this.db, pollId, page);
  }

  resetVotes(pollId: number) {
    return resetVotes(this.db, pollId, this.hooks, this.maxWords);
  }

  // ── Rounds (issue 27): kysely-rounds.ts ──
  archiveRound(pollId: number, archive: RoundArchive) {
    return archiveRound(this.db, this.hooks, this.maxWords, pollId, archive);
  }

  listRounds(pollId: number) {
    return listRounds(this.db, pollId);
  }

  getRound(pollId: number, round: number) {
    return getRound(this.db, pollId, round);
  }

  discardRounds(pollId: number) {
    return setRoundsDiscarded(this.db, pollId, true);
  }

  restoreRounds(pollId: number) {
    return setRoundsDiscarded(this.db, pollId, false);
  }

  discardedRounds(pollId: number) {
    return discardedRounds(this.db, pollId);
  }

  sweepIdempotencyKeys(before: Date) {
    return sweepIdempotencyKeys(this.db, before);
  }

  async deletePoll(pollId: number): Promise<boolean> {
    // One statement: every table holding a poll's data cascades from polls (migrations).
    const deleted = await this.db.deleteFrom('polls').where('id', '=', pollId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    await this.hooks.afterErase?.();
    return true;
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

  addCohost(input: NewCohost, max: number) {
    return addCohost(this.db, this.hooks, input, max);
  }

  listCohosts(pollId: number) {
    return listCohosts(this.db, pollId);
  }

  cohostBySecretHash(secretHash: string) {
    return cohostBySecretHash(this.db, secretHash);
  }

  deleteCohost(pollId: number, id: number) {
    return deleteCohost(this.db, pollId, id);
  }

  touchCohost(id: number, at: Date) {
    return touchCohost(this.db, id, at);
  }

  addCohostAction(input: NewCohostAction, keep: number) {
    return addCohostAction(this.db, input, keep);
  }

  listCohostActions(pollId: number, limit: number) {
    return listCohostActions(this.db, pollId, limit);
  }

  ballotSources(pollId: number, bulkIds: number, pause?: () => Promise<void>) {
    return ballotSources(this.db, pollId, bulkIds, this.hooks.scanStepRows, pause);
  }

  quizAnswerTimings(
    pollId: number,
    delays: { bucketMs: number; lastBucket: number },
    pause?: () => Promise<void>,
  ) {
    return quizAnswerTimings(this.db, pollId, delays, this.hooks.scanStepRows, pause);
  }

  discardSource(pollId: number, source: string) {
    return discardSources(this.db, pollId, [source], this.hooks, this.maxWords);
  }

  discardSources(pollId: number, sources: readonly string[]) {
    return discardSources(this.db, pollId, sources, this.hooks, this.maxWords);
  }

  restoreDiscarded(pollId: number, source?: string) {
    return restoreDiscarded(this.db, pollId, source, this.hooks, this.maxWords);
  }

  emptyDiscarded(pollId: number) {
    return emptyDiscarded(this.db, pollId, this.hooks);
  }

  setAsideBallots(pollId: number) {
    return setAsideCount(this.db, pollId);
  }

  listTextAnswers(questionId: number, page: TextAnswerPage) {
    return listTextAnswers(this.db, questionId, page);
  }

  getTextAnswer(answerId: number) {
    return getTextAnswer(this.db, answerId);
  }

  setTextAnswerState(answerId: number, state: 'visible' | 'hidden') {
    return setTextAnswerState(this.db, this.hooks, answerId, state, this.maxWords);
  }

  approveHeldAnswers(questionId: number) {
    return approveHeldAnswers(this.db, this.hooks, questionId, this.maxWords);
  }

  setWordHidden(questionId: number, key: string, hidden: boolean) {
    return setWordHidden(this.db, this.hooks, questionId, key, hidden);
  }

  listHiddenWords(questionId: number) {
    return listHiddenWords(this.db, questionId);
  }

  listBlockedWords(pollId: number) {
    return listBlockedWords(this.db, pollId);
  }

  setBlockedWords(pollId: number, words: string[]) {
    return setBlockedWords(this.db, this.hooks, pollId, words);
  }

  flagTextAnswers(pollId: number, answerIds: number[]) {
    return flagTextAnswers(this.db, this.hooks, pollId, answerIds);
  }

  serverKey(name: string, generate: () => string) {
    return serverKey(this.db, name, generate);
  }

  // ── Audience Q&A (issue 20): kysely-qa.ts ──
  addQaQuestion(input: NewQaQuestion) {
    return addQaQuestion(this.db, this.hooks, input);
  }

  getQaQuestion(id: number) {
    return getQaQuestion(this.db, id);
  }

  listQaQuestions(pollId: number, query: QaListQuery) {
    return listQaQuestions(this.db, pollId, query);
  }

  qaVotedBy(participantId: string, questionIds: number[]) {
    return qaVotedBy(this.db, participantId, questionIds);
  }

  voteQa(questionId: number, participantId: string, up: boolean, signals?: QaVoteSignals) {
    return voteQa(this.db, questionId, participantId, up, signals);
  }

  qaVoteSources(pollId: number, bulkIds: number) {
    return qaVoteSources(this.db, pollId, bulkIds);
  }

  discardQaVotes(pollId: number, sources: readonly string[]) {
    return setQaVotesAside(this.db, this.hooks, pollId, true, sources);
  }

  restoreQaVotes(pollId: number, source?: string) {
    return setQaVotesAside(this.db, this.hooks, pollId, false, source ? [source] : undefined);
  }

  updateQaQuestion(id: number, changes: QaChanges) {
    return updateQaQuestion(this.db, this.hooks, id, changes);
  }

  deleteQaQuestion(id: number) {
    return deleteQaQuestion(this.db, id);
  }

  clearQaQuestions(pollId: number) {
    return clearQaQuestions(this.db, pollId);
  }

  qaCounts(pollId: number) {
    return qaCounts(this.db, pollId);
  }

  setNickname(input: Parameters<PollStore['setNickname']>[0]) {
    return setNickname(this.db, this.hooks, input);
  }

  getNickname(pollId: number, participantId: string) {
    return getNickname(this.db, pollId, participantId);
  }

  startQuestionClock(questionId: number, now: Date) {
    return startQuestionClock(this.db, questionId, now);
  }

  closeQuestion(questionId: number, now: Date, score: QuizScorer, startedAt?: Date) {
    return closeQuestion(this.db, this.hooks, questionId, now, score, startedAt);
  }

  renamePlayer(input: Parameters<PollStore['renamePlayer']>[0]) {
    return renamePlayer(this.db, this.hooks, input);
  }

  removePlayer(input: Parameters<PollStore['removePlayer']>[0]) {
    return removePlayer(this.db, input);
  }

  rekeyNicknames(rule: Parameters<PollStore['rekeyNicknames']>[0]) {
    return rekeyNicknames(this.db, this.hooks, rule);
  }

  quizStandings(pollId: number) {
    return quizStandings(this.db, pollId);
  }

  playerResults(pollId: number, participantId: string) {
    return playerResults(this.db, pollId, participantId);
  }

  quizResults(pollId: number) {
    return quizResults(this.db, pollId);
  }

  openClocks() {
    return openClocks(this.db);
  }

  // ── Homework (issue 27, kysely-homework.ts) ──
  homeworkTurns(pollId: number, participantId: string) {
    return this.homework.homeworkTurns(pollId, participantId);
  }
  openHomeworkTurn(input: Parameters<PollStore['openHomeworkTurn']>[0]) {
    return this.homework.openHomeworkTurn(input);
  }
  answerHomeworkTurn(input: Parameters<PollStore['answerHomeworkTurn']>[0]) {
    return this.homework.answerHomeworkTurn(input);
  }
  homeworkProgress(pollId: number, runningAt: Date) {
    return this.homework.homeworkProgress(pollId, runningAt);
  }
  setMoreTime(input: Parameters<PollStore['setMoreTime']>[0]) {
    return this.homework.setMoreTime(input);
  }
  questionWaitsForMoreTime(questionId: number) {
    return this.homework.questionWaitsForMoreTime(questionId);
  }
  hasMoreTime(pollId: number, participantId: string) {
    return this.homework.hasMoreTime(pollId, participantId);
  }
  closeDuePoll(pollId: number, now: Date) {
    return this.homework.closeDuePoll(pollId, now);
  }
  settleHomework(pollId: number, now: Date) {
    return this.homework.settleHomework(pollId, now);
  }
  pollDeadlines() {
    return this.homework.pollDeadlines();
  }

  async close(): Promise<void> {
    await this.db.destroy();
    await this.hooks.afterClose?.();
  }
}

function asEpoch(value: Date | null | undefined): number | null | undefined {
  return value === undefined ? undefined : value === null ? null : value.getTime();
}

function asFlag(value: boolean | undefined): number | undefined {
  return value === undefined ? undefined : value ? 1 : 0;
}

/** An UPDATE with nothing to set is invalid SQL; such a call is a read. */
function isEmpty(changes: object): boolean {
  return Object.values(changes).every((value) => value === undefined);
}
