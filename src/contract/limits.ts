/** Business constants of spec §9, plus the server-side limits the spec leaves open. */

export const POLL_TITLE_MAX = 120;
export const QUESTION_TEXT_MAX = 240;
export const OPTION_TEXT_MAX = 120;
/** 'Explicación' (issue 27): the why of an answer, a few sentences read on a phone. */
export const EXPLANATION_MAX = 500;

/** Question types (spec §9, issue 13's open text and rating scale, issue 26's ranking and
 *  number); poll.ts makes the schema of them, question-types/ holds each one's rules. */
export const QUESTION_TYPES = [
  'single',
  'multiple',
  'yesno',
  'text',
  'scale',
  'ranking',
  'number',
] as const;
/** The types whose answers are chosen options; `text` and `scale` questions have none. */
export const CHOICE_TYPES = ['single', 'multiple', 'yesno'] as const;

// Issue 13: open text and rating scale.
/** An open answer: one tweet-sized line, short enough for a word cloud and a projected list. */
export const TEXT_ANSWER_MAX = 140;
/** Fewest visible characters (graphemes) of an open answer: a lone letter or emoji says
 *  nothing, and Slido asks for more still (3). */
export const TEXT_ANSWER_MIN_VISIBLE = 2;
/** A scale runs from 1 to one of these. */
export const SCALE_MAXES = [5, 10] as const;
/** 'Nada' … 'Mucho': a word or two under each end of the row of buttons. */
export const SCALE_LABEL_MAX = 40;

// Issue 26: ranking ('Ordenar') and numeric estimate ('Número').
/** Two options are the least that has an order; past ten, ordering on a phone is a chore
 *  (Slido and Mentimeter stop about there). */
export const RANKING_OPTIONS_MIN = 2;
export const RANKING_OPTIONS_MAX = 10;
/** A number's bounds: a trillion covers populations and budgets, and with 3 decimals every
 *  value still fits a double exactly (10^15 < 2^53). */
export const NUMBER_ABS_MAX = 1_000_000_000_000;
export const NUMBER_DECIMALS_MAX = 3;
/** 'años', 'km²', '€/mes': a unit, not a sentence. */
export const NUMBER_UNIT_MAX = 12;
/** A number summary's histogram: fewer bins than this say nothing, more do not fit a slide. */
export const NUMBER_BINS_MIN = 5;
export const NUMBER_BINS_MAX = 20;
/** Words of a cloud in a summary: more are unreadable on a projector, and the summary (sent to
 *  every screen on every change) stays small. */
export const CLOUD_WORDS_MAX = 60;
/** Newest answers carried by a summary, for the list toggle; older ones come page by page. */
export const SUMMARY_ANSWERS_MAX = 30;
/** Largest page of GET …/questions/{id}/answers. */
export const ANSWERS_PAGE_MAX = 100;
/** What happened to an open answer: only `visible` ones are public (T13-API.md). */
export const ANSWER_STATES = ['visible', 'flagged', 'held', 'hidden'] as const;

/** A new question form starts with this many empty option rows (spec §9). */
export const NEW_QUESTION_OPTION_ROWS = 2;

/** Heartbeat comment period of the live stream, so proxies keep it open (live-events.ts). */
export const LIVE_HEARTBEAT_MS = 15_000;

/** Results refresh when push is unavailable (spec §9). */
export const RESULTS_POLL_INTERVAL_MS = 2500;
/** Delay before the duplicate's panel opens, so the toast can be read (spec §9). */
export const DUPLICATE_NAV_DELAY_MS = 1000;
/** Default lifetime of cached queries (spec §9). */
export const CACHE_LIFETIME_MS = 5 * 60 * 1000;

export const QR_DIALOG_SIZE_PX = 200;
export const QR_DOWNLOAD_SIZE_PX = 512;
export const QR_ERROR_LEVEL = 'M' as const;

/** 'Mis encuestas' (issue 17): polls named in one lookup by the web app; the server's cap
 *  (MY_POLLS_LOOKUP_MAX) is never below it. More codes than this take one request per 100. */
export const MY_POLLS_BATCH = 100;

// Server-side limits (spec §9 leaves them open). Real polls have a handful of questions and
// options; these bounds only stop a script from growing one poll without end.
export const MAX_QUESTIONS_PER_POLL = 100;
export const MAX_OPTIONS_PER_QUESTION = 50;
/** Largest request body; a ballot for the largest poll above fits well inside it. */
export const MAX_BODY_BYTES = 64 * 1024;
/** How long a ballot's Idempotency-Key is remembered: a day covers any retry a phone makes. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Idempotency keys are client-generated UUIDs or similar; anything longer is refused. */
export const IDEMPOTENCY_KEY_MAX = 128;

/**
 * Most combining marks in a row (accents, vowel signs) in any text. Written languages stack at
 * most three or so on one letter (Vietnamese two after NFC, Indic vowel signs and nasals a few);
 * dozens ("Zalgo" text) draw over the lines around them, on the results page and the projector.
 */
export const COMBINING_MARKS_RUN_MAX = 4;

/** Slug alphabet without look-alikes (no 0, O, 1, l, I), 8 characters. */
export const SLUG_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const SLUG_LENGTH = 8;
/** A well-formed slug; anything else is no poll, answered before any query. */
export const SLUG_PATTERN = new RegExp(`^[${SLUG_ALPHABET}]{${SLUG_LENGTH}}$`);

/** Name of the participant cookie (random id, HttpOnly, one year). */
export const PARTICIPANT_COOKIE = 'sondeo_pid';
export const HOST_SECRET_HEADER = 'x-host-secret';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

// Issue 18: 'Concurso' (quiz).
/** A question's time limit, in seconds, when it has one: below 5 s nobody can read the
 *  question, above 5 minutes it is no longer a quiz round. */
export const TIME_LIMIT_MIN = 5;
export const TIME_LIMIT_MAX = 300;
/** The choices of the panel's 'Tiempo' select (null is 'Sin límite'). */
export const TIME_LIMIT_CHOICES = [10, 20, 30, 60, 90, 120] as const;
/** New questions of a quiz start with this limit (the server applies it when none is sent). */
export const TIME_LIMIT_DEFAULT = 20;
/** A nickname's length, in visible characters (at least) and characters (at most). */
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 24;
/** Points of a correct answer given at once (and of any correct answer without a limit). */
export const QUIZ_MAX_POINTS = 1000;
/** An answer arriving this long after endsAt still counts: the network's delay. */
export const QUIZ_GRACE_MS = 1000;
/** Leaderboard rows by default (the projector's top 10) and at most. */
export const LEADERBOARD_DEFAULT = 10;
export const LEADERBOARD_MAX = 100;
