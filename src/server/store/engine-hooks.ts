import type { Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** What differs between engines once the SQL is shared. */
export interface EngineHooks {
  /** Whether an error is a UNIQUE / PRIMARY KEY violation of this engine's driver. */
  isUniqueViolation(error: unknown): boolean;
  /**
   * Locks the poll's row until the transaction ends. Every write to a poll's content takes it
   * before its first read, so writers of one poll go one at a time and what they checked (poll
   * open, already answered, last option, next ordinal) still holds when they write; taking it
   * first everywhere also means writers never deadlock. Readers never wait for it.
   * SQLite leaves it out: it runs one write transaction at a time anyway.
   */
  lockPoll?(trx: Transaction<Database>, pollId: number): Promise<void>;
  /**
   * The same lock as lockPoll, taken by a read of the poll's row that the writer needs anyway
   * (a ballot batch reads its status first): one round trip less per transaction. Present
   * exactly when lockPoll is.
   */
  lockingRead?<Q extends { forNoKeyUpdate(): Q }>(query: Q): Q;
  /**
   * How a multi-row INSERT's rows are split into statements. SQLite: power-of-two groups, so its
   * kept statements stay few (sql-shapes.ts); an engine that keeps none: rowChunks, the default
   * (the groups cost PostgreSQL a round trip each: +50% time per ballot in batches of 50).
   */
  rowGroups?<T>(rows: readonly T[]): T[][];
  /** The engine takes arrays as parameters and runs data-modifying WITH (PostgreSQL): a ballot
   *  batch's rows go one array per column, and its counters and participants in one statement
   *  instead of four round trips, all in fixed texts prepared once per connection
   *  (postgres-batch-sql.ts). */
  arrayStatements?: boolean;
  /** Ballots one step of a long read (the integrity view) covers; default INTEGRITY_STEP_ROWS,
   *  sized for SQLite, which runs each step synchronously. PostgreSQL runs it in its own
   *  process: bigger steps, fewer round trips. */
  scanStepRows?: number;
  /** Runs after a poll was erased (deletePoll): SQLite empties its write-ahead log, whose
   *  older page copies still hold what was deleted (secure_delete zeroes the file's pages). */
  afterErase?(): Promise<void> | void;
  /**
   * SQLite: runs a compiled text at once on the one connection, through the kept statement
   * (sqlite-handles.ts), and answers its rows. Used only inside a transaction, which holds that
   * connection (Kysely's SqliteDriver lends it to one holder at a time), so it is what Kysely's
   * driver would run, without Kysely's chain per query (an executor, two connection providers,
   * the plugins' result pass: six promises and ~2 KB of garbage per statement; a lone ballot
   * runs about ten). Absent when statements are logged (StoreOptions.onStatement): the log
   * hears every statement through Kysely.
   */
  runInTransaction?(sql: string, parameters: readonly unknown[]): Record<string, unknown>[];
  /** Runs after Kysely is destroyed (closing files, pools). */
  afterClose?(): Promise<void> | void;
}
