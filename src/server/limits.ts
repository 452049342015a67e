/**
 * Every limit of the server in one place: rate buckets, caps, sizes, timeouts. Each is a named
 * setting with its reason beside it and an environment variable of the same name that overrides
 * it; `readLimits` checks them all at start (config.ts turns a bad value into a clear message).
 * The README's configuration table mirrors this file.
 *
 * `RATE_LIMITS=off` turns every rate bucket off at once (benchmarks on loopback, or behind a
 * gateway that limits already); the caps on memory, sockets and disk stay on. Never on a public
 * deployment.
 *
 * To add a limit: one entry in LIMITS (reason, default, bounds) and one README row.
 */

import { MAX_QUESTIONS_PER_POLL, MY_POLLS_BATCH } from '../contract/limits.ts';

export interface LimitSpec {
  /** The value without an environment override. */
  default: number;
  min: number;
  max: number;
  /** Whole numbers only (the default); a rate may be fractional. */
  integer?: boolean;
}

const whole = (value: number, min: number, max: number): LimitSpec => ({
  default: value,
  min,
  max,
});
const fractional = (value: number, min: number, max: number): LimitSpec => ({
  default: value,
  min,
  max,
  integer: false,
});

export const LIMITS = {
  // ── Rate buckets (token buckets by client address; off with RATE_LIMITS=off) ──────────────
  /** Ballots one address may send to one poll at once: a room of 300 phones behind one NAT
   *  address votes together. Also what a ballot-stuffing script gets before the rate applies. */
  BALLOT_BURST: whole(300, 1, 1_000_000),
  /** Ballots per second per (address, poll) once the burst is spent: late arrivals of a big room
   *  still vote within seconds; one address adds at most BALLOT_BURST + 5/s to a poll. */
  BALLOT_RATE_PER_S: fractional(5, 0.01, 100_000),
  /** Participant ids issued to one address at once: the same room of 300 plus a margin, so
   *  dropping the cookie costs a script the same as the ballot bucket. */
  PARTICIPANT_BURST: whole(400, 1, 1_000_000),
  /** New participant ids per second per address after the burst: people keep arriving. */
  PARTICIPANT_RATE_PER_S: fractional(5, 0.01, 100_000),
  /** Milliseconds a participant id must have held its poll's participation stream (the page's
   *  live stream, which carries its cookie) before its answers spend its own allowance, one
   *  answer per question per run, instead of the (address, poll) ballot bucket (rate/seats.ts).
   *  A phone joins, takes a nickname and waits for the question far longer; a script would have
   *  to hold a stream per id, and ids are what PARTICIPANT_BURST bounds. 300 phones behind one
   *  school address then answer every question of a quiz, while one address dropping its cookie
   *  still adds at most BALLOT_BURST + BALLOT_RATE_PER_S a second. */
  SEAT_MIN_AGE_MS: whole(3_000, 0, 3_600_000),
  /** Seats remembered per instance (participant ids that held a poll's participation stream),
   *  ~200 bytes each; past it the least recently seated is forgotten and its phone spends the
   *  address bucket again. Streams are capped far below. With REDIS_URL the instances also
   *  share the seats' start times in Redis (rate/shared-room.ts). */
  SEATS_MAX: whole(100_000, 100, 10_000_000),
  /** Nicknames one participant id may set in a poll at once (a quiz player trying a taken one,
   *  then another). Its own bucket: nicknames once spent the address's ballot bucket, and a
   *  room of 300 behind one address lost answers to its own nicknames. */
  NICKNAME_BURST: whole(10, 1, 1_000_000),
  /** Nicknames per minute per participant id after the burst. */
  NICKNAME_PER_MIN: fractional(6, 0.01, 100_000),
  /** Polls created or duplicated by one address at once: a teacher preparing a week of classes.
   *  A copy of a poll at the size limits is megabytes on disk. */
  POLL_CREATE_BURST: whole(20, 1, 1_000_000),
  /** Polls created or duplicated per minute per address after the burst. */
  POLL_CREATE_PER_MIN: fractional(3, 0.01, 100_000),
  /** Questions and options added to one poll at once: a host typing fast or pasting a list. */
  POLL_EDIT_BURST: whole(60, 1, 1_000_000),
  /** Questions and options added per minute per poll after the burst: a fast typist, not a
   *  script (one every two seconds). */
  POLL_EDIT_PER_MIN: fractional(30, 0.01, 100_000),
  /** Exports (CSV or XLSX) of one poll at once, keyed by its host secret like edits: a host
   *  downloading both formats and trying again. Issue 25: a 200,000-ballot export costs seconds of
   *  CPU (in slices, so the event loop stays free, but the CPU is spent): in a loop, one poll's
   *  exports took every room's ballot p95 to ~3 s. */
  EXPORT_BURST: whole(10, 1, 1_000_000),
  /** Exports per minute per poll after the burst: a host needs a few; a loop gets one every
   *  ten seconds. */
  EXPORT_PER_MIN: fractional(6, 0.01, 100_000),
  /** Integrity views (GET …/integrity) of one poll at once, keyed by its host secret: each open
   *  panel refreshes it every 5 s, and it groups every ballot of the poll by source (issue 25). */
  INTEGRITY_BURST: whole(60, 1, 1_000_000),
  /** Integrity views per minute per poll after the burst: five open panels of one poll. */
  INTEGRITY_PER_MIN: fractional(60, 0.01, 100_000),
  /** Anonymous reads (GET /polls/{slug}, …/summary, the /p/ and /r/ pages) one address may
   *  make at once: a room of 300 phones behind one NAT address loads the page and the poll
   *  together, with room to spare. Each read of a big poll can cost a rebuild; unlimited, 32
   *  readers rotating over big polls took a victim's ballot p50 from 10 ms to 2.5 s. */
  READ_BURST: whole(1_500, 1, 1_000_000),
  /** Reads per second per address after the burst: 300 results pages polling every 2.5 s (the
   *  stream's fallback) make 120 a second. */
  READ_RATE_PER_S: fractional(150, 0.01, 1_000_000),
  /** Milliseconds per second of building one address's anonymous reads may cause: summaries
   *  rebuilt, polls loaded, pages rendered (http/read-cost.ts). A read served from memory costs
   *  nothing; the one that caused a build pays what it took. 100 is a tenth of a core: a results page of an ordinary poll
   *  (a rebuild well under a millisecond) never meets it; 32 readers rotating over big polls
   *  (~0.1 s each) cannot take the event loop from the ballots. */
  READ_REBUILD_MS_PER_S: fractional(100, 0.001, 1_000_000),
  /** Milliseconds of rebuilds an address may cause at once, before READ_REBUILD_MS_PER_S. */
  READ_REBUILD_BURST_MS: whole(2_000, 0, 100_000_000),
  /** Milliseconds per second of building ALL addresses' anonymous reads together may cause
   *  (issue 25): the per-address budget multiplies by the number of addresses, and 32 of them
   *  rotating over 20 big polls took a victim's ballot p95 from 9 ms to 0.5–0.8 s. 250 is a
   *  quarter of the event loop, so ballots, streams and the host always keep three quarters;
   *  an ordinary room's reads (a rebuild well under a millisecond, once per change) never meet
   *  it. Past it, a read that would build gets 503 with Retry-After (a page: the client app);
   *  reads from memory and the host's go on. 0 = no server-wide budget. */
  READ_REBUILD_SERVER_MS_PER_S: fractional(250, 0, 1_000_000),
  /** Milliseconds of rebuilds all anonymous readers may cause at once, before the rate above:
   *  a wave after a restart (every poll loaded once) passes. */
  READ_REBUILD_SERVER_BURST_MS: whole(1_000, 0, 100_000_000),
  /** Failed join-code lookups (GET /api/v1/join/{code} and GET /{code} with a code that leads
   *  to no open poll) per address per minute, per instance; as many at once. Only failures
   *  count: 300 phones behind one school address typing the right code spend nothing (they take
   *  the read bucket), while a guesser, whose tries nearly all fail, gets 30 a minute: with a
   *  thousand polls open among a million codes, one hit every half hour or so, and a hit only
   *  yields what the QR on the wall already shows. A person mistyping needs one or two. */
  JOIN_FAILED_LOOKUPS_PER_MIN: whole(30, 1, 1_000_000),
  /** 'Mis encuestas' lookups (POST /api/v1/polls/lookup) per address per minute, per instance.
   *  A teacher's home page asks once per visit (and again when the tab comes back); 60 leaves
   *  room for a staff room behind one NAT address, while a script checking stolen or guessed
   *  codes in bulk gets 60 requests a minute. */
  POLL_LOOKUPS_PER_MIN: whole(60, 1, 1_000_000),

  // ── Live streams ───────────────────────────────────────────────────────────────────────────
  /** Shortest coalescing window of a poll's summaries (ms): the window follows what a frame
   *  costs (live/coalescing-window.ts), from this floor (at most 100 rebuilds a second) up to
   *  200 ms for thousands of streams, 500 ms while the event loop is saturated. 200 makes it
   *  fixed at 200 ms, saturated or not, as before issue 11 (benchmarks). */
  LIVE_WINDOW_MIN_MS: whole(10, 0, 200),

  // ── Audience Q&A (issue 20; rate buckets off with RATE_LIMITS=off, the cap always on) ──────
  /** Questions one participant may ask a poll at once: someone with three things to ask. */
  QA_ASK_BURST: whole(3, 1, 1_000_000),
  /** Questions per minute per participant after the burst: a person asks, a script waits. */
  QA_ASK_PER_MIN: fractional(1, 0.01, 100_000),
  /** Questions one address may ask one poll at once: a hall behind one NAT address where a
   *  tenth of 1,000 people ask together; a script dropping cookies stops here. */
  QA_ASK_ADDRESS_BURST: whole(100, 1, 1_000_000),
  /** Questions per minute per (address, poll) after that burst: a busy hall's pace. */
  QA_ASK_ADDRESS_PER_MIN: fractional(30, 0.01, 100_000),
  /** Votes one address may give one poll's questions at once: a room of 300 behind one NAT
   *  address each pressing a couple of questions as the list appears. */
  QA_VOTE_BURST: whole(600, 1, 1_000_000),
  /** Votes per second per (address, poll) after the burst: 20,000 votes a minute from 20
   *  addresses (a hall of 2,000) is ~17 a second each. */
  QA_VOTE_RATE_PER_S: fractional(30, 0.01, 100_000),
  /** Audience questions stored per poll: a two-hour conference gets a few hundred; every list
   *  and frame reads by index, so the cap bounds disk, not speed. */
  QA_QUESTIONS_PER_POLL: whole(2_000, 1, 1_000_000),
  /** Questions any one address may always hold in a poll, however full it is (issue 25: 20
   *  addresses filled the 2,000 in 1.2 s and an honest question got 409). Above it an address
   *  gets QA_QUESTIONS_SOURCE_SHARE of the places left (domain/qa/qa-shares.ts). */
  QA_QUESTIONS_SOURCE_FLOOR: whole(5, 1, 1_000_000),
  /** Share of the places left in a poll one address may hold above the floor: with 0.1, 20
   *  addresses asking as fast as they can stop at ~1,370 of 2,000, and a newcomer still has ~68;
   *  a hall of 1,000 behind one NAT address where a tenth ask (100) is far below it. */
  QA_QUESTIONS_SOURCE_SHARE: fractional(0.1, 0.001, 1),
  /** Questions one participant id may hold in a poll while it has room (fewer as it fills, at
   *  least one): a person asks a few; a script keeping its cookie stops here. */
  QA_QUESTIONS_PER_PARTICIPANT: whole(20, 1, 1_000_000),

  // ── Caps (always on) ───────────────────────────────────────────────────────────────────────
  /** Polls named in one 'Mis encuestas' lookup: each costs a hash and a row of one query. A
   *  browser holds the codes of the polls created in it (a busy teacher, a few a week); the web
   *  app sends them 100 at a time (MY_POLLS_BATCH), so the cap never goes below 100. */
  MY_POLLS_LOOKUP_MAX: whole(MY_POLLS_BATCH, MY_POLLS_BATCH, 10_000),
  /** Idempotency-Keys of creations (polls, questions, options) remembered for a minute, so a
   *  double click answers the first result (issue 24). Each is a small entry (~1 KB with its
   *  answer); the creation buckets keep one address far below this, the cap bounds them all.
   *  With REDIS_URL a key is also claimed in Redis (rate/creation-claims.ts). */
  CREATION_KEYS_MAX: whole(10_000, 0, 1_000_000),
  /** Bytes of a file imported as a new poll (issue 28), before base64. Kahoot's template with
   *  100 questions is ~30 KB, a Moodle GIFT bank of 100 questions ~40 KB; 1 MB leaves room for
   *  a workbook saved with styles and pictures of its rows, and every byte is parsed in one
   *  request on the event loop. */
  IMPORT_FILE_MAX_BYTES: whole(1_048_576, 1_024, 16 * 1_048_576),
  /** Bytes an imported spreadsheet (a ZIP) may unpack to, all its parts together: the zip-bomb
   *  guard. The parts read from a Kahoot template of 100 questions are ~200 KB unpacked. */
  IMPORT_UNZIPPED_MAX_BYTES: whole(8 * 1_048_576, 65_536, 256 * 1_048_576),
  /** Questions one imported file may hold; more is refused whole (400), not cut, so nobody
   *  runs a poll missing its last questions unawares. Never above a poll's own cap (100). */
  IMPORT_QUESTIONS_MAX: whole(MAX_QUESTIONS_PER_POLL, 1, MAX_QUESTIONS_PER_POLL),
  /** Selections (chosen options, all questions together) in one ballot. Each is a row written in
   *  the ballot's transaction: a 5,000-row ballot (100 × 50 multiple) at 12 a second made every
   *  other vote wait 0.9–1.7 s. 300 is more than any person ticks (20 questions × 15 options). */
  MAX_BALLOT_SELECTIONS: whole(300, 1, 5_000),
  /** Distinct spellings counted per open-text question's word cloud (issue 13). A summary reads
   *  them all on every rebuild (grouping them by folded word), so this bounds its cost and the
   *  rows a question can grow, whatever is typed: a script sending random words stops adding
   *  rows here. The first spellings seen are kept; a word first seen after the bound is not
   *  counted (its answers are still stored, listed and exported). 2,000 holds the vocabulary of
   *  a room of a thousand people writing short answers (Heaps' law: ~3,000 words typed give
   *  ~1,000–2,000 distinct ones), while a word that first appears after 2,000 others is almost
   *  surely too rare to reach the 60 the cloud shows. Reading 2,000 short rows costs well under
   *  a millisecond on SQLite. */
  TEXT_WORDS_MAX: whole(2_000, 10, 100_000),
  /** Words a host can block for one poll ('Palabras bloqueadas', issue 17). Every open answer
   *  of the poll is matched against them (a few µs each), and the list travels with the cached
   *  poll: 200 is more than a class's own slang, and a secret holder cannot grow it without end. */
  BLOCKED_WORDS_MAX: whole(200, 1, 10_000),
  /** Characters of one blocked word or phrase: a word or a short phrase ('me la suda'). */
  BLOCKED_WORD_LENGTH_MAX: whole(40, 2, 140),
  /** Co-host links one poll may have (issue 28): a team of moderators and a presenter or two.
   *  Each is a row and a hash a request may be checked against; a secret holder cannot grow
   *  them without end. */
  COHOSTS_PER_POLL: whole(20, 1, 1_000),
  /** Actions of co-host links kept per poll (the integrity view's 'who did what'): a long Q&A
   *  session's moderation, and the oldest go first. */
  COHOST_ACTIONS_KEPT: whole(500, 10, 100_000),
  /** Keys held by the in-memory buckets (one per address, poll…); past it the idle (refilled)
   *  ones are forgotten, then the oldest: a flood of addresses cannot grow memory without end. */
  RATE_BUCKET_KEYS_MAX: whole(200_000, 1_000, 10_000_000),
  /** Polls whose refused-ballot count the integrity view remembers in memory (no REDIS_URL). */
  REFUSAL_POLLS_MAX: whole(10_000, 100, 10_000_000),

  // ── Memory, sockets, time and disk: nothing one client does takes the server down ─────────
  /** Megabytes of polls and summaries the live cache keeps (LRU, estimated from their JSON:
   *  live/cache.ts snapshotBytes). A poll at the limits (100 questions × 50 options, every text
   *  at its maximum) holds ~4 MB, an ordinary one a few KB: 32 MB keeps the polls of a busy day,
   *  and anonymous reads of 1,000 big polls cannot take the heap past it (they took it from 0.93
   *  to 4.35 GB). A poll larger than a quarter of the budget is served uncached. */
  LIVE_CACHE_MB: whole(32, 1, 4096),
  /** Event streams open from one client address. A classroom or a hall shares one NAT address
   *  and each phone holds one stream (two with the results page open): 500 leaves room for 300
   *  people behind one router while one script cannot take every socket. */
  STREAMS_PER_ADDRESS: whole(500, 1, 1_000_000),
  /** Event streams any address may hold before its people show up (issue 25): 40 addresses ×
   *  500 streams filled the server's connection cap. A family, a staff room or the first phones
   *  of a class fit; each participant id that then behaves as a person from that address (a
   *  ballot, a quiz nickname, a Q&A question or vote: live/known-rooms.ts) earns it
   *  STREAMS_PER_PERSON more, up to STREAMS_PER_ADDRESS. A participation page's stream that
   *  carries its own signed id (a seat) earns its own place too, so 300 phones behind one school
   *  address hold theirs before anyone answers; ids cost the participant bucket. A flood of
   *  streams without ids stays here. */
  STREAMS_PER_UNKNOWN_ADDRESS: whole(64, 1, 1_000_000),
  /** Event streams each person behind an address earns it: a phone's page and its results. */
  STREAMS_PER_PERSON: whole(2, 0, 1_000),
  /** Event streams in all; 0 = sized at start from the process's open-file limit
   *  (streamsCapFor), so streams alone never take every descriptor and /health, pages, ballots
   *  and the database keep theirs. ~20,000 streams from one client used to exhaust them. */
  STREAMS_MAX: whole(0, 0, 1_000_000),
  /** Open connections of every kind (pages, API calls, streams) from one client address. A room
   *  of 300 phones behind one NAT address holds a stream each, a second one with the results
   *  page open, and a request or two in flight while joining: 1,000. Idle sockets do not hold a
   *  place against newcomers (the longest idle is closed instead), so this bounds what one
   *  address keeps busy. Not applied with TRUST_PROXY (every socket is the proxy's). */
  CONNECTIONS_PER_ADDRESS: whole(1_000, 1, 1_000_000),
  /** Open connections in all; 0 = sized at start from the open-file limit (connectionsCapFor):
   *  a tenth (at least 256) stays for the database and static files. Past it the longest-idle
   *  socket makes room, or, when all are busy, the newcomer is closed at once. 21,000 idle
   *  sockets used to make /health fail 26 of 33 probes. */
  CONNECTIONS_MAX: whole(0, 0, 1_000_000),
  /** Milliseconds a response's bytes may wait without draining (the client reads nothing)
   *  before the connection is reset (connection-gate.ts): a client that never reads held an
   *  807 KB poll open forever, and 1,000 of them pinned 709 MB of kernel memory. A phone on a
   *  slow network drains the socket's buffer every few seconds. */
  WRITE_STALL_TIMEOUT_MS: whole(30_000, 100, 600_000),
  /** Requests one connection may have waiting for their responses at once (HTTP pipelining):
   *  browsers never pipeline, and each queued response is memory held for a client that may
   *  never read it. Past it the connection is reset (connection-gate.ts). */
  PIPELINED_REQUESTS_MAX: whole(8, 1, 1_000),
  /** Milliseconds for a client to send its request headers: a phone sends a few hundred bytes
   *  in well under a second; Node's default (60 s) let a slow sender hold a socket a minute.
   *  Node counts it from the connection, so it also closes a socket that never sends one. */
  HEADERS_TIMEOUT_MS: whole(10_000, 100, 600_000),
  /** Milliseconds for the whole request, body included (at most 64 KB, ~15 s on 2G): a body
   *  trickled a byte at a time is cut here (one at 1 byte / 5 s was still open at 240 s).
   *  Streams are bodiless GETs, complete at once, so this never ends them. */
  REQUEST_TIMEOUT_MS: whole(30_000, 100, 600_000),
  /** Milliseconds an idle keep-alive connection stays open. Phones voting or polling the
   *  summary (every 2.5 s without a stream) reuse theirs well within it; behind a reverse proxy
   *  that keeps upstream connections longer, raise it above the proxy's idle timeout. */
  KEEP_ALIVE_TIMEOUT_MS: whole(10_000, 100, 600_000),
  /** Connections the kernel queues for the server while its event loop is busy (listen(2)'s
   *  backlog; the kernel lowers it to net.core.somaxconn, 4096 on current Linux). Phones arrive
   *  in waves: a hall scanning the QR opens ~5 connections each, and at "¡ahora!" every phone
   *  opens one for its ballot (its others went idle and were closed). Past the queue the kernel
   *  drops the connection and the phone retries 1, 3, 7 s later: with Node's default of 511, the
   *  join wave of 2,000 phones overflowed it ~10,000 times and its page p95 was seconds. */
  LISTEN_BACKLOG: whole(4096, 1, 1_000_000),
  /** Participant ids verified, and ballot sources hashed, that the server remembers (each of
   *  the two): both are an HMAC on every ballot and every stream (~20 µs each, about a tenth of
   *  a ballot's CPU). A hall of phones on a few hundred addresses fits; ~120 bytes an entry, so
   *  at most ~12 MB. Forged cookies are never remembered. 0 = compute every time. */
  HMAC_MEMO_ENTRIES: whole(50_000, 0, 1_000_000),
  /** Megabytes that must stay free on the SQLite file's disk: below it new polls, questions
   *  and options are refused (503) so ballots on existing polls, which need far less, still go
   *  in. 256 MB is hundreds of thousands of ballots. 0 = no guard. PostgreSQL's disk is not
   *  ours to see: no guard there. */
  DISK_MIN_FREE_MB: whole(256, 0, 1_000_000),
  /** PostgreSQL connections each instance keeps (its pool). Ballots are short transactions and
   *  each poll's are grouped into one (store/kysely-vote-batch.ts), so ten keep two cores busy.
   *  Every instance has its own: instances × this, plus everything else on the server, must stay
   *  below PostgreSQL's `max_connections` (100 by default), or connections are refused (503). */
  PG_POOL_SIZE: whole(10, 1, 1_000),
  /** Milliseconds a query waits for a pooled connection (a free one, or a new one opening)
   *  before the request is answered 503 with Retry-After (a ballot is then retried by the web
   *  app under its Idempotency-Key). Short enough that a database that is down fails fast. */
  PG_POOL_WAIT_MS: whole(5_000, 100, 600_000),
  /** Milliseconds an idle pooled connection is kept before it is closed. The driver's 10 s
   *  closed connections between a room's ballots, and each new one costs PostgreSQL a backend
   *  (a process start) and the instance its prepared statements again. 0 = kept until closed. */
  PG_POOL_IDLE_MS: whole(60_000, 0, 86_400_000),
  /** Days after which a draft never opened and untouched is deleted (0 = never): abandoned
   *  tries and scripted copies stop holding disk, a poll prepared weeks ahead is safe. */
  DRAFT_TTL_DAYS: whole(90, 0, 36_500),
  /** Milliseconds between two log lines of the same kind (level and message); the next one
   *  says how many were held back. A flood of one failure (cut-off bodies from one address made
   *  55,148 lines, 21.8 MB, in 22 s) is then a line a minute, and the log cannot fill a disk. */
  LOG_THROTTLE_MS: whole(60_000, 0, 3_600_000),
} satisfies Record<string, LimitSpec>;

export type LimitName = keyof typeof LIMITS;
export type Limits = Record<LimitName, number>;

/** A participant id younger than this when it votes is counted as new by the integrity view:
 *  a cookie-dropping script's ids are always seconds old, a person's rarely. */
export const FRESH_PARTICIPANT_MS = 10_000;

export const DEFAULT_LIMITS: Limits = Object.fromEntries(
  Object.entries(LIMITS).map(([name, spec]) => [name, spec.default]),
) as Limits;

export interface RateLimitSettings {
  /** False with RATE_LIMITS=off: no bucket refuses anything. */
  enabled: boolean;
  limits: Limits;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = { enabled: true, limits: DEFAULT_LIMITS };

/** Limits with every bucket off, for tests that create hundreds of polls from one address. */
export const RATE_LIMITS_OFF: RateLimitSettings = { enabled: false, limits: DEFAULT_LIMITS };

/**
 * Reads RATE_LIMITS and every LIMITS variable. Returns the values and, for each bad one, a line
 * naming the variable, what it held and what it must be.
 */
export function readLimits(env: NodeJS.ProcessEnv): {
  settings: RateLimitSettings;
  errors: string[];
} {
  const errors: string[] = [];
  const limits = { ...DEFAULT_LIMITS };
  for (const [name, spec] of Object.entries(LIMITS) as [LimitName, LimitSpec][]) {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') continue;
    const value = Number(raw.replaceAll('_', ''));
    const integer = spec.integer !== false;
    const ok =
      /^[0-9_]+(\.[0-9]+)?$/.test(raw) &&
      Number.isFinite(value) &&
      (!integer || Number.isInteger(value)) &&
      value >= spec.min &&
      value <= spec.max;
    if (ok) limits[name] = value;
    else {
      const kind = integer ? 'a whole number' : 'a number';
      errors.push(
        `${name}=${JSON.stringify(env[name])}: must be ${kind} from ${spec.min} to ${spec.max}`,
      );
    }
  }
  const switchValue = env.RATE_LIMITS?.trim().toLowerCase() ?? '';
  if (!['', 'on', 'off'].includes(switchValue)) {
    errors.push(`RATE_LIMITS=${JSON.stringify(env.RATE_LIMITS)}: must be on or off`);
  }
  return { settings: { enabled: switchValue !== 'off', limits }, errors };
}

// ── Derived settings of the hardening limits ─────────────────────────────────────────────────

/** A refused stream is told to come back after this; EventSource waits its own retry anyway. */
export const STREAMS_RETRY_AFTER_S = 10;
/** Of the open-file limit, what streams may never take: static files, the database, ballots. */
const FD_RESERVE_MIN = 256;
const FD_RESERVE_SHARE = 0.2;
/** Past this, memory (~30 KB a stream) matters more than descriptors. */
const STREAMS_AUTO_MAX = 20_000;
/** How long a free-space reading is trusted: statfs is cheap, but not per request. */
export const DISK_CHECK_EVERY_MS = 10_000;
/** The draft sweep runs at start and then this often. */
export const DRAFT_SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The global stream cap for an open-file limit: a fifth (at least 256) kept back, ≥ 16. */
export function streamsCapFor(openFileLimit: number): number {
  const reserve = Math.max(FD_RESERVE_MIN, Math.ceil(openFileLimit * FD_RESERVE_SHARE));
  return Math.max(16, Math.min(STREAMS_AUTO_MAX, openFileLimit - reserve));
}

/** Of the open-file limit, what connections may never take: the database, static files. */
const CONNECTIONS_RESERVE_SHARE = 0.1;
/** With no open-file limit to speak of, memory bounds sockets (a few KB each, idle). */
const CONNECTIONS_AUTO_MAX = 200_000;

/** The global connection cap for an open-file limit: a tenth (at least 256) kept back, ≥ 32. */
export function connectionsCapFor(openFileLimit: number): number {
  const reserve = Math.max(FD_RESERVE_MIN, Math.ceil(openFileLimit * CONNECTIONS_RESERVE_SHARE));
  return Math.max(32, Math.min(CONNECTIONS_AUTO_MAX, openFileLimit - reserve));
}

/** The memory, socket, time and disk limits as the app uses them. */
export interface ServerLimits {
  liveCacheBytes: number;
  streamsPerAddress: number;
  streamsPerUnknownAddress: number;
  streamsPerPerson: number;
  /** Resolved: never 0 here. */
  streamsMax: number;
  connectionsPerAddress: number;
  /** Resolved: never 0 here. */
  connectionsMax: number;
  writeStallMs: number;
  pipelinedMax: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  diskMinFreeBytes: number;
  draftTtlDays: number;
  hmacMemoEntries: number;
}

const MB = 1024 * 1024;

/** ServerLimits from the configured limits and the process's open-file limit. */
export function resolveLimits(limits: Limits, openFileLimit: number): ServerLimits {
  return {
    liveCacheBytes: limits.LIVE_CACHE_MB * MB,
    streamsPerAddress: limits.STREAMS_PER_ADDRESS,
    streamsPerUnknownAddress: limits.STREAMS_PER_UNKNOWN_ADDRESS,
    streamsPerPerson: limits.STREAMS_PER_PERSON,
    streamsMax: limits.STREAMS_MAX || streamsCapFor(openFileLimit),
    connectionsPerAddress: limits.CONNECTIONS_PER_ADDRESS,
    connectionsMax: limits.CONNECTIONS_MAX || connectionsCapFor(openFileLimit),
    writeStallMs: limits.WRITE_STALL_TIMEOUT_MS,
    pipelinedMax: limits.PIPELINED_REQUESTS_MAX,
    headersTimeoutMs: limits.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: limits.REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: limits.KEEP_ALIVE_TIMEOUT_MS,
    diskMinFreeBytes: limits.DISK_MIN_FREE_MB * MB,
    draftTtlDays: limits.DRAFT_TTL_DAYS,
    hmacMemoEntries: limits.HMAC_MEMO_ENTRIES,
  };
}
