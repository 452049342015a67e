import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, type SqliteDatabase, SqliteDialect } from 'kysely';
import { KyselyPollStore } from './kysely-store.ts';
import { migrationsFor } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { startCheckpointer } from './sqlite-checkpointer.ts';
import type { PollStore, StoreOptions } from './store.ts';

/** Opens (creating if needed) a SQLite file, or ':memory:', migrated to the latest schema. */
export async function openSqliteStore(
  file: string,
  options: StoreOptions = {},
): Promise<PollStore> {
  const inMemory = file === ':memory:';
  if (!inMemory) mkdirSync(dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  // WAL lets readers run while a vote is written; NORMAL sync in WAL mode keeps every commit
  // across a process crash and only risks the last ones on power loss, for far fewer fsyncs.
  if (!inMemory) sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  // Off by default in SQLite; the schema relies on ON DELETE CASCADE.
  sqlite.pragma('foreign_keys = ON');
  // Another process on the same file (a CLI, a second server) waits instead of failing at once.
  sqlite.pragma('busy_timeout = 5000');
  // Checkpoints run in a worker; this one, on the main thread, is only the backstop (40 MB).
  if (!inMemory) sqlite.pragma('wal_autocheckpoint = 10000');

  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const checkpointer = inMemory ? undefined : startCheckpointer(file);
  return new KyselyPollStore(
    db,
    { isUniqueViolation, afterClose: () => checkpointer?.stop() },
    options,
  );
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

/** Distinct statements kept: every query shape of the store, with room to spare. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 under Kysely, keeping prepared statements: Kysely prepares every query anew,
 * and parsing the SQL costs as much as running a small query. Safe because Kysely runs one query
 * at a time on the connection and never leaves a statement iterating.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          statements.delete(statements.keys().next().value!);
        }
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
