import type { DatabaseConfig } from '../config.ts';
import { ConfigError, redact } from '../config.ts';
import type { RateLimitSettings } from '../limits.ts';
import { openSqliteStore } from './sqlite.ts';
import type { PollStore } from './store.ts';

/** The one place that picks the storage engine from the configuration. */
export async function openStore(config: {
  database: DatabaseConfig;
  rateLimits?: RateLimitSettings;
}): Promise<PollStore> {
  const { database } = config;
  // The limits live with the rate settings (limits.ts); the store needs one of them.
  const limits = config.rateLimits?.limits;
  const options = { textWordsMax: limits?.TEXT_WORDS_MAX };
  switch (database.kind) {
    case 'sqlite':
      return openSqliteStore(database.file, options);
    case 'postgres':
      try {
        const { url, schema } = splitSchema(database.url);
        // Loaded only for PostgreSQL: a SQLite server never holds the pg driver (issue 29).
        const { createPostgresStore } = await import('./postgres.ts');
        return await createPostgresStore(url, {
          schema,
          ...options,
          poolSize: limits?.PG_POOL_SIZE,
          poolWaitMs: limits?.PG_POOL_WAIT_MS,
          poolIdleMs: limits?.PG_POOL_IDLE_MS,
        });
      } catch (error) {
        // A server that is down or refuses the login is an environment problem: say which
        // server (without its password) and why, rather than a driver stack trace.
        throw new ConfigError(
          `DATABASE_URL: cannot open PostgreSQL at ${redact(database.url)}: ${(error as Error).message}`,
          { cause: error },
        );
      }
  }
}

/**
 * `postgres://…/db?schema=name` puts the tables in that schema (created if missing), so several
 * deployments or test runs can share one database. The parameter is ours, not libpq's, so it is
 * removed before the URL reaches the driver.
 */
export function splitSchema(url: string): { url: string; schema?: string } {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  if (schema === null) return { url };
  parsed.searchParams.delete('schema');
  return { url: parsed.toString(), schema };
}
