import type { PollStatus } from '../../contract/index.ts';
import type { Db } from './kysely-rows.ts';
import type { PollOverview } from './store.ts';

/**
 * 'Mis encuestas' (issue 17): the polls with these slugs and their counts in one query, however
 * many slugs (up to the lookup cap): two correlated counts per poll, each served by an index on
 * poll_id (questions_poll, ballots_poll). The IN list is padded to a power of two on SQLite
 * (sql-shapes.ts), so the statement texts stay few.
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
      eb
        .selectFrom('questions as q')
        .whereRef('q.poll_id', '=', 'p.id')
        .select((q) => q.fn.countAll().as('n'))
        .as('question_count'),
      eb
        .selectFrom('ballots as b')
        .whereRef('b.poll_id', '=', 'p.id')
        .select((b) => b.fn.count('b.participant_id').distinct().as('n'))
        .as('participant_count'),
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
