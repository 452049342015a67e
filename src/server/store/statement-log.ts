import type { KyselyConfig } from 'kysely';

/** Kysely's log option for StoreOptions.onStatement: none when unset, so production pays
 *  nothing (Kysely wraps a connection's queries only when a log is given). */
export function statementLog(onStatement?: (sql: string) => void): Pick<KyselyConfig, 'log'> {
  if (!onStatement) return {};
  return {
    log: (event) => {
      if (event.level === 'query') onStatement(event.query.sql);
    },
  };
}
