import { z } from 'zod';
import { BlockedWords, BlockedWordsBody, BlockedWordsResponse } from './blocked-words.ts';
import { cohostRoutes } from './cohosts.ts';
import { type Endpoint, type EndpointName, endpoints } from './endpoints.ts';
import { CSV_SEPARATORS, EXPORT_FORMATS } from './export.ts';
import { HomeworkProgress, MoreTimeBody, MoreTimeParams, MoreTimeResponse } from './homework.ts';
import { CREATION_KEY_NOTE, CreationHeaders } from './idempotency.ts';
import {
  DiscardBody,
  DiscardResponse,
  EmptyDiscardedResponse,
  Integrity,
  IntegrityQuery,
  RestoreDiscardedBody,
  RestoreDiscardedResponse,
} from './integrity.ts';

import { LiveEventsQuery } from './live-events.ts';
import {
  AnswerParams,
  AnswersPage,
  ApproveAnswersResponse,
  HiddenWordBody,
  HiddenWordsResponse,
  ListAnswersQuery,
  ModerateAnswerBody,
  ModerateAnswerResponse,
  QuestionAnswersParams,
} from './moderation.ts';
import { LookupPollsBody, LookupPollsResponse } from './my-polls.ts';
import {
  CreateOptionBody,
  CreatePollBody,
  CreatePollResponse,
  CreateQuestionBody,
  DuplicateResponse,
  IdParams,
  JoinCodeParams,
  JoinResponse,
  NextQuestionResponse,
  Option,
  ParticipantState,
  Poll,
  Question,
  ReorderBody,
  ResetResponse,
  SlugParams,
  UpdateOptionBody,
  UpdatePollBody,
  UpdateQuestionBody,
} from './poll.ts';
import { pollFileRoutes } from './poll-file.ts';
import { qaRoutes } from './qa-routes.ts';
import {
  CloseQuestionParams,
  Leaderboard,
  LeaderboardQuery,
  PlayerParams,
  QuizClock,
  RenamePlayerBody,
  SetNicknameBody,
  SetNicknameResponse,
} from './quiz.ts';
import { roundRoutes, SummaryQuery } from './rounds.ts';
import { Summary } from './summary.ts';
import { isTimeZone } from './time-zone.ts';
import { Ballot, VoteHeaders, VoteResponse } from './vote.ts';

export { API_BASE, routePath } from './endpoints.ts';

/** Where the server can be reached from other devices (QR dialog). */
export const ServerInfo = z.object({
  /** PUBLIC_URL when configured, else null. */
  publicUrl: z.string().nullable(),
  /** http://{lan-ip}:{port} for each non-internal IPv4 address of the machine. */
  lanUrls: z.array(z.string()),
});
export type ServerInfo = z.infer<typeof ServerInfo>;

/** Liveness: the process answers HTTP (used by tests and process managers). */
export const Health = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof Health>;

type RouteDef = Endpoint & {
  /** For the OpenAPI document, where the schemas do not say it all. */
  description?: string;
  params?: z.ZodType;
  /** The query string (?name=value). */
  query?: z.ZodType;
  /** Request headers the call reads besides X-Host-Secret (other headers pass through). */
  headers?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
};

/**
 * The calls of spec §7 (endpoints.ts) with their schemas: one table for the server (validation,
 * serialisation, OpenAPI) and the web client's types. A route missing from endpoints.ts, or an
 * endpoint without its route here, does not type-check.
 */
export const routes = {
  createPoll: {
    ...endpoints.createPoll,
    description: `Creates a draft poll; the answer carries its host_secret.${CREATION_KEY_NOTE}`,
    headers: CreationHeaders,
    body: CreatePollBody,
    response: CreatePollResponse,
  },
  getPoll: {
    ...endpoints.getPoll,
    description:
      'The poll with its questions and options (a quiz hides `correct` from all but the host ' +
      'until the question closes). Anonymous reads are rate-limited per client address ' +
      '(READ_BURST, READ_RATE_PER_S), and one that makes the server load a poll it does not ' +
      "hold in memory pays for the load from the address's READ_REBUILD budget: in debt, " +
      '`429 RATE_LIMITED` with `Retry-After`.',
    params: SlugParams,
    response: Poll,
  },
  lookupPolls: {
    ...endpoints.lookupPolls,
    description:
      "'Mis encuestas': the polls this browser holds host codes for, in one request. The body " +
      'lists `{slug, secret}` pairs (secrets in the body, never in a URL; at most ' +
      'MY_POLLS_LOOKUP_MAX, 100 by default; more is 400 VALIDATION_ERROR). Each secret is ' +
      'checked in constant time; an unknown slug and a wrong secret are both answered ' +
      '`{slug, missing: true}`, so the answer never tells whether a slug exists. A found poll ' +
      'carries its title, status, dates, `questionCount` and `participantCount` (people who ' +
      'answered: distinct participant ids, not ballots). Found polls come first, by `updatedAt` ' +
      'newest first. Rate-limited per client address (POLL_LOOKUPS_PER_MIN).',
    body: LookupPollsBody,
    response: LookupPollsResponse,
  },
  /** Changes nothing: lets the panel check a presenter code before it unlocks. */
  checkHost: {
    ...endpoints.checkHost,
    description:
      'Checks X-Host-Secret against the poll and changes nothing: 204 when it is this ' +
      "poll's presenter code, 403 FORBIDDEN when it is not, 401 NO_SECRET without one, 404 " +
      'POLL_NOT_FOUND for an unknown slug. The host panel asks before it unlocks.',
    params: SlugParams,
  },
  updatePoll: {
    ...endpoints.updatePoll,
    description:
      'Status moves draft → open → closed, and closed → open again (reopen). Reopening is a ' +
      'deliberate departure from the spec\'s "no way back" (issue 17): a teacher runs the same ' +
      'poll with the next group after resetting its votes. Join codes are unique among polls ' +
      'not closed: if another poll took the code while this one was closed, the reopened poll ' +
      'gets a new `joinCode`. Any other move is 409 INVALID_TRANSITION. ' +
      'Title, status, settings (`quiz` turns the poll into a game) or `currentQuestionId`. In a ' +
      'quiz, making a question current starts its clock once (`clock` on the poll); showing ' +
      'a question that already ran does not start it again. Reopening a quiz starts a new game ' +
      'as POST …/reset does (its answers, players, scores and clocks go).',
    params: SlugParams,
    body: UpdatePollBody,
    response: Poll,
  },
  createQuestion: {
    ...endpoints.createQuestion,
    description:
      'Types `single`, `multiple` and `yesno` take `options` (yes/no always gets Sí and No); ' +
      '`text` (open answer, word cloud) takes none; `scale` takes none and requires ' +
      '`scale: {max: 5 | 10, minLabel?, maxLabel?}` (the minimum is always 1). Options with ' +
      '`text`/`scale`, or `scale` with another type, are 400 VALIDATION_ERROR.' +
      CREATION_KEY_NOTE,
    headers: CreationHeaders,
    params: SlugParams,
    body: CreateQuestionBody,
    response: Question,
  },
  updateQuestion: {
    ...endpoints.updateQuestion,
    description:
      'Text, ordinal, or `resultsHidden`: while true only the host (X-Host-Secret) receives ' +
      "the question's counts, by GET …/summary and by the stream; others get `hidden: true` " +
      'and the number of people who answered. A scale question also takes `scale`; lowering ' +
      'its maximum deletes the answers above the new one.',
    params: IdParams,
    body: UpdateQuestionBody,
    response: Question,
  },
  deleteQuestion: {
    ...endpoints.deleteQuestion,
    params: IdParams,
  },
  createOption: {
    ...endpoints.createOption,
    description: `Adds an option to a question.${CREATION_KEY_NOTE}`,
    headers: CreationHeaders,
    params: IdParams,
    body: CreateOptionBody,
    response: Option,
  },
  updateOption: {
    ...endpoints.updateOption,
    params: IdParams,
    body: UpdateOptionBody,
    response: Option,
  },
  deleteOption: {
    ...endpoints.deleteOption,
    params: IdParams,
  },
  reorderQuestions: {
    ...endpoints.reorderQuestions,
    params: SlugParams,
    body: ReorderBody,
    response: z.array(Question),
  },
  deletePoll: {
    ...endpoints.deletePoll,
    description:
      "'Eliminar encuesta': erases the poll with everything of it (questions, options, ballots, " +
      'open answers, quiz players, audience questions, blocked words), also from the database ' +
      'file (SQLite secure delete; PostgreSQL frees the rows at its next vacuum). 204; then ' +
      '404 POLL_NOT_FOUND for everyone. Open event streams of the poll get a `deleted` frame ' +
      'and end.',
    params: SlugParams,
  },
  duplicatePoll: {
    ...endpoints.duplicatePoll,
    params: SlugParams,
    response: DuplicateResponse,
  },
  castVote: {
    ...endpoints.castVote,
    description:
      'A ballot: one answer per question answered, by shape — `{questionId, optionIds}` ' +
      '(single, multiple, yes/no), `{questionId, text}` (open text: 2 to 140 characters, at ' +
      'least 2 visible) or `{questionId, value}` (scale: 1..max). A shape that does not fit ' +
      "the question's type is 400 INVALID_BALLOT. An open answer matching the profanity list " +
      "is stored `flagged`; with the poll's `moderateText` on, every open answer is stored " +
      '`held`; neither is public until the host shows it. In a quiz (always presenter-paced) ' +
      'only players (a nickname set by PUT …/me, else 409 NICKNAME_REQUIRED) answer, once per ' +
      'question (409 ALREADY_VOTED), and only the running question: another one, or one past ' +
      'its endsAt plus 1 s, is 409 QUESTION_CLOSED.',
    params: SlugParams,
    headers: VoteHeaders,
    body: Ballot,
    response: VoteResponse,
  },
  getSummary: {
    ...endpoints.getSummary,
    description:
      'Counts per question. `text` questions carry `words` (the cloud, at most 60, most ' +
      'frequent first), `answers` (the newest 30) and, for the host, `pendingCount`; without ' +
      'X-Host-Secret only visible answers and words not hidden by the host (an answer holding a ' +
      'hidden word, in any spelling the filter folds, is left out of `answers` too: issue 24), ' +
      'and for the host every answer with its `state` and hidden words marked `hidden: true`. ' +
      '`scale` questions ' +
      'carry `values` (every value 1..max with its count), `average` (exact mean, null with no ' +
      "answers) and `scale`. While a question's results are hidden from the caller: no counts, " +
      'no `values`/`average`, and empty `words`/`answers`. Anonymous reads are rate-limited ' +
      'per address, and one that makes the server rebuild the summary pays for it from the ' +
      "address's READ_REBUILD budget: in debt, `429 RATE_LIMITED` with `Retry-After`. " +
      'Rounds (issue 27): `round=N` gives round N as it closed (the current round: as now; 404 ' +
      'ROUND_NOT_FOUND for one not kept); `compare=A,B` gives a RoundComparison: both summaries ' +
      "of each question and the change, by the type's rule: each option's percentage and the " +
      'change in points, the two clouds, the two averages; in a quiz the % of players correct.',
    params: SlugParams,
    query: SummaryQuery,
    response: Summary,
  },
  /** Server-sent events; see live-events.ts for the protocol. */
  pollEvents: {
    ...endpoints.pollEvents,
    description:
      'Live stream (text/event-stream) of the poll. On connect: `retry: 2000`, then `poll` (as ' +
      'GET /polls/{slug}) and, if the caller may see results, `summary` (as GET …/summary). ' +
      'Then `poll` on every change of the poll and `summary` after vote changes, coalesced ' +
      'per 200 ms (up to 500 ms while the server is saturated); a `: ping` comment every 15 s. Every event has an increasing `id`; a ' +
      'reconnect with Last-Event-ID gets the current state at once. The host sends ' +
      'X-Host-Secret (never in the URL) and also gets `presence` ({participants}: people with ' +
      'the participation page open, coalesced per second); a participant page adds ' +
      '`?as=participant` to be counted, and then gets `poll` frames only (the participation ' +
      'page shows no results), plus, in a quiz, a `player` frame when a question closes or ' +
      'the game ends: the quiz fields of GET …/me (nickname, score, rank, players, results, ' +
      'moreTime) ' +
      "for that stream's own player only.",
    params: SlugParams,
    query: LiveEventsQuery,
  },
  participantState: {
    ...endpoints.participantState,
    description:
      'The questions the caller (participant cookie) has answered in this poll, with ' +
      'oneVotePerQuestion on or off: a reopened participation page shows what is left. In a ' +
      'quiz also the player: nickname, score, rank, players, results of the closed questions ' +
      "and `moreTime` ('Más tiempo', set by the host with PUT …/players/{nickname}/more-time): " +
      "when true, the player's answer to a live question is taken until startedAt plus twice " +
      "the limit (plus 1 s), so its countdown ends there, not at the clock's endsAt.",
    params: SlugParams,
    response: ParticipantState,
  },
  joinPoll: {
    ...endpoints.joinPoll,
    description:
      'The slug of the poll, not closed, with this 6-digit join code; 404 JOIN_CODE_NOT_FOUND ' +
      'otherwise. Failed look-ups (no open poll with the code) are rate-limited per client address against guessing (JOIN_FAILED_LOOKUPS_PER_MIN); right codes take the read bucket only. In a ' +
      'browser, GET /{code} redirects to /p/{slug}.',
    params: JoinCodeParams,
    response: JoinResponse,
  },
  resetVotes: {
    ...endpoints.resetVotes,
    description:
      'Deletes every ballot of the poll, in any status (an open poll too: issue 17), with the ' +
      "participants' one-vote records, so every phone may vote again; the poll's `resetCount` " +
      "goes up by one (the participant page ties its 'vote sent' flag to it). A quiz starts " +
      'afresh (issue 24): no players (nicknames free again), no scores, every question ready to ' +
      'run (clocks cleared) and none current, so the presenter starts the first one again; a ' +
      'clock of the last run closes nothing of the new one. Allowed with no ballots too.',
    params: SlugParams,
    response: ResetResponse,
  },
  /** A file (CSV or XLSX), not JSON; the web app downloads it with fetch + blob. */
  exportResults: {
    ...endpoints.exportResults,
    description:
      'The results as a file for the host: `format=csv` (text/csv, UTF-8 with BOM, RFC 4180) ' +
      'or `format=xlsx` (an Excel workbook). A summary (question, type, option, count, ' +
      "percentage, respondents: a multiple question's percentage is of the people who answered " +
      "it, a single or yes/no question's of its answers) and the anonymous ballots (number, " +
      'time, the options chosen per question). In the CSV a text starting with =, +, -, @, a ' +
      'tab or a carriage return gets an apostrophe, as does such a text after a ";" or a tab ' +
      'inside a field, and fields holding ",", ";" or a tab are quoted: read with "," or with ' +
      '";" (Excel in Spanish), no cell is run as a formula. ' +
      'Issue 24: the CSV writes `;` between fields and decimal commas (what a Spanish Excel ' +
      'splits); `separator=comma` writes `,` and decimal points (RFC 4180, the file of before). ' +
      'The XLSX holds numbers as numbers (counts, percentages, scale values) and times as dates. ' +
      'Times are written in the zone `tz` (an IANA name such as `Europe/Madrid`; the panel sends ' +
      "the browser's; the server's zone without it; an unknown name is a 400). The summary's " +
      'header counts what each section lists (`Papeletas`: the rows of the ballots section, a ' +
      "participant's ballots of one run joined in one row). Sent as an attachment named after " +
      "the poll's title (`filename` in ASCII, `filename*` in UTF-8; `resultados-{slug}` when " +
      'the title has nothing a file name may hold). Built a slice at a time and streamed; ' +
      'exports share a per-address bucket with the integrity view (429 past its burst).',
    params: SlugParams,
    query: z.object({
      format: z.enum(EXPORT_FORMATS).default('csv'),
      separator: z.enum(CSV_SEPARATORS).default('semicolon'),
      // One message for every bad zone, a too long one included (isTimeZone caps the length).
      tz: z
        .string()
        .refine(isTimeZone, {
          message: 'Zona horaria desconocida: usa un nombre IANA, como Europe/Madrid',
        })
        .optional(),
    }),
  },
  getIntegrity: {
    ...endpoints.getIntegrity,
    description:
      'Where the ballots came from: grouped by source (a keyed hash of the client address and ' +
      'the poll, never the address), with counts, first and last time and ballots from ' +
      'participant ids younger than 10 s and from ids issued in bulk (many within one second: ' +
      'a bank of ids a script took at once, however long it waited); plus ballots the rate ' +
      'limits refused. Every source, a page at a time (`offset`, `limit` up to 500); ' +
      '`unusualSources` counts the flagged ones of all pages.',
    params: SlugParams,
    query: IntegrityQuery,
    response: Integrity,
  },
  discardSource: {
    ...endpoints.discardSource,
    description:
      'Sets aside (restorable: restoreDiscarded) the ballots of one source (`{source}`), or of every source the integrity view ' +
      'flags as unusual at once (`{unusual: true}`, answering `discardedSources` too), also ' +
      'while the poll is open; counts, summary and live stream follow. Idempotency-Keys of ' +
      'those ballots stay, so replaying one stores nothing.',
    params: SlugParams,
    body: DiscardBody,
    response: DiscardResponse,
  },
  restoreDiscarded: {
    ...endpoints.restoreDiscarded,
    description:
      'Brings back the ballots discards set aside: of one source (`{source}`) or all (`{}`), ' +
      'with their quiz scores and players; counts, summary, standings and live stream follow. ' +
      'A choice of a question or option deleted since stays out. Answers `{restoredBallots}`.',
    params: SlugParams,
    body: RestoreDiscardedBody,
    response: RestoreDiscardedResponse,
  },
  emptyDiscarded: {
    ...endpoints.emptyDiscarded,
    description:
      "Drops the ballots discards set aside, for good ('Vaciar'): they can no longer be " +
      'restored. Answers `{emptiedBallots}`. Deleting the poll drops them too.',
    params: SlugParams,
    response: EmptyDiscardedResponse,
  },
  moderateAnswer: {
    ...endpoints.moderateAnswer,
    description:
      "Sets an open answer's state: `visible` approves a held one or shows a flagged one, " +
      '`hidden` hides any. Only visible answers count in the public cloud and list. The ' +
      'summary is published again on the stream.',
    params: AnswerParams,
    body: ModerateAnswerBody,
    response: ModerateAnswerResponse,
  },
  approveAnswers: {
    ...endpoints.approveAnswers,
    description: 'Every held answer of the question becomes visible (flagged ones stay flagged).',
    params: QuestionAnswersParams,
    response: ApproveAnswersResponse,
  },
  hideWord: {
    ...endpoints.hideWord,
    description:
      'Hides a word (or short phrase) of the cloud from everyone but the host, or shows it ' +
      'again; the word is folded as the cloud folds it (case, accents, punctuation), so any ' +
      "spelling names it. Answers the question's hidden words.",
    params: QuestionAnswersParams,
    body: HiddenWordBody,
    response: HiddenWordsResponse,
  },
  listAnswers: {
    ...endpoints.listAnswers,
    description:
      "An open-text question's answers, newest first, a page at a time (`before` = the " +
      "previous page's `nextBefore`). The host gets every state (with `state`); others only " +
      'visible answers without a word the host hid (a page may then hold fewer than `limit`; ' +
      '`nextBefore` goes on), and only when they may see the results (else 403 as the summary).',
    params: QuestionAnswersParams,
    query: ListAnswersQuery,
    response: AnswersPage,
  },
  getBlockedWords: {
    ...endpoints.getBlockedWords,
    description:
      "The words the host blocked for this poll ('Palabras bloqueadas'), as typed, sorted.",
    params: SlugParams,
    response: BlockedWords,
  },
  setBlockedWords: {
    ...endpoints.setBlockedWords,
    description:
      "Replaces the poll's blocked words. A new open answer (or audience question) holding one, " +
      'in any spelling the ' +
      'profanity matcher folds (case, accents, look-alike letters, digits, masks, plurals, ' +
      'inside a phrase), is stored `flagged`: shown to no one but the host. With ' +
      '`applyToExisting`, visible and held answers and audience questions (text or name) already ' +
      'in that hold one are flagged too ' +
      '(`flagged` counts them). At most BLOCKED_WORDS_MAX words of BLOCKED_WORD_LENGTH_MAX ' +
      'characters (server limits).',
    params: SlugParams,
    body: BlockedWordsBody,
    response: BlockedWordsResponse,
  },
  ...qaRoutes,
  ...cohostRoutes,
  ...pollFileRoutes,
  ...roundRoutes,
  setNickname: {
    ...endpoints.setNickname,
    description:
      'Quiz: the caller (participant cookie, set by this call when missing) takes or changes ' +
      'its nickname in this poll: 2 to 24 characters, trimmed, the hygiene of titles. 400 ' +
      'NICKNAME_INVALID when it breaks those rules or the profanity filter or one of the ' +
      "poll's blocked words matches it; 409 POLL_NOT_OPEN once the poll is closed (the final " +
      'podium stays as the room saw it; reopening frees nicknames again); 409 NICKNAME_TAKEN ' +
      'when another player of this poll has ' +
      'it (case, accents, look-alike and full-width letters, invisible characters folded). In a ' +
      'quiz only people with a nickname are players: they answer, score and rank.',
    params: SlugParams,
    body: SetNicknameBody,
    response: SetNicknameResponse,
  },
  getLeaderboard: {
    ...endpoints.getLeaderboard,
    description:
      'Quiz: the best `limit` players (default 10, at most 100), by score of the closed ' +
      'questions; ties share a rank (1, 2, 2, 4) and are listed by nickname. `previousRank` is ' +
      "the player's rank before the last closed question (null before the second one). " +
      'Visible to whoever may see the results (the rule of GET …/summary: the host always). ' +
      "`round=N` (issue 27): that round's standings as it closed (404 ROUND_NOT_FOUND).",
    params: SlugParams,
    query: LeaderboardQuery,
    response: Leaderboard,
  },
  renamePlayer: {
    ...endpoints.renamePlayer,
    description:
      'Quiz: the host renames the player called `nickname` (as the leaderboard shows it, ' +
      'URL-encoded). The new nickname follows the rules of PUT …/me (400 NICKNAME_INVALID, 409 ' +
      'NICKNAME_TAKEN); 404 PLAYER_NOT_FOUND when no player of this poll has that nickname. ' +
      'Score and answers stay; the leaderboard and the podium show the new name at once.',
    params: PlayerParams,
    body: RenamePlayerBody,
    response: SetNicknameResponse,
  },
  removePlayer: {
    ...endpoints.removePlayer,
    description:
      'Quiz: the host removes the player called `nickname` with its points: it leaves the ' +
      "leaderboard and the podium (its answers stay in the questions' counts) and its phone is " +
      'asked for a nickname again. 404 PLAYER_NOT_FOUND when no player of this poll has it.',
    params: PlayerParams,
  },
  nextQuestion: {
    ...endpoints.nextQuestion,
    description:
      'Self-paced quiz (a quiz with `settings.opensAt` or `settings.closesAt`, issue 27): opens ' +
      "the caller's next question in order and starts its clock now (`endsAt` = now + the " +
      "question's limit, twice it with 'Más tiempo'); the same answer again until that question " +
      'is answered or its time is up (a reload resumes it). `question` is its public view ' +
      '(no `correct` before `closesAt`); all null when every question is done. 409 ' +
      'NICKNAME_REQUIRED without a nickname, 409 POLL_NOT_OPEN_YET before `opensAt`, 409 ' +
      'POLL_NOT_OPEN once closed, 409 QUESTION_NOT_CURRENT in a poll that is not self-paced.',
    params: SlugParams,
    response: NextQuestionResponse,
  },
  homeworkProgress: {
    ...endpoints.homeworkProgress,
    description:
      "Self-paced quiz: every player's progress (answered, out of time, finished, score so far) " +
      'and the average score of those who answered. For the host only: the leaderboard itself ' +
      'waits for `closesAt` on every route.',
    params: SlugParams,
    response: HomeworkProgress,
  },
  setMoreTime: {
    ...endpoints.setMoreTime,
    description:
      "Quiz, 'Más tiempo' (WCAG 2.2.1): the host doubles the time limits of the player called " +
      '`nickname` (URL-encoded) — in a live quiz its answers are taken until twice the limit ' +
      'after the start; in a self-paced quiz its clocks run twice as long, the one running now ' +
      'included. `{moreTime: false}` takes it back for the next questions. 404 PLAYER_NOT_FOUND.',
    params: MoreTimeParams,
    body: MoreTimeBody,
    response: MoreTimeResponse,
  },
  closeQuestion: {
    ...endpoints.closeQuestion,
    description:
      "Quiz: closes a running question's clock now (idempotent on a closed one): answers stop, " +
      'points are final, and `correct` reaches everyone (poll frame on the stream). 409 ' +
      'QUESTION_NOT_STARTED for a question whose clock never started (or a poll not a quiz).',
    params: CloseQuestionParams,
    response: QuizClock,
  },
  serverInfo: { ...endpoints.serverInfo, response: ServerInfo },
  health: { ...endpoints.health, response: Health },
} as const satisfies Record<EndpointName, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
