import { Kysely, Migrator, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { DEFAULT_LIMITS } from '../limits.ts';
import { KyselyPollStore } from './kysely-store.ts';
import { migrationsFor } from './migrations/index.ts';
import { CurrentSchemaPostgresDialect } from './postgres-introspector.ts';
import { preparedName } from './prepared-texts.ts';
import type { Database } from './schema.ts';
import { statementLog } from './statement-log.ts';
import type { PollStore, StoreOptions } from './store.ts';

export interface PostgresStoreOptions extends StoreOptions {
  /** Schema the tables live in (created if missing); tests use a throwaway one each. */
  schema?: string;
  /** Connections per instance (PG_POOL_SIZE). */
  poolSize?: number;
  /** How long a query waits for a pooled connection before failing (PG_POOL_WAIT_MS). */
  poolWaitMs?: number;
  /** How long an idle pooled connection is kept (PG_POOL_IDLE_MS; 0 = until closed). */
  poolIdleMs?: number;
  /** Where errors of idle pooled connections go (a restarted server, a dropped network). */
  onPoolError?: (error: Error) => void;
}

// The pool's defaults, and why, are limits.ts's (PG_POOL_SIZE, PG_POOL_WAIT_MS, PG_POOL_IDLE_MS).
const DEFAULT_POOL = {
  size: DEFAULT_LIMITS.PG_POOL_SIZE,
  waitMs: DEFAULT_LIMITS.PG_POOL_WAIT_MS,
  idleMs: DEFAULT_LIMITS.PG_POOL_IDLE_MS,
};
/** Plain identifiers only: the schema name goes into SQL and a connection option unquoted. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Opens a PostgreSQL store: a pg Pool under Kysely, migrated to the latest schema at start. The
 * SQL is the engine-neutral KyselyPollStore's; this file adds only what PostgreSQL needs.
 */
export async function createPostgresStore(
  url: string,
  options: PostgresStoreOptions = {},
): Promise<PollStore> {
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? DEFAULT_POOL.size,
    // node-postgres counts this both for opening a connection and for waiting for a free one.
    connectionTimeoutMillis: options.poolWaitMs ?? DEFAULT_POOL.waitMs,
    idleTimeoutMillis: options.poolIdleMs ?? DEFAULT_POOL.idleMs,
    // Set per connection at startup, so every pooled connection sees only this schema's tables.
    ...(schema && { options: `-c search_path=${schema}` }),
  });
  // Without a listener an idle client's error (e.g. the server restarting) crashes the process;
  // the pool drops that client and the next query opens a fresh one. The message alone: the
  // error object carries the whole client.
  pool.on(
    'error',
    options.onPoolError ?? ((error) => console.error(`PostgreSQL pool: ${error.message}`)),
  );
  // A client checked out between two queries (in a transaction waiting for Node) has no pool
  // listener: its connection dying (PostgreSQL stopped: 57P01, or cut) emitted an unhandled
  // 'error' that killed the instance. Heard here and otherwise ignored: the request using it
  // fails on its next query (a 503, store/unavailable.ts) and the pool discards the client.
  pool.on('connect', (client) => client.on('error', ignoreCheckedOutError));
  pool.on('connect', prepareMarkedTexts);

  const db = new Kysely<Database>({
    dialect: new CurrentSchemaPostgresDialect({ pool }),
    ...statementLog(options.onStatement),
  });
  try {
    if (schema) await createSchema(db, schema);
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  // Long reads step by 25,000 ballots: PostgreSQL groups them in its own process.
  return new KyselyPollStore(
    db,
    {
      isUniqueViolation,
      lockPoll,
      lockingRead: (query) => query.forNoKeyUpdate(),
      arrayStatements: true,
      scanStepRows: 25_000,
    },
    options,
  );
}

function ignoreCheckedOutError(): void {}

async function createSchema(db: Kysely<Database>, schema: string): Promise<void> {
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  } catch (error) {
    // Two instances starting at once can both pass "if not exists"; the loser's duplicate
    // (23505 on the catalog, or 42P06) means the schema is there, which is all we need.
    const code = (error as { code?: unknown }).code;
    if (code !== '23505' && code !== '42P06') throw error;
  }
}

async function migrate(db: Kysely<Database>): Promise<void> {
  // Kysely's migrator looks for its bookkeeping table in every schema unless told which one, so
  // a second schema in the same database (another test run) would hide ours: name it.
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    db,
  );
  const current = rows[0]?.schema;
  if (!current) throw new Error('PostgreSQL: no schema of the search_path exists');
  // Kysely takes an advisory lock around the run, so instances starting together migrate once.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor('postgres') },
    // Numbers are reserved per issue and land in any order (006 may reach a database before
    // 005): each migration touches its own columns, so a late lower number still runs.
    allowUnorderedMigrations: true,
    migrationTableSchema: current,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/**
 * The row lock an UPDATE of the poll takes anyway (every write moves updatedAt), taken first
 * instead of last: other writers of the poll wait, while readers and the key-share locks of
 * foreign-key checks do not.
 */
async function lockPoll(trx: Transaction<Database>, pollId: number): Promise<void> {
  await trx.selectFrom('polls').select('id').where('id', '=', pollId).forNoKeyUpdate().execute();
}

/**
 * Sends the texts marked by prepared() (prepared-texts.ts) as named statements: pg parses and
 * plans them once per connection, then only binds and runs them. Kysely calls client.query(text,
 * values); every other text goes through unchanged.
 */
function prepareMarkedTexts(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' && args.length === 2 ? preparedName(text) : undefined;
    return name ? query({ name, text, values }) : query(...args);
  };
}

/** SQLSTATE 23505: unique_violation (UNIQUE or PRIMARY KEY). */
function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}
