import type { DatabaseConfig } from '../config.ts';
import { ConfigError } from '../config.ts';
import { openSqliteStore } from './sqlite.ts';
import type { PollStore } from './store.ts';

/** The one place that picks the storage engine from the configuration. */
export async function openStore(config: { database: DatabaseConfig }): Promise<PollStore> {
  const { database } = config;
  switch (database.kind) {
    case 'sqlite':
      return openSqliteStore(database.file);
    case 'postgres':
      throw new ConfigError(
        'PostgreSQL is not supported yet: set DATABASE_URL to a SQLite file path (or leave it unset for ./data/sondeo.db).',
      );
  }
}
