import type { DatabaseConfig } from '../config.ts';
import { ConfigError, redact } from '../config.ts';
import { createPostgresStore } from './postgres.ts';
import { openSqliteStore } from './sqlite.ts';
import type { PollStore } from './store.ts';

/** The one place that picks the storage engine from the configuration. */
export async function openStore(config: { database: DatabaseConfig }): Promise<PollStore> {
  const { database } = config;
  switch (database.kind) {
    case 'sqlite':
      return openSqliteStore(database.file);
    case 'postgres':
      try {
        return await createPostgresStore(database.url);
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
