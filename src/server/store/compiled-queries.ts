import { type Compilable, CompiledQuery, type QueryResult } from 'kysely';
import type { EngineHooks } from './engine-hooks.ts';
import type { Db } from './kysely-rows.ts';
import { prepared } from './prepared-texts.ts';

/** SQL texts of the ballot path's queries, per engine (its placeholders, its plugins) and key. */
const texts = new WeakMap<EngineHooks, Map<string, string>>();

/**
 * Runs a query Kysely compiles once per engine and `key`, then reuses with `params` as its
 * values. Building and compiling the ballot transaction's dozen small queries anew for every
 * ballot (each value an operation node, frozen, visited, compiled, its IN lists padded) was the
 * largest part of a lone ballot's CPU and of its garbage, more than SQLite's own work (issue 29,
 * a quiz of 50 players: ~260 KB allocated per answer, 44 % of it by Kysely).
 *
 * `key` must name every variation of the text (a list's length, an optional clause), and
 * `params` be the values in the order the compiled query binds them: the first compile of each
 * key checks that they are exactly the query's own parameters, and throws if not, so a builder
 * changed without its parameters fails at its first run (the store tests run every key).
 * Lists that an engine pads (sql-shapes.ts) are passed padded already.
 */
export async function runCompiled<R>(
  db: Db,
  hooks: EngineHooks,
  key: string,
  params: readonly unknown[],
  build: () => Compilable<R>,
): Promise<QueryResult<R>> {
  let known = texts.get(hooks);
  if (!known) {
    known = new Map();
    texts.set(hooks, known);
  }
  let text = known.get(key);
  if (text === undefined) {
    const compiled = build().compile();
    const same =
      compiled.parameters.length === params.length &&
      compiled.parameters.every((value, i) => value === params[i]);
    if (!same) {
      throw new Error(
        `runCompiled(${key}): parameters ${JSON.stringify(params)} are not the query's ${JSON.stringify(compiled.parameters)}`,
      );
    }
    text = compiled.sql;
    known.set(key, text);
    // An engine that would parse and plan it anew each time prepares it once per connection.
    if (hooks.arrayStatements) prepared(text);
  }
  // SQLite, in a transaction (every ballot's statements): at once on its connection.
  if (hooks.runInTransaction && db.isTransaction) {
    return { rows: hooks.runInTransaction(text, params) as R[] };
  }
  return db.executeQuery<R>(CompiledQuery.raw(text, params as unknown[]));
}
