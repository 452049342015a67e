import type { PollStatus } from '../../contract/index.ts';
import type { Db } from './kysely-rows.ts';
import type { PollOverview } from './store.ts';

/**
 * 'Mis encuestas' (issue 17), first step: only the host-code hashes of the polls with these
 * slugs, one indexed read by slug each, whatever their size. Nothing is counted before a code
 * is checked (issue 25: counting first let wrong codes cost a scan of every named poll).
 */
export async function pollSecretHashes(
  db: Db,
  slugs: readonly string[],
): Promise<{ slug: string; hostSecretHash: string }[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .selectFrom('polls')
    .select(['slug', 'host_secret_hash'])
    .where('slug', 'in', [...new Set(slugs)])
    .execute();
  return rows.map((row) => ({ slug: row.slug, hostSecretHash: row.host_secret_hash }));
}

/**
 * 'Mis encuestas', second step: the polls with these slugs (those whose code opened) and their
 * counts in one query. People come from the live counter polls.participant_count (migration 013),
 * questions from a correlated count served by questions_poll (at most a poll's question cap).
 * The IN list is padded to a power of two on SQLite (sql-shapes.ts), so the statement texts stay
 * few.
 */
export async function pollOverviews(db: Db, slugs: readonly string[]): Promise<PollOverview[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .selectFrom('polls as p')
    .select((eb) => [
      'p.slug',
      'p.title',
      'p.status',
      'p.host_secret_hash',
      'p.join_code',
      'p.created_at',
      'p.updated_at',
      'p.participant_count',
      eb
        .selectFrom('questions as q')
        .whereRef('q.poll_id', '=', 'p.id')
        .select((q) => q.fn.countAll().as('n'))
        .as('question_count'),
    ])
    .where('p.slug', 'in', [...new Set(slugs)])
    .execute();
  return rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    status: row.status as PollStatus,
    hostSecretHash: row.host_secret_hash,
    joinCode: row.join_code,
    createdAt: new Date(Number(row.created_at)),
    updatedAt: new Date(Number(row.updated_at)),
    questionCount: Number(row.question_count ?? 0),
    participantCount: Number(row.participant_count ?? 0),
  }));
}
