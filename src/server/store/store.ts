import type {
  AnswerState,
  NumberSettings,
  PollStatus,
  QuestionType,
  Scale,
} from '../../contract/index.ts';
import type { CohostStore } from './kysely-cohosts.ts';
import type { HomeworkStore } from './store-homework.ts';
import type { QaStore } from './store-qa.ts';
import type { RoundStore } from './store-rounds.ts';
import type {
  StoreAnswer,
  TextAnswerPage,
  TextAnswerRecord,
  TextCounts,
  TextTally,
} from './store-text.ts';

export * from './store-homework.ts';
export * from './store-qa.ts';
export * from './store-rounds.ts';
export * from './store-text.ts';

/**
 * The only door to the database. Every method takes plain values and returns plain records, so
 * the domain never sees SQL and a second engine (PostgreSQL) can implement the same interface.
 *
 * Rules every implementation follows (the contract suite in tests/store/store-contract.ts checks them):
 * - Each method is atomic: a multi-step write runs in one transaction of its own.
 * - Every write that changes a poll, its questions or options, or its votes moves the poll's
 *   `updatedAt` strictly forward (at least 1 ms past the previous value), so clients can rely on
 *   it changing even for two writes within the same millisecond.
 * - Lists come sorted: questions and options by ordinal, then id.
 * - Lookups of something that does not exist return `undefined`; they never throw.
 */
export interface PollStore extends QaStore, CohostStore, RoundStore, HomeworkStore {
  /** Creates a poll (and, for duplicates, its questions and options) in one transaction.
   *  Throws `PollKeyTakenError` when the slug exists or the join code is held by a poll that
   *  is not closed, so the caller can retry with new ones. */
  createPoll(input: NewPoll): Promise<PollRecord>;
  getPollBySlug(slug: string): Promise<PollRecord | undefined>;
  /** The poll that is not closed with this join code (at most one: a partial unique index). */
  getPollByJoinCode(joinCode: string): Promise<PollRecord | undefined>;
  getPollById(pollId: number): Promise<PollRecord | undefined>;
  /** 'Mis encuestas' (issue 17): the polls among these slugs that exist, with their counts, in
   *  one query. Unknown slugs are simply absent; order unspecified. Counts are live counters,
   *  never a scan of the ballots (issue 25). */
  pollOverviews(slugs: readonly string[]): Promise<PollOverview[]>;
  /** The host-code hashes of the polls among these slugs that exist (checked before any
   *  overview is read); unknown slugs are absent. */
  pollSecretHashes(slugs: readonly string[]): Promise<{ slug: string; hostSecretHash: string }[]>;
  /** Applies the changes; with `ifStatus`, only when the poll still has that status (a status
   *  transition checked and written in one step). Returns undefined when nothing matched.
   *  Throws `PollKeyTakenError` when reopening would leave two polls not closed with one join
   *  code (the caller retries with `joinCode` set to a new one). */
  updatePoll(
    pollId: number,
    changes: PollChanges,
    ifStatus?: PollStatus,
  ): Promise<PollRecord | undefined>;

  /** The poll's questions with their options. */
  listQuestions(pollId: number): Promise<QuestionWithOptions[]>;
  getQuestion(questionId: number): Promise<QuestionRecord | undefined>;
  /** Adds a question with its options. Without an ordinal it goes last (count + 1); options
   *  without an ordinal are numbered in the given order. */
  addQuestion(pollId: number, input: NewQuestion): Promise<QuestionWithOptions>;
  updateQuestion(
    questionId: number,
    changes: QuestionChanges,
  ): Promise<QuestionWithOptions | undefined>;
  /** Deletes the question, its options and every vote for it; ballots left without any answer
   *  are deleted too, so `ballots` keeps meaning "ballots that answer something". */
  deleteQuestion(questionId: number): Promise<boolean>;
  /** Sets the ordinals of the poll's questions to 1..n in the given order. The caller has
   *  checked that `orderedIds` are exactly the poll's questions. */
  reorderQuestions(pollId: number, orderedIds: number[]): Promise<QuestionWithOptions[]>;

  getOption(optionId: number): Promise<OptionRecord | undefined>;
  /** Without an ordinal the option goes last (max + 1). Undefined if the question is gone. */
  addOption(
    questionId: number,
    input: { text: string; ordinal?: number },
  ): Promise<OptionRecord | undefined>;
  updateOption(
    optionId: number,
    changes: { text?: string; ordinal?: number },
  ): Promise<OptionRecord | undefined>;
  /** Deletes the option and the choices of it. An answer left with no option is gone (and, for
   *  one-vote-per-question, that participant may answer the question again); a ballot left with
   *  no answer is deleted. Refuses (in the same transaction) to delete a question's last option. */
  deleteOption(optionId: number): Promise<'deleted' | 'last-option' | 'not-found'>;

  /** Stores a ballot whole or not at all; see `CastVoteInput` and `CastVoteResult`. */
  castVote(input: CastVoteInput): Promise<CastVoteResult>;
  /** The poll's questions this participant has a stored answer to, ascending: its one-vote
   *  records when the poll has oneVotePerQuestion on (what a new ballot would be refused for),
   *  else the choices of its ballots. */
  answeredQuestionIds(pollId: number, participantId: string): Promise<number[]>;
  /** Counts by GROUP BY over every vote row: the truth the counters are checked against. */
  getVoteCounts(pollId: number): Promise<VoteCounts>;
  /** The poll, its questions and the vote counters every vote write keeps, from one snapshot:
   *  what a summary needs, in O(options) rows however many votes. Undefined if the poll is gone.
   *  The counts equal getVoteCounts' (zero counts included). */
  getTally(pollId: number, options?: TallyOptions): Promise<Tally | undefined>;
  /** What getTally reads of these open-text questions (counters, words, hidden words, newest
   *  answers), from one snapshot of their own: a first summary of many full clouds is read a
   *  few at a time, between which the event loop serves others. */
  getTextTally(pollId: number, questionIds: readonly number[]): Promise<TextTallySlice>;
  /** A page of the poll's ballots in the order they were stored (ascending id) after
   *  `afterId`, each with its choices: an export reads a poll's ballots page by page, never all
   *  at once. An empty page is the end. No participant id: exports are anonymous. */
  listBallots(pollId: number, page: BallotPage): Promise<BallotRecord[]>;
  /** Deletes every ballot of the poll, the one-vote-per-question records and the remembered
   *  Idempotency-Keys (a replay after a reset must not claim a vote that no longer exists).
   *  Returns the number of ballots deleted. */
  resetVotes(pollId: number): Promise<number>;
  /** Forgets Idempotency-Keys created before `before`. Returns how many were deleted. */
  sweepIdempotencyKeys(before: Date): Promise<number>;
  /** Erases the poll and everything of it (questions, options, ballots, open answers, players,
   *  audience questions, blocked words, Idempotency-Keys: every table cascades from polls), and
   *  on SQLite leaves no copy in the file (secure_delete, write-ahead log emptied). False when
   *  there was no such poll. */
  deletePoll(pollId: number): Promise<boolean>;
  /** Deletes the polls still in draft (never opened) whose updatedAt is before `before`, with
   *  their questions and options. Returns their slugs. */
  deleteStaleDrafts(before: Date): Promise<string[]>;

  /** The poll's ballots grouped by source (keyed hash of the client's address), most ballots
   *  first; `bulkIds` is how many ids issued within one second make a bulk (bulkIssued). */
  ballotSources(
    pollId: number,
    bulkIds: number,
    /** Awaited between pages of ballots: the caller's time slices (issue 25). */
    pause?: () => Promise<void>,
  ): Promise<BallotSource[]>;
  /** Quiz answers of the poll's started questions per (source, question, option, delay): how
   *  many arrived in each `bucketMs` slice of time after the question's start, the slices past
   *  `lastBucket` counted in it (integrity-quiz.ts). */
  quizAnswerTimings(
    pollId: number,
    delays: { bucketMs: number; lastBucket: number },
    pause?: () => Promise<void>,
  ): Promise<QuizAnswerTiming[]>;
  // ── Open answers (issue 13) ──
  /** A page of an open-text question's answers, newest first (ids below `before`). */
  listTextAnswers(questionId: number, page: TextAnswerPage): Promise<TextAnswerRecord[]>;
  getTextAnswer(answerId: number): Promise<TextAnswerRecord | undefined>;
  /** Shows (approves a held one, shows a flagged one) or hides an answer; its words enter or
   *  leave the cloud and the counters follow. Undefined when it is gone. */
  setTextAnswerState(
    answerId: number,
    state: 'visible' | 'hidden',
  ): Promise<TextAnswerRecord | undefined>;
  /** Every held answer of the question made visible; returns how many. */
  approveHeldAnswers(questionId: number): Promise<number>;
  /** Takes a folded word out of the public cloud (or back); returns the question's hidden
   *  words, sorted. */
  setWordHidden(questionId: number, key: string, hidden: boolean): Promise<string[]>;
  /** The question's hidden words (folded keys), sorted: what the public list of answers leaves
   *  out (issue 24). */
  listHiddenWords(questionId: number): Promise<string[]>;
  // ── Blocked words (issue 17) ──
  /** The words the host blocked for the poll, as typed, sorted by code point. */
  listBlockedWords(pollId: number): Promise<string[]>;
  /** Replaces the poll's blocked words (duplicates once); returns them sorted, or undefined when
   *  the poll is gone. Moves updatedAt. */
  setBlockedWords(pollId: number, words: string[]): Promise<string[] | undefined>;
  /** Flags the poll's visible and held answers among these ids (others are left alone); a
   *  visible one's words leave the cloud and the counters follow. Returns how many changed. */
  flagTextAnswers(pollId: number, answerIds: number[]): Promise<number>;

  /** Deletes the poll's ballots from that source with their choices and one-vote records, keeps
   *  the counters equal to a recount and moves updatedAt when it deleted any (Idempotency-Keys
   *  stay: a replay of a discarded ballot must not store it again). Returns how many. */
  discardSource(pollId: number, source: string): Promise<number>;
  /** discardSource for several sources in one transaction (one recount). */
  discardSources(pollId: number, sources: readonly string[]): Promise<number>;
  /** Puts back the ballots discards set aside (one source, or all), recounted, with the quiz
   *  rows the discards took; answers the ballots restored (issue 24). */
  restoreDiscarded(pollId: number, source?: string): Promise<number>;
  /** Drops what discards set aside, for good; answers the ballots dropped. */
  emptyDiscarded(pollId: number): Promise<number>;
  /** Ballots discards set aside in the poll. */
  setAsideBallots(pollId: number): Promise<number>;
  /** The server's key called `name`: the stored one, or `generate()` stored now if there is
   *  none (first start). Instances racing on an empty database all get the one stored first. */
  serverKey(name: string, generate: () => string): Promise<string>;

  // ── Quiz (issue 18, kysely-quiz.ts) ──
  /** Takes or changes the participant's nickname; 'taken' when another player of the poll has
   *  the same folded `key` (a unique constraint: races cannot both win). Moves updatedAt. */
  setNickname(input: {
    pollId: number;
    participantId: string;
    nickname: string;
    key: string;
    /** The version of the key's rule (migration 023): rows of an older one are re-keyed. */
    keyVersion: number;
    now: Date;
  }): Promise<'set' | 'taken'>;
  getNickname(pollId: number, participantId: string): Promise<string | undefined>;
  /** Starts the question's clock (endsAt = now + its limit) unless it ever started; true when
   *  this call started it. */
  startQuestionClock(questionId: number, now: Date): Promise<boolean>;
  /** Closes a started question once, scoring every player's answer with `score` in the same
   *  transaction, and moves updatedAt. Only the call that closes it scores. With `startedAt`
   *  only that clock closes ('other-run' when the question was reset and runs again since). */
  closeQuestion(
    questionId: number,
    now: Date,
    score: QuizScorer,
    startedAt?: Date,
  ): Promise<CloseOutcome>;
  /** The host renames the player now called `nickname` to `to` (folded `key`, unique as in
   *  setNickname). Moves updatedAt. */
  renamePlayer(input: {
    pollId: number;
    nickname: string;
    to: string;
    key: string;
    keyVersion: number;
  }): Promise<'renamed' | 'taken' | 'missing'>;
  /** The host removes the player called `nickname` and its points. Moves updatedAt. */
  removePlayer(input: { pollId: number; nickname: string }): Promise<boolean>;
  /** Re-keys the players whose key an older version of `rule` made (issue 25, migration 023);
   *  a player that now looks like an earlier one is renamed 'name 2'. Returns how many. */
  rekeyNicknames(rule: NicknameKeyRule): Promise<number>;
  /** Players with their sums over the closed questions. */
  quizStandings(pollId: number): Promise<QuizStandingsRows>;
  /** The participant's results of the closed questions it answered. */
  playerResults(
    pollId: number,
    participantId: string,
  ): Promise<{ questionId: number; points: number; correct: boolean }[]>;
  /** Every player's points per closed question of the poll (the export's players sheet). */
  quizResults(
    pollId: number,
  ): Promise<{ participantId: string; questionId: number; points: number; correct: boolean }[]>;
  /** Started, unclosed questions with a time limit, of every poll. */
  openClocks(): Promise<OpenClock[]>;

  close(): Promise<void>;
}

export interface PollRecord {
  id: number;
  slug: string;
  title: string;
  status: PollStatus;
  oneVotePerQuestion: boolean;
  resultsPublic: boolean;
  presenterPace: boolean;
  /** May name a question deleted since; the poll view drops it then. */
  currentQuestionId: number | null;
  hideResultsUntilRevealed: boolean;
  /** Issue 27: 'Resultados tras votar': who answered a question sees its results. */
  resultsAfterVote: boolean;
  /** New open answers are held for the host's approval. */
  moderateText: boolean;
  /** Issue 20: 'Preguntas del público', and 'Revisar antes de mostrar' for them. */
  qa: boolean;
  qaModerated: boolean;
  /** 'Filtro estricto' (issue 24): words held on doubt are held. */
  strictFilter: boolean;
  /** 'Concurso' (issue 18). */
  quiz: boolean;
  /** Homework (issue 27): votes are refused before `opensAt`; the poll closes at `closesAt`. */
  opensAt: Date | null;
  closesAt: Date | null;
  /** 'Puntos por rapidez' in a self-paced quiz. */
  speedPoints: boolean;
  /** Six digits; unique among the polls that are not closed. */
  joinCode: string;
  /** Vote resets so far: 0 in the first run, +1 each reset. */
  resetCount: number;
  /** SHA-256 of the host secret, hex. The secret itself is never stored. */
  hostSecretHash: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A poll as 'Mis encuestas' lists it; the hash lets the caller check the host code. */
export interface PollOverview {
  slug: string;
  title: string;
  status: PollStatus;
  hostSecretHash: string;
  /** The 6 digits phones type (issue 24: 'Mis encuestas' shows them). */
  joinCode: string;
  createdAt: Date;
  updatedAt: Date;
  questionCount: number;
  /** Distinct participant ids among the poll's ballots: people, not ballots. */
  participantCount: number;
}

export interface PollChanges {
  title?: string;
  status?: PollStatus;
  oneVotePerQuestion?: boolean;
  resultsPublic?: boolean;
  presenterPace?: boolean;
  /** Null clears it. */
  currentQuestionId?: number | null;
  hideResultsUntilRevealed?: boolean;
  moderateText?: boolean;
  qa?: boolean;
  qaModerated?: boolean;
  strictFilter?: boolean;
  resultsAfterVote?: boolean;
  /** A reopened poll whose code another poll took meanwhile gets a new one. */
  joinCode?: string;
  quiz?: boolean;
  /** Null clears them. */
  opensAt?: Date | null;
  closesAt?: Date | null;
  speedPoints?: boolean;
}

export interface QuestionChanges {
  text?: string;
  ordinal?: number;
  resultsHidden?: boolean;
  /** A scale question's settings: its hidden value options follow (values above a lowered
   *  maximum are deleted with their choices). */
  scale?: Scale;
  /** A number question's settings (issue 26); answers already given stay as they are. */
  number?: NumberSettings;
  correctValue?: number | null;
  tolerance?: number | null;
  timeLimitSeconds?: number | null;
  /** Null clears it. */
  explanation?: string | null;
}

export interface NewPoll {
  slug: string;
  title: string;
  hostSecretHash: string;
  oneVotePerQuestion: boolean;
  resultsPublic: boolean;
  presenterPace?: boolean;
  /** Default false. */
  hideResultsUntilRevealed?: boolean;
  /** Default false. */
  moderateText?: boolean;
  /** Default false. */
  qa?: boolean;
  /** Default false. */
  qaModerated?: boolean;
  /** Default true. */
  strictFilter?: boolean;
  quiz?: boolean;
  /** Default false. */
  resultsAfterVote?: boolean;
  /** Default null, null, false. */
  opensAt?: Date | null;
  closesAt?: Date | null;
  speedPoints?: boolean;
  joinCode: string;
  /** Status defaults to draft. */
  status?: PollStatus;
  /** Questions copied in (duplicate); the ordinals given are kept. */
  questions?: NewQuestion[];
}

export interface QuestionRecord {
  id: number;
  pollId: number;
  text: string;
  type: QuestionType;
  ordinal: number;
  resultsHidden: boolean;
  /** A scale question's settings; null for other types. Its values are options 1..max
   *  (ordinal = value) that the API does not show. */
  scale: Scale | null;
  /** A number question's settings (issue 26); null for other types. */
  number: NumberSettings | null;
  /** Quiz, number questions: the value scoring in full and the margin; null when not set. */
  correctValue: number | null;
  tolerance: number | null;
  /** 'Explicación' (issue 27): null when none. The API shows it as it shows `correct`. */
  explanation: string | null;
  /** Quiz: seconds to answer (null: no limit) and the clock (null until it started/ends/closed). */
  timeLimitSeconds: number | null;
  startedAt: Date | null;
  endsAt: Date | null;
  closedAt: Date | null;
}

export interface OptionRecord {
  id: number;
  questionId: number;
  /** The poll the option belongs to (through its question), for the host check. */
  pollId: number;
  text: string;
  ordinal: number;
  /** Quiz: a correct answer. */
  correct: boolean;
}

export interface QuestionWithOptions extends QuestionRecord {
  options: OptionRecord[];
}

export interface NewQuestion {
  text: string;
  type: QuestionType;
  ordinal?: number;
  /** Default false. */
  resultsHidden?: boolean;
  /** For a scale; its options are given too (the values, by the domain). */
  scale?: Scale | null;
  /** For a number question (issue 26), with the quiz's correct value and margin. */
  number?: NumberSettings | null;
  correctValue?: number | null;
  tolerance?: number | null;
  /** Default null. */
  explanation?: string | null;
  /** Default null. */
  timeLimitSeconds?: number | null;
  options: { text: string; ordinal?: number; correct?: boolean }[];
}

/** What a ballot of a quiz is checked against, read once per transaction (or batch). */
export interface QuizGate {
  /** The current question while its clock runs (started, not closed). */
  running: { questionId: number; startedAt: number; endsAt: number | null } | null;
  /** The batch's participants that have a nickname. */
  players: Set<string>;
  /** Those of them with 'Más tiempo' (issue 27): their answers are taken until twice the
   *  limit after the start. */
  moreTime?: Set<string>;
}

/** The quiz's rules of refusal (domain/quiz/refusal.ts), judged inside the ballot's
 *  transaction against the gate read there. */
export type QuizRefusal = (
  gate: QuizGate,
  ballot: Pick<CastVoteInput, 'participantId' | 'answers' | 'now'>,
) => 'question-closed' | 'nickname-required' | undefined;

export interface CastVoteInput {
  pollId: number;
  /** A quiz's rules of refusal; without them a quiz's ballot is judged as any other. */
  quizRefusal?: QuizRefusal;
  /** From the participant cookie. */
  participantId: string;
  /** Already validated by the domain: each question of the poll at most once, options of it;
   *  an open answer only for an open-text question. */
  answers: StoreAnswer[];
  /** When true, a (question, participant) pair is recorded under a UNIQUE constraint, and a
   *  ballot touching an already answered question is refused whole. */
  oneVotePerQuestion: boolean;
  /** With a key: a stored key for this poll younger than IDEMPOTENCY_TTL_MS (relative to
   *  `now`) with the same ballotHash replays its stored response and stores nothing; with a
   *  different ballotHash it is a mismatch. Only stored ballots are remembered, with their
   *  response (`{saved}`) so a replay answers exactly as the first time. */
  idempotency?: { key: string; ballotHash: string };
  now: Date;
  /** Keyed hash of the client's address, for the host's integrity view (default ''). */
  source?: string;
  /** The participant id was issued moments before this ballot (default false). */
  freshParticipant?: boolean;
  /** When the participant id was issued (ms), as signed inside it. */
  participantIssuedAt?: number;
  /** The id held the poll's participation stream before this ballot (default false). */
  seated?: boolean;
}

export interface QuizAnswerTiming {
  source: string;
  questionId: number;
  optionId: number;
  /** How long after the question's start they arrived, in buckets (0 = the first bucketMs). */
  delayBucket: number;
  answers: number;
}

export interface BallotSource {
  /** Keyed hash of an address; '' for ballots stored before sources were recorded. */
  source: string;
  ballots: number;
  firstAt: Date;
  lastAt: Date;
  /** Unseated ballots whose participant id was issued moments before them. */
  freshParticipants: number;
  /** Unseated ballots whose participant id was issued within the same second as at least
   *  `bulkIds` − 1 other ids this source voted with unseated (ballotSources' argument). */
  bulkIssued: number;
  /** Ballots whose id held the poll's participation stream before voting: a person's. */
  seated: number;
}

/** A quiz question's clock, named by its start: after a reset the question runs again under a
 *  new start, so a close meant for the old run closes nothing (issue 25). */
export interface QuizRunningClock {
  questionId: number;
  /** ms */
  startedAt: number;
}

export type CastVoteResult =
  | {
      outcome: 'stored';
      saved: number;
      /** Quiz: every player has now answered this running question (the caller closes it, and
       *  only this run of it: its clock's start, read with the ballot). */
      everyoneAnswered?: QuizRunningClock;
    }
  /** Quiz: not the running question, or past its end plus the grace. */
  | { outcome: 'question-closed' }
  /** Quiz: only players (participants with a nickname) answer. */
  | { outcome: 'nickname-required' }
  /** This Idempotency-Key already stored this ballot: the first response's `saved`, replayed. */
  | { outcome: 'replayed'; saved: number }
  | { outcome: 'idempotency-mismatch' }
  /** One-vote-per-question refused the ballot; the questions already answered. */
  | { outcome: 'already-voted'; questionIds: number[] }
  /** Checked inside the transaction, so a poll closed a moment ago takes no more votes. */
  | { outcome: 'poll-not-open' }
  /** A question or option of the ballot vanished between validation and the write. */
  | { outcome: 'stale-ballot' };

export interface VoteCounts {
  ballots: number;
  /** Per option that has at least one choice. */
  optionCounts: { optionId: number; count: number }[];
  /** Ranking questions (issue 26): answers per option and place (1 = top), counts above 0. */
  placeCounts?: { optionId: number; position: number; count: number }[];
  /** Number questions (issue 26): every answer's value, per question. */
  numberValues?: { questionId: number; values: number[] }[];
  /** Per question: ballots that answered it. */
  respondents: { questionId: number; count: number }[];
  /** Per open-text question (every one of the poll). */
  texts: TextCounts[];
}

export interface BallotPage {
  /** The last id of the previous page; omitted for the first page. */
  afterId?: number;
  /** At most this many ballots (kept to a few hundred: the choices are read with IN (ids)). */
  limit: number;
}

export interface BallotRecord {
  id: number;
  /** The participant (cookie id) who sent it: exports group a person's ballots into one row. */
  participantId: string;
  createdAt: Date;
  /** Sorted by question id, then option id; a ranking's with the option's place (1 = top). */
  choices: { questionId: number; optionId: number; position?: number }[];
  /** Its open answers, by question id. */
  texts: { questionId: number; text: string; state: AnswerState }[];
  /** Its answers to number questions (issue 26). */
  values: { questionId: number; value: number }[];
}

export interface TallyOptions {
  /** Only these open-text questions' words, hidden words and newest answers are read (the
   *  live cache keeps the others' from its last read): `counts.texts` still has every text
   *  question's counters, with no words for the others, and `texts` only these. Default: all. */
  textsOf?: readonly number[];
}

export interface TextTallySlice {
  counts: TextCounts[];
  texts: TextTally[];
}

export interface Tally {
  poll: PollRecord;
  questions: QuestionWithOptions[];
  counts: VoteCounts;
  /** Per open-text question. */
  texts: TextTally[];
}

/** Settings of a store that are not the engine's. */
export interface StoreOptions {
  /** TEXT_WORDS_MAX (server/limits.ts). */
  textWordsMax?: number;
  /** Tests: hears each SQL statement the store sends (BEGIN and COMMIT too), so a test can
   *  count a read's round trips on either engine. Unset in production: no cost then. */
  onStatement?: (sql: string) => void;
}

/** Thrown by createPoll when the slug, or the join code among polls not closed, is taken
 *  (unique constraints, so two instances racing for one cannot both get it). */
export class PollKeyTakenError extends Error {
  constructor(slug: string, joinCode: string) {
    super(`Slug ${slug} or join code ${joinCode} already taken`);
    this.name = 'PollKeyTakenError';
  }
}

/** A player's answer to a quiz question, as the close scores it. */
export interface QuizAnswer {
  /** The ballot's receipt time minus the question's start. */
  elapsedMs: number;
  /** A ranking's in its order, top first. */
  optionIds: number[];
  /** A number question's answer (issue 26). */
  value?: number;
}

/** Points of one answer (the domain's rule, quiz/scoring.ts). */
/** The domain's key of a nickname, and the version of that rule (migration 023). */
export interface NicknameKeyRule {
  keyOf: (nickname: string) => string;
  version: number;
  /** Longest nickname: a renamed look-alike stays within it. */
  maxLength: number;
}

export type QuizScorer = (
  answer: QuizAnswer,
  question: {
    type: string;
    limitSeconds: number | null;
    correctOptionIds: number[];
    /** The options in the host's order: a ranking's correct order (issue 26). */
    optionIdsInOrder: number[];
    /** A number question's (issue 26); null for other types or when not set. */
    correctValue: number | null;
    tolerance: number | null;
  },
) => { points: number; correct: boolean };

export type CloseOutcome =
  | 'closed'
  | 'already-closed'
  | 'not-started'
  | 'not-found'
  /** The question runs again under another clock (a reset): not the caller's to close. */
  | 'other-run';

export interface QuizStandingsRows {
  /** In the order they closed. */
  closedQuestionIds: number[];
  players: {
    participantId: string;
    nickname: string;
    score: number;
    correct: number;
    /** Points of the last closed question. */
    lastPoints: number;
    /** 'Más tiempo': the player's time limits doubled (absent: false). */
    moreTime?: boolean;
  }[];
}

export interface OpenClock {
  questionId: number;
  slug: string;
  /** Names the run: a timer closes only the clock it was armed for. */
  startedAt: number;
  endsAt: number;
}
