import { randomInt } from 'node:crypto';
import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 9, the room: a 6-digit join code per poll and results the host can hide.
 * - `polls.join_code`, unique among polls that are not closed through a partial unique index
 *   (both engines have them): closing a poll frees its code with no extra write, and two
 *   instances creating polls at once cannot both take a code, the second insert fails and its
 *   caller draws another. Existing polls get codes here, distinct among the non-closed ones.
 * - `polls.hide_results_until_revealed` (setting) and `questions.results_hidden`, both off for
 *   existing polls, so they keep the spec's behaviour.
 */
export const room: Migration = {
  // Kysely<any> is how migrations are typed: they must not depend on today's schema types.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('polls')
      .addColumn('join_code', 'varchar(6)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('polls')
      .addColumn('hide_results_until_revealed', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('questions')
      .addColumn('results_hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    const polls: { id: number; status: string }[] = await db
      .selectFrom('polls')
      .select(['id', 'status'])
      .orderBy('id')
      .execute();
    const taken = new Set<string>();
    for (const poll of polls) {
      let code: string;
      do {
        code = String(randomInt(1_000_000)).padStart(6, '0');
      } while (poll.status !== 'closed' && taken.has(code));
      if (poll.status !== 'closed') taken.add(code);
      await db.updateTable('polls').set({ join_code: code }).where('id', '=', poll.id).execute();
    }

    await sql`create unique index polls_join_code_active on polls (join_code)
      where status <> 'closed'`.execute(db);
  },
};
