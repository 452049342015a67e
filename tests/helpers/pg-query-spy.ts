import pg from 'pg';
import { onTestFinished } from 'vitest';

/**
 * Tells `onQuery` of every query a pg client sends (its first argument: a text or a
 * `{ name?, text, values? }` config) until the current test ends. Call it before the store's
 * pool connects: postgres.ts binds each client's query at connect.
 */
export function spyOnPgQueries(onQuery: (first: string | pg.QueryConfig) => void): void {
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    onQuery(args[0] as string | pg.QueryConfig);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  onTestFinished(() => {
    pg.Client.prototype.query = query;
  });
}
