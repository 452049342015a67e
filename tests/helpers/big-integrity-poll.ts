import { generateHostSecret, hashHostSecret } from '../../src/server/domain/host-auth.ts';
import { generateSlug } from '../../src/server/domain/slug.ts';
import { cachedStatements, openSqlite } from '../../src/server/store/sqlite-handles.ts';
import type { PollStore } from '../../src/server/store/store.ts';

/**
 * A big quiz for the integrity view's test and bench (issue 25): `questions` started questions
 * of 4 options, then `ballots` ballots, each answering one question, from `sources` sources
 * (one in five a script: fresh ids issued in bulk, unseated; the rest seated phones), written
 * straight into the SQLite file `dbFile` in one transaction. Returns the slug and host secret.
 */
export async function seedBigIntegrityPoll(
  store: PollStore,
  dbFile: string,
  size: { questions: number; ballots: number; sources: number },
): Promise<{ slug: string; secret: string; pollId: number }> {
  const secret = generateHostSecret();
  const poll = await store.createPoll({
    slug: generateSlug(),
    title: 'Integridad grande',
    hostSecretHash: hashHostSecret(secret),
    joinCode: String(100_000 + Math.floor(Math.random() * 900_000)),
    oneVotePerQuestion: true,
    resultsPublic: true,
    quiz: true,
    status: 'open',
  });
  const now = Date.now();
  const questions: { id: number; options: number[] }[] = [];
  for (let q = 0; q < size.questions; q++) {
    const made = await store.addQuestion(poll.id, {
      text: `Pregunta ${q + 1}`,
      type: 'single',
      timeLimitSeconds: 20,
      options: Array.from({ length: 4 }, (_, o) => ({ text: `Opción ${o + 1}`, correct: o === 0 })),
    });
    await store.startQuestionClock(made.id, new Date(now - 60_000));
    questions.push({ id: made.id, options: made.options.map((o) => o.id) });
  }
  // Kept open through sqlite-handles (a collected better-sqlite3 handle aborts Node 24).
  const db = openSqlite(dbFile);
  try {
    const statements = cachedStatements(db);
    const ballot = statements.prepare(
      'insert into ballots (poll_id, participant_id, created_at, source, fresh_participant, participant_issued_at, seated) values (?, ?, ?, ?, ?, ?, ?)',
    );
    const choice = statements.prepare(
      'insert into choices (ballot_id, question_id, option_id) values (?, ?, ?)',
    );
    db.exec('begin');
    for (let b = 0; b < size.ballots; b++) {
      const source = b % size.sources;
      const script = source % 5 === 0;
      const at = now - 60_000 + (b % 20_000);
      const id = ballot.run([
        poll.id,
        `integrity-${b}`,
        at,
        `source-${source}`,
        script ? 1 : 0,
        script ? at - 500 : now - 3_600_000 + b,
        script ? 0 : 1,
      ]).lastInsertRowid;
      const q = questions[b % questions.length]!;
      choice.run([id, q.id, q.options[b % 4]!]);
    }
    db.exec('commit');
  } finally {
    db.close();
  }
  return { slug: poll.slug, secret, pollId: poll.id };
}
