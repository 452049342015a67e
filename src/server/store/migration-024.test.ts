import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, Kysely as KyselyDb, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testPostgres } from '../../../tests/helpers/services.ts';
import { type Engine, migrationsFor } from './migrations/index.ts';
import { createPostgresStore } from './postgres.ts';
import { openSqliteStore, sqliteKysely } from './sqlite.ts';
import { openSqlite } from './sqlite-handles.ts';
import type { PollStore } from './store.ts';

/**
 * Migration 024 (one-vote rows keyed by a participant number) on a database filled before it,
 * on both engines: every one-vote record is kept, each participant gets one number per poll,
 * and a participant missing from poll_participants (none should be) is added and counted.
 */

const dir = mkdtempSync(join(tmpdir(), 'sondeo-migrate-024-'));
const { url, available, schemas } = await testPostgres();
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (available) await schemas.dropAll();
}, 60_000);

/** Two one-vote polls as schema 023 holds them; p1 votes in both, p3 has no participant row. */
const FILL = [
  `insert into polls (id, slug, title, status, one_vote_per_question, results_public,
     host_secret_hash, created_at, updated_at, join_code, ballot_count, participant_count)
   values (1, 'vieja024', 'Vieja', 'open', 1, 0, 'h', 0, 0, 'AAAAAA', 4, 2),
          (2, 'otra0024', 'Otra', 'open', 1, 0, 'h', 0, 0, 'BBBBBB', 1, 1)`,
  `insert into questions (id, poll_id, text, type, ordinal, respondent_count)
   values (1, 1, 'Q1', 'single', 1, 2), (2, 1, 'Q2', 'single', 2, 2), (3, 2, 'Q1', 'single', 1, 1)`,
  `insert into options (id, question_id, text, ordinal, vote_count)
   values (1, 1, 'A', 1, 1), (2, 1, 'B', 2, 1), (3, 2, 'X', 1, 1), (4, 2, 'Y', 2, 1), (5, 3, 'A', 1, 1)`,
  `insert into ballots (id, poll_id, participant_id, created_at)
   values (1, 1, 'p1', 0), (2, 1, 'p2', 0), (3, 1, 'p1', 0), (4, 2, 'p1', 0), (5, 1, 'p3', 0)`,
  `insert into choices (ballot_id, question_id, option_id)
   values (1, 1, 1), (2, 1, 2), (3, 2, 3), (4, 3, 5), (5, 2, 4)`,
  `insert into answered_questions (question_id, participant_id, ballot_id)
   values (1, 'p1', 1), (1, 'p2', 2), (2, 'p1', 3), (3, 'p1', 4), (2, 'p3', 5)`,
  `insert into poll_participants (poll_id, participant_id) values (1, 'p1'), (1, 'p2'), (2, 'p1')`,
];

// biome-ignore lint/suspicious/noExplicitAny: the schema of 023, not today's types
async function fillAt023(db: Kysely<any>, engine: Engine, migrationTableSchema?: string) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(engine) },
    allowUnorderedMigrations: true,
    ...(migrationTableSchema && { migrationTableSchema }),
  });
  expect((await migrator.migrateTo('023-nickname-key-version')).error).toBeUndefined();
  for (const text of FILL) await sql.raw(text).execute(db);
  if (engine === 'postgres') {
    // Explicit ids leave the identity sequences behind: as a real database's would be.
    for (const table of ['polls', 'questions', 'options', 'ballots']) {
      await sql
        .raw(
          `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
        )
        .execute(db);
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: raw reads of the new shape
async function checkMigrated(store: PollStore, db: Kysely<any>) {
  const overviews = await store.pollOverviews(['vieja024', 'otra0024']);
  // p3's missing row was added: three people in poll 1.
  expect(Object.fromEntries(overviews.map((o) => [o.slug, o.participantCount]))).toEqual({
    vieja024: 3,
    otra0024: 1,
  });
  // One number per (poll, participant); p1 has one in each poll.
  const numbers = await sql<{ poll_id: number; participant_id: string; id: number }>`
    select poll_id, participant_id, id from poll_participants order by id`.execute(db);
  expect(numbers.rows.map((r) => [Number(r.poll_id), r.participant_id])).toEqual(
    expect.arrayContaining([
      [1, 'p1'],
      [1, 'p2'],
      [1, 'p3'],
      [2, 'p1'],
    ]),
  );
  expect(new Set(numbers.rows.map((r) => Number(r.id))).size).toBe(4);
  const rows = await sql<{ n: number }>`select count(*) as n from answered_questions a
    join poll_participants p on p.id = a.participant_number`.execute(db);
  expect(Number(rows.rows[0]!.n)).toBe(5);

  expect(await store.answeredQuestionIds(1, 'p1')).toEqual([1, 2]);
  expect(await store.answeredQuestionIds(2, 'p1')).toEqual([3]);
  const vote = (pollId: number, participantId: string, questionId: number, optionId: number) =>
    store.castVote({
      pollId,
      participantId,
      answers: [{ questionId, optionIds: [optionId] }],
      oneVotePerQuestion: true,
      now: new Date(),
    });
  expect(await vote(1, 'p1', 1, 2)).toEqual({ outcome: 'already-voted', questionIds: [1] });
  expect(await vote(1, 'p3', 2, 3)).toEqual({ outcome: 'already-voted', questionIds: [2] });
  expect(await vote(2, 'p1', 3, 5)).toEqual({ outcome: 'already-voted', questionIds: [3] });
  expect(await vote(1, 'p2', 2, 4)).toEqual({ outcome: 'stored', saved: 1 });
  expect(await vote(1, 'p3', 1, 1)).toEqual({ outcome: 'stored', saved: 1 });
  expect(await vote(2, 'p2', 3, 5)).toEqual({ outcome: 'stored', saved: 1 });
  expect(await vote(1, 'p4', 1, 1)).toEqual({ outcome: 'stored', saved: 1 });
  expect(await vote(1, 'p4', 1, 2)).toEqual({ outcome: 'already-voted', questionIds: [1] });
  const tally = await store.getTally(1);
  expect(tally?.counts.ballots).toBe(7);
}

describe('migration 024: one-vote rows keyed by a participant number', () => {
  it('sqlite: converts a filled database', async () => {
    const file = join(dir, 'before-024.db');
    // As the store opens it: a collected better-sqlite3 object aborts Node 24 (sqlite-handles.ts).
    const sqlite = openSqlite(file);
    // biome-ignore lint/suspicious/noExplicitAny: the schema of 023, not today's types
    const db = sqliteKysely<any>(sqlite);
    await fillAt023(db, 'sqlite');
    await db.destroy();
    const store = await openSqliteStore(file);
    const check = openSqlite(file);
    // biome-ignore lint/suspicious/noExplicitAny: read-only checks of the new shape
    const read = sqliteKysely<any>(check);
    try {
      const columns = check.prepare('pragma table_info(answered_questions)').all() as {
        name: string;
        pk: number;
      }[];
      expect(columns.filter((c) => c.pk > 0).map((c) => [c.name, c.pk])).toEqual([
        ['question_id', 2],
        ['participant_number', 1],
      ]);
      await checkMigrated(store, read);
    } finally {
      await read.destroy();
      await store.close();
    }
  });

  it.runIf(available)('postgres: converts a filled schema', async () => {
    const schema = schemas.next();
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}` });
    // biome-ignore lint/suspicious/noExplicitAny: the schema of 023, not today's types
    const db = new KyselyDb<any>({ dialect: new PostgresDialect({ pool }) });
    try {
      await sql.raw(`create schema "${schema}"`).execute(db);
      await fillAt023(db, 'postgres', schema);
      const store = await createPostgresStore(url, { schema });
      try {
        const key = await sql<{ column_name: string }>`
          select a.attname as column_name from pg_index i
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = 'answered_questions'::regclass and i.indisprimary
          order by array_position(i.indkey, a.attnum)`.execute(db);
        expect(key.rows.map((r) => r.column_name)).toEqual(['participant_number', 'question_id']);
        await checkMigrated(store, db);
      } finally {
        await store.close();
      }
    } finally {
      await db.destroy();
    }
  });
});
