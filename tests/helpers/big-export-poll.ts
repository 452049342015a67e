import { generateHostSecret, hashHostSecret } from '../../src/server/domain/host-auth.ts';
import { generateSlug } from '../../src/server/domain/slug.ts';
import { cachedStatements, openSqlite } from '../../src/server/store/sqlite-handles.ts';
import type { PollStore, QuestionWithOptions } from '../../src/server/store/store.ts';

/**
 * A big poll for the export tests and the export-loop bench (issue 25): `questions`
 * single-choice questions of `options` options through the store, then `ballots` ballots
 * answering every question, each from its own participant, written straight into the SQLite
 * file `dbFile` in one transaction (castVote takes ~4 ms a ballot on this machine: 200,000 would
 * take a quarter of an hour). Only the rows an export reads are written (ballots, choices): the
 * live counters stay at zero. Returns the slug and the host secret to export it with.
 */
export async function seedBigExportPoll(
  store: PollStore,
  dbFile: string,
  size: { questions: number; options: number; ballots: number },
): Promise<{ slug: string; secret: string; pollId: number }> {
  const { poll, secret, questions } = await createBigExportPollShell(store, size);
  // Through sqlite-handles: a better-sqlite3 Database or Statement that becomes garbage aborts
  // Node 24 when the collector frees it (sqlite-handles.ts says why), so both are kept.
  const db = openSqlite(dbFile);
  try {
    const statements = cachedStatements(db);
    const ballot = statements.prepare(
      'insert into ballots (poll_id, participant_id, created_at) values (?, ?, ?)',
    );
    const choice = statements.prepare(
      'insert into choices (ballot_id, question_id, option_id) values (?, ?, ?)',
    );
    const now = Date.now();
    db.exec('begin');
    for (let b = 0; b < size.ballots; b++) {
      const id = ballot.run([
        poll.id,
        `export-${b}`,
        now - (size.ballots - b) * 10,
      ]).lastInsertRowid;
      for (const [i, q] of questions.entries()) {
        choice.run([id, q.id, q.options[(b + i) % q.options.length]!.id]);
      }
    }
    db.exec('commit');
  } finally {
    db.close();
  }
  return { slug: poll.slug, secret, pollId: poll.id };
}

/**
 * The big export poll without its ballots, through the store (both engines'): an open poll with
 * public results and `questions` single-choice questions of `options` options. The ballots are
 * written straight into each engine's tables (here and in bench/lib/big-export-poll-pg.ts).
 */
export async function createBigExportPollShell(
  store: PollStore,
  size: { questions: number; options: number },
): Promise<{
  poll: { id: number; slug: string };
  secret: string;
  questions: QuestionWithOptions[];
}> {
  const secret = generateHostSecret();
  const poll = await store.createPoll({
    slug: generateSlug(),
    title: 'Exportación grande',
    hostSecretHash: hashHostSecret(secret),
    joinCode: String(100_000 + Math.floor(Math.random() * 900_000)),
    oneVotePerQuestion: true,
    resultsPublic: true,
    status: 'open',
  });
  const questions: QuestionWithOptions[] = [];
  for (let q = 0; q < size.questions; q++) {
    questions.push(
      await store.addQuestion(poll.id, {
        text: `Pregunta ${q + 1} de la exportación grande`,
        type: 'single',
        options: Array.from({ length: size.options }, (_, o) => ({ text: `Opción ${o + 1}` })),
      }),
    );
  }
  return { poll, secret, questions };
}
