import type { Kysely, Migration } from 'kysely';

/**
 * Issue 25: Q&A could be stuffed and flooded.
 *
 * - `qa_questions.source`: the keyed hash of (address, poll) that asked, as ballots keep, so the
 *   poll's question cap is shared fairly per address (and per participant id: an index each).
 * - `qa_votes`: each upvote keeps its source, whether its id was fresh and when it was issued
 *   (the ballots' integrity signals), and `discarded`: a host's discard sets votes aside (not
 *   counted, restorable) instead of deleting them.
 */
export const qaSources: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('qa_questions')
      .addColumn('source', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .createIndex('qa_questions_source')
      .on('qa_questions')
      .columns(['poll_id', 'source'])
      .execute();
    await db.schema
      .createIndex('qa_questions_participant')
      .on('qa_questions')
      .columns(['poll_id', 'participant_id'])
      .execute();
    await db.schema
      .alterTable('qa_votes')
      .addColumn('source', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('qa_votes')
      .addColumn('fresh_participant', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('qa_votes').addColumn('participant_issued_at', 'bigint').execute();
    await db.schema
      .alterTable('qa_votes')
      .addColumn('discarded', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
