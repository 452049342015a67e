import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Vote counters beside the rows they count, kept by every write that changes votes (in the same
 * transaction), so a summary reads O(options) rows instead of grouping every choice. Existing
 * votes are counted once here.
 */
export const counters: Migration = {
  // Kysely<any> is how migrations are typed: they must not depend on today's schema types.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('polls')
      .addColumn('ballot_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('questions')
      .addColumn('respondent_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('options')
      .addColumn('vote_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update polls set ballot_count =
      (select count(*) from ballots where ballots.poll_id = polls.id)`.execute(db);
    await sql`update questions set respondent_count =
      (select count(distinct ballot_id) from choices where choices.question_id = questions.id)`.execute(
      db,
    );
    await sql`update options set vote_count =
      (select count(*) from choices where choices.option_id = options.id)`.execute(db);
  },
};
