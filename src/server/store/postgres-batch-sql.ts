import { CompiledQuery, type Transaction } from 'kysely';
import { prepared } from './prepared-texts.ts';
import type { Database } from './schema.ts';

/**
 * A ballot batch's statements in PostgreSQL's array form: one parameter per column (an array of
 * the rows' values) instead of one per value, so the SQL text is the same for 1 or 200 rows and
 * is parsed and planned once per connection (prepared-texts.ts), not once per batch. With
 * multi-row VALUES a batch of 50 ballots sent ~700 parameters in texts of a new length each
 * time the batch size changed, which PostgreSQL parsed and planned every time (issue 29).
 */

type Table = 'ballots' | 'choices' | 'number_answers' | 'answered_questions' | 'idempotency_keys';

/** The element type of each column's array (migrations 001–024). */
const COLUMN_TYPES: Record<Table, Record<string, string>> = {
  ballots: {
    poll_id: 'integer',
    participant_id: 'varchar',
    created_at: 'bigint',
    source: 'varchar',
    fresh_participant: 'integer',
    participant_issued_at: 'bigint',
    seated: 'integer',
  },
  choices: {
    ballot_id: 'integer',
    question_id: 'integer',
    option_id: 'integer',
    position: 'integer',
  },
  number_answers: { ballot_id: 'integer', question_id: 'integer', value: 'double precision' },
  answered_questions: {
    question_id: 'integer',
    participant_number: 'integer',
    ballot_id: 'integer',
  },
  idempotency_keys: {
    poll_id: 'integer',
    key: 'varchar',
    ballot_hash: 'varchar',
    response: 'text',
    created_at: 'bigint',
  },
};

const texts = new Map<string, string>();

/** INSERT … SELECT FROM unnest(…): the rows of `table`, one array per column. */
export async function insertArrays(
  trx: Transaction<Database>,
  table: Table,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
  returning: readonly string[],
): Promise<Record<string, unknown>[]> {
  const key = `${table}\u0000${columns.join(',')}\u0000${returning.join(',')}`;
  let text = texts.get(key);
  if (text === undefined) {
    const types = columns.map((c, i) => {
      const type = COLUMN_TYPES[table][c];
      if (!type) throw new Error(`insertArrays: no type for ${table}.${c}`);
      return `$${i + 1}::${type}[]`;
    });
    const quoted = (names: readonly string[]) => names.map((c) => `"${c}"`).join(', ');
    text = prepared(
      `insert into "${table}" (${quoted(columns)}) select * from unnest(${types.join(', ')})` +
        (returning.length > 0 ? ` returning ${quoted(returning)}` : ''),
    );
    texts.set(key, text);
  }
  const params = columns.map((c) => rows.map((r) => r[c]));
  const result = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, params));
  return result.rows;
}
