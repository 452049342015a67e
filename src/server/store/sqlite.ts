import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, type SqliteDatabase, SqliteDialect } from 'kysely';
import { KyselyPollStore } from './kysely-store.ts';
import { migrationsFor } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { BoundedInLists, rowGroups } from './sql-shapes.ts';
import { startCheckpointer } from './sqlite-checkpointer.ts';
import { cachedStatements, openSqlite } from './sqlite-handles.ts';
import { statementLog } from './statement-log.ts';
import type { PollStore, StoreOptions } from './store.ts';

/** Opens (creating if needed) a SQLite file, or ':memory:', migrated to the latest schema. */
export async function openSqliteStore(
  file: string,
  options: StoreOptions = {},
): Promise<PollStore> {
  const inMemory = file === ':memory:';
  if (!inMemory) mkdirSync(dirname(file), { recursive: true });
  const sqlite = openSqlite(file);
  // exec, not pragma(): pragma() makes a Statement object that becomes garbage (sqlite-handles.ts).
  // WAL lets readers run while a vote is written; NORMAL sync in WAL mode keeps every commit
  // across a process crash and only risks the last ones on power loss, for far fewer fsyncs.
  if (!inMemory) sqlite.exec('PRAGMA journal_mode = WAL');
  sqlite.exec('PRAGMA synchronous = NORMAL');
  // Off by default in SQLite; the schema relies on ON DELETE CASCADE.
  sqlite.exec('PRAGMA foreign_keys = ON');
  // A deleted poll (a school erasing its data) leaves no copy in the file's free pages or
  // cells: SQLite overwrites deleted content with zeros. Costs a little more I/O per delete.
  sqlite.exec('PRAGMA secure_delete = ON');
  // Another process on the same file (a CLI, a second server) waits instead of failing at once.
  sqlite.exec('PRAGMA busy_timeout = 5000');
  // Checkpoints run in a worker; this one, on the main thread, is only the backstop (40 MB).
  if (!inMemory) sqlite.exec('PRAGMA wal_autocheckpoint = 10000');

  // Its worker runs only while the store writes (sqlite-checkpointer.ts): an idle server holds
  // no thread for it.
  const changes: { onChange?: () => void } = {};
  const statements = cachedStatements(sqlite, console.warn, changes);
  const db = kyselyOver<Database>(statements, options.onStatement);
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  // The migrations' pages copied now, on this thread (nothing else runs yet); from here on the
  // worker runs only while the store changes rows (sqlite-checkpointer.ts): a server that takes
  // no writes holds no thread for it.
  if (!inMemory) sqlite.exec('PRAGMA wal_checkpoint(PASSIVE)');
  const checkpointer = inMemory ? undefined : startCheckpointer(file, console.warn, { lazy: true });
  if (checkpointer) changes.onChange = () => checkpointer.wrote();
  return new KyselyPollStore(
    db,
    {
      isUniqueViolation,
      rowGroups,
      ...(!options.onStatement && {
        runInTransaction: (text, parameters) => runKept(statements, text, parameters),
      }),
      afterClose: () => checkpointer?.stop(),
      afterErase: () => emptyWriteAheadLog(sqlite, file, inMemory),
    },
    options,
  );
}

/**
 * Kysely over a database from openSqlite: each SQL text is prepared once and kept (see
 * sqlite-handles.ts), and IN lists come in a few lengths so the texts stay few (sql-shapes.ts).
 */
export function sqliteKysely<DB>(
  sqlite: BetterSqlite3.Database,
  changes?: { onChange?: () => void },
  onStatement?: (sql: string) => void,
): Kysely<DB> {
  return kyselyOver<DB>(cachedStatements(sqlite, console.warn, changes), onStatement);
}

/** Kysely over a database's kept statements (cachedStatements). */
function kyselyOver<DB>(database: SqliteDatabase, onStatement?: (sql: string) => void): Kysely<DB> {
  return new Kysely<DB>({
    dialect: new SqliteDialect({ database }),
    plugins: [new BoundedInLists()],
    ...statementLog(onStatement),
  });
}

/** What Kysely's SQLite driver does with a compiled query, on the same kept statement: rows of
 *  a reader (RETURNING included), none of a write (EngineHooks.runInTransaction). */
function runKept(
  database: SqliteDatabase,
  text: string,
  parameters: readonly unknown[],
): Record<string, unknown>[] {
  const statement = database.prepare(text);
  if (statement.reader) return statement.all(parameters) as Record<string, unknown>[];
  statement.run(parameters);
  return [];
}

async function migrate(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor('sqlite') },
    // Numbers are reserved per issue and land in any order (006 may reach a database before
    // 005): each migration touches its own columns, so a late lower number still runs.
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * After an erase: the log still holds the pages as they were before (with the deleted rows);
 * a TRUNCATE checkpoint copies the zeroed pages into the file and cuts the log to 0 bytes.
 * Rare (a host deleting a poll), so a synchronous checkpoint is fine. It does not happen while
 * the checkpointer's worker runs its own (PASSIVE, every 200 ms) or a reader holds an old
 * snapshot: the log is then left whole, so it is tried again a few times, a few ms apart, until
 * the log is empty (after that, the next checkpoint overwrites those frames in time).
 */
async function emptyWriteAheadLog(
  sqlite: BetterSqlite3.Database,
  file: string,
  inMemory: boolean,
): Promise<void> {
  if (inMemory) return;
  for (let attempt = 0; attempt < ERASE_CHECKPOINT_TRIES; attempt++) {
    try {
      sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    } catch {
      // Busy: tried again below.
    }
    if (walBytes(file) === 0) return;
    await sleep(ERASE_CHECKPOINT_WAIT_MS);
  }
}

const ERASE_CHECKPOINT_TRIES = 20;
const ERASE_CHECKPOINT_WAIT_MS = 10;

function walBytes(file: string): number {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}
