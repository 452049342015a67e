import pg from 'pg';
import { generateHostSecret, hashHostSecret } from '../../src/server/domain/host-auth.ts';
import { generateSlug } from '../../src/server/domain/slug.ts';
import { createPostgresStore } from '../../src/server/store/postgres.ts';
import type { QuestionWithOptions } from '../../src/server/store/store.ts';

/**
 * The export bench's big poll on PostgreSQL (`…?schema=name`, the schema a bench server runs
 * on): the poll and its questions through the store, the ballots and choices in two INSERT …
 * SELECT over generate_series, as tests/helpers/big-export-poll.ts writes them into SQLite.
 */
export async function seedBigExportPollPg(
  url: string,
  size: { questions: number; options: number; ballots: number },
): Promise<{ slug: string; secret: string; pollId: number }> {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema') ?? 'public';
  parsed.search = '';
  const store = await createPostgresStore(parsed.toString(), { schema });
  const secret = generateHostSecret();
  const questions: QuestionWithOptions[] = [];
  let pollId: number;
  let slug: string;
  try {
    const poll = await store.createPoll({
      slug: generateSlug(),
      title: 'Exportación grande',
      hostSecretHash: hashHostSecret(secret),
      joinCode: String(100_000 + Math.floor(Math.random() * 900_000)),
      oneVotePerQuestion: true,
      resultsPublic: true,
      status: 'open',
    });
    pollId = poll.id;
    slug = poll.slug;
    for (let q = 0; q < size.questions; q++) {
      questions.push(
        await store.addQuestion(poll.id, {
          text: `Pregunta ${q + 1} de la exportación grande`,
          type: 'single',
          options: Array.from({ length: size.options }, (_, o) => ({ text: `Opción ${o + 1}` })),
        }),
      );
    }
  } finally {
    await store.close();
  }
  const client = new pg.Client(parsed.toString());
  await client.connect();
  try {
    await client.query(`set search_path to "${schema}"`);
    const now = Date.now();
    await client.query(
      `insert into ballots (poll_id, participant_id, created_at)
       select $1, 'export-' || g, $2::bigint - ($3::bigint - g) * 10
       from generate_series(0, $3::int - 1) g`,
      [pollId, now, size.ballots],
    );
    for (const [i, q] of questions.entries()) {
      await client.query(
        `insert into choices (ballot_id, question_id, option_id)
         select b.id, $2, ($3::int[])[((b.id + $4) % $5) + 1]
         from ballots b where b.poll_id = $1`,
        [pollId, q.id, q.options.map((o) => o.id), i, q.options.length],
      );
    }
  } finally {
    await client.end();
  }
  return { slug, secret, pollId };
}
