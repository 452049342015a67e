import { CompiledQuery, type Transaction } from 'kysely';
import type { EngineHooks } from './engine-hooks.ts';
import { insertArrays } from './postgres-batch-sql.ts';
import type { Database } from './schema.ts';

type Table = 'ballots' | 'choices' | 'number_answers' | 'answered_questions' | 'idempotency_keys';

/** SQL texts of the ballot batch's multi-row INSERTs, per engine (its placeholders), table,
 *  columns, row count and RETURNING list. Row counts come in few sizes (sql-shapes.ts: SQLite's
 *  power-of-two groups, PostgreSQL's chunks of at most MAX_ROW_GROUP), so the texts stay few. */
const texts = new WeakMap<EngineHooks, Map<string, string>>();

/**
 * A multi-row INSERT of plain values, compiled by Kysely once per shape and then reused with
 * the rows' values as its parameters. Building the statement anew for each batch (every value
 * an operation node, frozen, visited, compiled) was ~16 % of a SQLite ballot's CPU, more than
 * COMMIT (issue 29). The text is what Kysely compiles for these rows; only the parameters vary.
 * Every row must have the same columns, in the same order, none undefined (Kysely would leave
 * an undefined column out of the text).
 */
export async function insertRows<R extends object>(
  trx: Transaction<Database>,
  hooks: EngineHooks,
  table: Table,
  rows: readonly R[],
  returning: readonly string[] = [],
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!) as (keyof R)[];
  const params: unknown[] = [];
  for (const row of rows) {
    for (const column of columns) {
      const value = row[column];
      if (value === undefined) {
        throw new Error(`insertRows: ${table}.${String(column)} is undefined`);
      }
      params.push(value);
    }
  }
  // PostgreSQL: one array per column, one prepared text whatever the row count.
  if (hooks.arrayStatements) {
    return insertArrays(
      trx,
      table,
      columns as string[],
      rows as Record<string, unknown>[],
      returning,
    );
  }
  let known = texts.get(hooks);
  if (!known) {
    known = new Map();
    texts.set(hooks, known);
  }
  const key = `${table}\u0000${columns.join(',')}\u0000${rows.length}\u0000${returning.join(',')}`;
  let text = known.get(key);
  if (text === undefined) {
    // biome-ignore lint/suspicious/noExplicitAny: the table and its row type vary together here.
    const insert = trx.insertInto(table).values(rows as any);
    // biome-ignore lint/suspicious/noExplicitAny: RETURNING names columns of that table.
    text = (returning.length > 0 ? insert.returning(returning as any) : insert).compile().sql;
    known.set(key, text);
  }
  // SQLite (a transaction always holds its connection here): at once on its connection.
  if (hooks.runInTransaction) return hooks.runInTransaction(text, params);
  const result = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, params));
  return result.rows;
}
