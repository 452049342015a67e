import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { migrationsFor } from './migrations/index.ts';
import { openSqliteStore, sqliteKysely } from './sqlite.ts';
import { openSqlite } from './sqlite-handles.ts';

const dir = mkdtempSync(join(tmpdir(), 'sondeo-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('migrations 002 and 003 keep and count the votes a database already holds', async () => {
  const file = join(dir, 'old.db');
  // As the store opens it: on Node 24 a better-sqlite3 object collected by the GC aborts the
  // test process (sqlite-handles.ts).
  const sqlite = openSqlite(file);
  // A database as issue 2 left it: schema 001 only, with votes.
  // biome-ignore lint/suspicious/noExplicitAny: the schema of 001, not today's types
  const db = sqliteKysely<any>(sqlite);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor('sqlite') },
  });
  expect((await migrator.migrateTo('001-initial')).error).toBeUndefined();
  sqlite.exec(`
    insert into polls values (1, 'viejaaaa', 'Vieja', 'open', 1, 0, 'h', 0, 0);
    insert into questions values (1, 1, 'Q1', 'single', 1), (2, 1, 'Q2', 'multiple', 2);
    insert into options values (1, 1, 'A', 1), (2, 1, 'B', 2), (3, 2, 'X', 1), (4, 2, 'Y', 2);
    insert into ballots values (1, 1, 'p1', 0), (2, 1, 'p2', 0), (3, 1, 'p3', 0);
    insert into choices values (1, 1, 1), (1, 2, 3), (1, 2, 4), (2, 1, 2), (3, 2, 3);
    insert into answered_questions values (1, 'p1', 1), (2, 'p1', 1), (1, 'p2', 2), (2, 'p3', 3);
  `);
  await db.destroy();

  const store = await openSqliteStore(file);
  try {
    const tally = await store.getTally(1);
    expect(tally?.counts.ballots).toBe(3);
    const byOption = Object.fromEntries(
      tally!.counts.optionCounts.map((c) => [c.optionId, c.count]),
    );
    expect(byOption).toEqual({ 1: 1, 2: 1, 3: 2, 4: 1 });
    const byQuestion = Object.fromEntries(
      tally!.counts.respondents.map((c) => [c.questionId, c.count]),
    );
    expect(byQuestion).toEqual({ 1: 2, 2: 2 });
    // Migration 003 kept the one-vote records: p1 answered both questions, p3 only the second.
    const vote = (participantId: string, questionId: number, optionId: number) =>
      store.castVote({
        pollId: 1,
        participantId,
        answers: [{ questionId, optionIds: [optionId] }],
        oneVotePerQuestion: true,
        now: new Date(),
      });
    expect(await vote('p1', 1, 2)).toEqual({ outcome: 'already-voted', questionIds: [1] });
    expect(await vote('p3', 2, 4)).toEqual({ outcome: 'already-voted', questionIds: [2] });
    expect(await vote('p3', 1, 2)).toEqual({ outcome: 'stored', saved: 1 });
  } finally {
    await store.close();
  }
});

it('migration 005 gives existing polls join codes, distinct among those not closed', async () => {
  const file = join(dir, 'before-005.db');
  // As the store opens it: on Node 24 a better-sqlite3 object collected by the GC aborts the
  // test process (sqlite-handles.ts).
  const sqlite = openSqlite(file);
  // biome-ignore lint/suspicious/noExplicitAny: the schema of 003, not today's types
  const db = sqliteKysely<any>(sqlite);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor('sqlite') },
  });
  expect((await migrator.migrateTo('003-answered-by-participant')).error).toBeUndefined();
  const values = Array.from({ length: 300 }, (_, i) => {
    const status = ['draft', 'open', 'closed'][i % 3];
    return `(${i + 1}, 'old${i}xxx', 'Vieja', '${status}', 1, 0, 'h', 0, 0)`;
  });
  sqlite.exec(`
    insert into polls (id, slug, title, status, one_vote_per_question, results_public,
      host_secret_hash, created_at, updated_at) values ${values.join(',')};
    insert into questions (id, poll_id, text, type, ordinal) values (1, 2, 'Q', 'single', 1);
  `);
  await db.destroy();

  const store = await openSqliteStore(file);
  try {
    const polls = await Promise.all(values.map((_, i) => store.getPollById(i + 1)));
    for (const poll of polls) {
      expect(poll?.joinCode).toMatch(/^\d{6}$/);
      expect(poll?.hideResultsUntilRevealed).toBe(false);
    }
    const active = polls.filter((p) => p?.status !== 'closed').map((p) => p!.joinCode);
    expect(new Set(active).size).toBe(active.length);
    const open = polls.find((p) => p?.status === 'open')!;
    expect((await store.getPollByJoinCode(open.joinCode))?.id).toBe(open.id);
    expect((await store.listQuestions(2))[0]?.resultsHidden).toBe(false);
  } finally {
    await store.close();
  }
});
