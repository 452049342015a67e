import BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/*
 * Every better-sqlite3 object this process makes lives until the process exits.
 *
 * better-sqlite3 12 (the newest line that runs on Node 20) wraps its Database and Statement
 * objects in node::ObjectWrap. On Node 24 (24.19 on), whose ObjectWrap registers a cleanup hook
 * per object, the garbage collector freeing one of them from outside any JavaScript context (a GC
 * task of V8's, not a JS call) aborts the whole process: "Assertion failed: (env) != nullptr" in
 * node::RemoveEnvironmentCleanupHook, from Statement::~Statement or Database::~Database. Closing
 * does not prevent it: close() finalises the SQLite handles (sqlite3_finalize, sqlite3_close),
 * but the wrapper is still freed whenever the collector finds it unreachable. What Node frees
 * itself when the process or a worker thread ends is safe. So none may ever become garbage:
 * - a database opened here is kept, open or closed, until the process ends;
 * - each SQL text is prepared once per database and the statement kept with it: a cache that
 *   never evicts (an evicted statement would be collected). Query texts are few by construction
 *   (sql-shapes.ts pads variable lists to a power-of-two length);
 * - PRAGMAs go through exec(), which makes no Statement object (pragma() makes one per call).
 * Node 20 and 22 collect these objects safely; keeping them costs the same there, so every
 * version runs the same code.
 */

/** Every database opened here and its statements, open or closed, so none is ever garbage. */
const kept: unknown[] = [];
let prepared = 0;
let warned = false;

/**
 * Distinct SQL texts one database is expected to prepare, with room to spare. The store's are
 * bounded by construction (sql-shapes.ts): about 110 fixed texts (migrations included) plus the
 * power-of-two lengths of its lists, at most about 200 more at the contract's limits (the
 * batch's answered-questions check alone: 8 lengths of up to 100 questions × 9 of up to 256
 * participants). The store and API tests prepare about 180. Past this number the statements are
 * still kept (freeing one would abort Node 24), but a warning names the query whose text varies.
 */
export const STATEMENT_SHAPES_EXPECTED = 500;

/** Opens a SQLite file (or ':memory:') that is kept for the process's lifetime (see above). */
export function openSqlite(file: string): BetterSqlite3.Database {
  const sqlite = new BetterSqlite3(file);
  kept.push(sqlite);
  return sqlite;
}

/** How many statements this process has prepared through cachedStatements (they are all kept). */
export function preparedStatements(): number {
  return prepared;
}

/**
 * The database as Kysely's SqliteDialect sees it, preparing each SQL text once. Kysely prepares
 * every query anew, and parsing the SQL costs as much as running a small query, so the cache
 * also saves that. Safe to share a statement because Kysely runs one query at a time on the
 * connection and never leaves a statement iterating.
 */
export function cachedStatements(
  sqlite: BetterSqlite3.Database,
  warn: (message: string) => void = console.warn,
  /** Told after each statement that changed rows (a checkpointer counts them); read at each
   *  run, so it can be set once the store is open. */
  changes?: { onChange?: () => void },
): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  /** What Kysely gets for each kept statement: itself, or the statement telling `changes`. */
  const handed = new Map<string, SqliteStatement>();
  // Kept even if the store is dropped without being closed.
  kept.push(sqlite, statements);
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = handed.get(sql);
      if (!statement) {
        const fresh = sqlite.prepare(sql);
        statements.set(sql, fresh);
        statement = changes && WRITES.test(sql) ? counted(fresh, changes) : fresh;
        handed.set(sql, statement);
        prepared++;
        if (statements.size > STATEMENT_SHAPES_EXPECTED && !warned) {
          warned = true;
          warn(
            `SQLite: more than ${STATEMENT_SHAPES_EXPECTED} distinct statements prepared; a query's text varies with its input (pad it, sql-shapes.ts): ${sql.slice(0, 200)}`,
          );
        }
      }
      return statement;
    },
  };
}

/** Statements that may change rows (RETURNING ones included, which Kysely runs with all()). */
const WRITES = /^\s*(?:with\b[\s\S]*\b)?(?:insert|update|delete|replace)\b/i;

/** The statement, telling `changes` after each run that changed a row: a DELETE that found
 *  nothing (the start's sweeps) is no write. */
function counted(
  statement: BetterSqlite3.Statement,
  changes: { onChange?: () => void },
): SqliteStatement {
  return {
    reader: statement.reader,
    all(parameters) {
      const rows = statement.all(parameters);
      if (rows.length > 0) changes.onChange?.();
      return rows;
    },
    run(parameters) {
      const result = statement.run(parameters);
      if (result.changes) changes.onChange?.();
      return result;
    },
    iterate: (parameters) => statement.iterate(parameters),
  };
}
