import pg from 'pg';
import { createPostgresStore } from '../../src/server/store/postgres.ts';
import { createBigExportPollShell } from '../../tests/helpers/big-export-poll.ts';

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
  const { poll, secret, questions } = await createBigExportPollShell(store, size).finally(() =>
    store.close(),
  );
  const { id: pollId, slug } = poll;
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
