import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from './index.ts';

/**
 * Issue 29, PostgreSQL only: a ballot batch's rows without a foreign-key check per row.
 *
 * PostgreSQL checks a foreign key with a row trigger that runs an SQL query per inserted row and
 * takes a KEY SHARE lock on the parent row: 17 per ballot of the hot-poll bench, 65 % of a batch
 * write at 33 ballots (bench/RESULTS.md, "without a foreign-key check per row"). The rows a batch
 * inserts cannot point at a missing parent: the ballots and participants are inserted by the
 * same statement as their choices and one-vote rows; the poll's row is locked by the batch (a
 * poll delete waits, then finds the batch's rows); the questions and options are those the judge
 * read under that lock, and every edit that deletes one locks the poll first (lockPollOf).
 * One vote per question is still the one-vote table's primary key.
 *
 * What the constraints also did, ON DELETE CASCADE, is kept by AFTER DELETE … FOR EACH STATEMENT
 * triggers with a transition table: one DELETE per statement instead of one per row. Their
 * functions keep the search_path they were created with, so a delete run from another schema's
 * session still cascades within this one.
 *
 * `ballots_poll (poll_id)` goes too on PostgreSQL: `ballots_poll_source (poll_id, source)`
 * answers every read by poll, and PostgreSQL's B-tree does not give a poll's ballots in id order
 * either way. SQLite keeps it: there it is (poll_id, rowid), the only index that pages through a
 * poll's ballots by id in order (the export, the integrity view). SQLite keeps its foreign keys
 * as well: it checks one with a probe of the parent's B-tree inside the engine.
 */

/** The foreign keys dropped, by table and column: their generated names differ by history. */
const UNCHECKED: readonly (readonly [table: string, column: string])[] = [
  ['ballots', 'poll_id'],
  ['poll_participants', 'poll_id'],
  ['choices', 'ballot_id'],
  ['choices', 'question_id'],
  ['choices', 'option_id'],
  ['answered_questions', 'ballot_id'],
  ['answered_questions', 'question_id'],
  ['answered_questions', 'participant_number'],
];

/** Parent table → the deletes its rows' removal cascades to (`gone`: the deleted rows). */
const CASCADES: Record<string, readonly string[]> = {
  polls: [
    'delete from ballots where poll_id in (select id from gone)',
    'delete from poll_participants where poll_id in (select id from gone)',
  ],
  ballots: [
    'delete from choices where ballot_id in (select id from gone)',
    'delete from answered_questions where ballot_id in (select id from gone)',
  ],
  questions: [
    'delete from choices where question_id in (select id from gone)',
    'delete from answered_questions where question_id in (select id from gone)',
  ],
  options: ['delete from choices where option_id in (select id from gone)'],
  poll_participants: [
    'delete from answered_questions where participant_number in (select id from gone)',
  ],
};

export function ballotRowsUnchecked(engine: Engine): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema
    async up(db: Kysely<any>) {
      if (engine !== 'postgres') return;
      for (const [table, column] of UNCHECKED) {
        const { rows } = await sql<{ name: string }>`
          select c.conname as name from pg_constraint c
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
          where c.contype = 'f' and c.conrelid = to_regclass(${table})
            and cardinality(c.conkey) = 1 and a.attname = ${column}`.execute(db);
        for (const { name } of rows) {
          await sql`alter table ${sql.id(table)} drop constraint ${sql.id(name)}`.execute(db);
        }
      }
      for (const [parent, deletes] of Object.entries(CASCADES)) {
        const fn = `${parent}_cascade_deletes`;
        await sql
          .raw(`create function ${fn}() returns trigger language plpgsql
            set search_path from current as $$
            begin
              ${deletes.map((d) => `${d};`).join('\n              ')}
              return null;
            end $$`)
          .execute(db);
        await sql
          .raw(`create trigger ${parent}_cascade after delete on ${parent}
            referencing old table as gone for each statement execute function ${fn}()`)
          .execute(db);
      }
      await db.schema.dropIndex('ballots_poll').execute();
    },
  };
}
