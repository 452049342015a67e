import type { Generated } from 'kysely';

/**
 * Table types shared by every engine. Booleans are 0/1 integers and timestamps are epoch
 * milliseconds (bigint columns) so the same queries and migrations run on SQLite and PostgreSQL.
 * PostgreSQL returns bigint and count() as strings: readers wrap numbers in Number().
 */
export interface Database {
  polls: PollsTable;
  questions: QuestionsTable;
  options: OptionsTable;
  ballots: BallotsTable;
  choices: ChoicesTable;
  answered_questions: AnsweredQuestionsTable;
  idempotency_keys: IdempotencyKeysTable;
  server_keys: ServerKeysTable;
  text_answers: TextAnswersTable;
  set_aside: SetAsideTable;
  text_words: TextWordsTable;
  hidden_words: HiddenWordsTable;
  qa_questions: QaQuestionsTable;
  qa_votes: QaVotesTable;
  blocked_words: BlockedWordsTable;
  quiz_players: QuizPlayersTable;
  quiz_results: QuizResultsTable;
  homework_turns: HomeworkTurnsTable;
  poll_participants: PollParticipantsTable;
  cohosts: CohostsTable;
  cohost_actions: CohostActionsTable;
  number_answers: NumberAnswersTable;
  poll_rounds: PollRoundsTable;
}

export interface PollsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  status: string;
  one_vote_per_question: number;
  results_public: number;
  host_secret_hash: string;
  created_at: number;
  updated_at: number;
  /** Migration 006: the presenter pace setting and the question the presenter shows. */
  presenter_pace: Generated<number>;
  current_question_id: number | null;
  /** Counters (migration 002), kept by every vote write: ballots of the poll… */
  ballot_count: Generated<number>;
  /** Migration 005: 6 digits, unique among the polls not closed (partial unique index). */
  join_code: string;
  hide_results_until_revealed: Generated<number>;
  /** Migration 007: open answers wait for the host's approval while 1. */
  moderate_text: Generated<number>;
  /** Migration 012: audience Q&A on, and its questions held for review. */
  qa: Generated<number>;
  qa_moderated: Generated<number>;
  strict_filter: Generated<number>;
  /** Migration 008: how many times the host reset the votes (the poll's run). */
  reset_count: Generated<number>;
  /** Migration 009: the poll is a quiz while 1. */
  quiz: Generated<number>;
  /** Migration 020: 'Resultados tras votar' while 1. */
  results_after_vote: Generated<number>;
  /** Migration 013: distinct participant ids with a ballot (rows of poll_participants). */
  participant_count: Generated<number>;
  /** Migration 022: homework's window (epoch ms, null: none) and 'Puntos por rapidez'. */
  opens_at: number | null;
  closes_at: number | null;
  speed_points: Generated<number>;
}

/** Migration 013: who has a ballot in each poll, once each (the participant counter's key). */
export interface PollParticipantsTable {
  /** Migration 024: the participant's number in the poll, which one-vote rows reference. */
  id: Generated<number>;
  poll_id: number;
  participant_id: string;
}

export interface QuestionsTable {
  id: Generated<number>;
  poll_id: number;
  text: string;
  type: string;
  ordinal: number;
  /** Migration 005: only the host gets the counts while 1. */
  results_hidden: Generated<number>;
  /** …ballots that answered the question… */
  respondent_count: Generated<number>;
  /** Migration 007: a scale's maximum (5 or 10) and end labels; null for other types. */
  scale_max: number | null;
  scale_min_label: string | null;
  scale_max_label: string | null;
  /** An open-text question's answers in the cloud, and those waiting for the host. */
  visible_answers: Generated<number>;
  pending_answers: Generated<number>;
  /** Migration 009: the quiz's time limit (null: none) and the question's clock (epoch ms). */
  time_limit_seconds: number | null;
  started_at: number | null;
  ends_at: number | null;
  closed_at: number | null;
  /** Migration 019: a number question's range, decimals and unit (null for other types), and
   *  in a quiz its correct value and margin. */
  number_min: number | null;
  number_max: number | null;
  number_decimals: number | null;
  number_unit: string | null;
  correct_value: number | null;
  tolerance: number | null;
  /** Migration 020: 'Explicación', shown once the results are revealed (null: none). */
  explanation: string | null;
}

export interface OptionsTable {
  id: Generated<number>;
  question_id: number;
  text: string;
  ordinal: number;
  /** …and choices of the option. */
  vote_count: Generated<number>;
  /** Migration 009: a correct answer of a quiz question while 1. */
  correct: Generated<number>;
}

/** One row per stored ballot (a vote submission); totalVotes counts these. */
export interface BallotsTable {
  id: Generated<number>;
  poll_id: number;
  participant_id: string;
  created_at: number;
  /** Keyed hash of the client's address (migration 004); '' for older ballots. */
  source: Generated<string>;
  /** 1 when the participant id was issued moments before this ballot (a new cookie). */
  fresh_participant: Generated<number>;
  /** When the ballot's participant id was issued (ms; migration 010); null for older ballots. */
  participant_issued_at: number | null;
  /** 1 when the id held the poll's participation stream before this ballot (migration 013). */
  seated: Generated<number>;
}

/** One row per option chosen in a ballot; an answer is a ballot's choices for one question. */
export interface ChoicesTable {
  ballot_id: number;
  question_id: number;
  option_id: number;
  /** Migration 019: a ranking's place of the option, 1 = top; null for other types. */
  position: number | null;
}

/** Migration 019: a number question's answer, one per ballot. */
export interface NumberAnswersTable {
  ballot_id: number;
  question_id: number;
  value: number;
}

/**
 * (question, participant) pairs, written only when oneVotePerQuestion is on. Its primary key is
 * the one-vote rule itself: a second answer fails on the constraint, even under concurrency.
 */
export interface AnsweredQuestionsTable {
  question_id: number;
  /** Migration 024: poll_participants.id of the participant (of the question's poll). */
  participant_number: number;
  ballot_id: number;
}

/** Idempotency-Keys of stored ballots, so a retried submission is answered, not counted again. */
export interface IdempotencyKeysTable {
  poll_id: number;
  key: string;
  ballot_hash: string;
  /** JSON of the first response, replayed as is. */
  response: string;
  created_at: number;
}

/** Keys the server generates once and every instance shares (migration 004). */
export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: number;
}

/** Discarded ballots set aside until restored or emptied (migration 014; kysely-set-aside.ts). */
export interface SetAsideTable {
  poll_id: number;
  source: string;
  ballots: number;
  /** JSON of SetAsidePayload. */
  payload: string;
  created_at: number;
}

/** Open answers (migration 007). `state`: visible | flagged | held | hidden. */
export interface TextAnswersTable {
  id: Generated<number>;
  poll_id: number;
  question_id: number;
  ballot_id: number;
  text: string;
  /** The spellings it counts in the cloud while visible, '\n'-separated ('' for none). */
  words: string;
  state: string;
  created_at: number;
}

/** The cloud's counters: visible answers containing each spelling (migration 007). */
export interface TextWordsTable {
  question_id: number;
  spelling: string;
  /** The folded form spellings are grouped by. */
  word_key: string;
  count: number;
}

/** Folded words the host took out of the public cloud. */
export interface HiddenWordsTable {
  question_id: number;
  word_key: string;
}

/** Migration 012: a question the audience asked (issue 20). */
export interface QaQuestionsTable {
  id: Generated<number>;
  poll_id: number;
  participant_id: string;
  nickname: string | null;
  text: string;
  /** visible | held | flagged | hidden */
  state: string;
  pinned: Generated<number>;
  answered: Generated<number>;
  /** Rows of qa_votes for this question, kept by every vote write. */
  votes: Generated<number>;
  created_at: number;
  /** Migration 014: keyed hash of (address, poll) that asked; '' before it. */
  source: Generated<string>;
}

/** One upvote: primary key (question_id, participant_id). */
export interface QaVotesTable {
  question_id: number;
  participant_id: string;
  /** Migration 014: the integrity signals of an upvote, and 1 while the host set it aside. */
  source: Generated<string>;
  fresh_participant: Generated<number>;
  participant_issued_at: number | null;
  discarded: Generated<number>;
}

/** Words a host blocks for one poll (issue 17), as typed. */
export interface BlockedWordsTable {
  poll_id: number;
  word: string;
}

/** A participant with a nickname in a quiz (migration 009). */
export interface QuizPlayersTable {
  poll_id: number;
  participant_id: string;
  nickname: string;
  /** How the nickname looks (domain/quiz/nickname.ts nicknameKey): unique per poll. */
  nickname_key: string;
  /** The version of the key's rule that made nickname_key (migration 023; 0 before it). */
  key_version: Generated<number>;
  created_at: number;
  /** Migration 022: 'Más tiempo', the player's time limits doubled while 1. */
  more_time: Generated<number>;
}

/** A question a self-paced quiz opened for one player, with its clock (migration 022). */
export interface HomeworkTurnsTable {
  poll_id: number;
  participant_id: string;
  question_id: number;
  started_at: number;
  ends_at: number | null;
  answered_at: number | null;
  points: Generated<number>;
  correct: Generated<number>;
}

/** A player's outcome of a closed quiz question (migration 009), written once at its close. */
export interface QuizResultsTable {
  question_id: number;
  poll_id: number;
  participant_id: string;
  points: number;
  correct: number;
}

/** A co-host link (issue 28, migration 018). */
export interface CohostsTable {
  id: Generated<number>;
  poll_id: number;
  scope: string;
  label: string;
  secret_hash: string;
  created_at: number;
  last_used_at: number | null;
}

/** What a co-host link did (migration 018). */
export interface CohostActionsTable {
  id: Generated<number>;
  poll_id: number;
  cohost_id: number;
  label: string;
  scope: string;
  action: string;
  target: string;
  at: number;
}

/** Migration 021: an archived round (issue 27): its summaries and leaderboard as JSON. */
export interface PollRoundsTable {
  poll_id: number;
  round: number;
  /** Ballots the round closed with. */
  ballots: number;
  host_summary: string;
  audience_summary: string;
  /** A quiz's standings at the round's end; null for a poll. */
  leaderboard: string | null;
  /** JSON of the export's summary rows as the round closed. */
  export_rows: Generated<string>;
  closed_at: number;
  /** 1 while deleted by 'Borrar rondas' and still restorable. */
  discarded: Generated<number>;
}
