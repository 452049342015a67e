import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from './index.ts';

/**
 * Issue 20: audience Q&A ('Preguntas del público').
 *
 * - `polls.qa` and `polls.qa_moderated`: the two settings, off for existing polls.
 * - `qa_questions`: what the audience asks, with its author's participant id (to show their own
 *   held question to them alone, never in any view), the name they gave, the state (`visible`,
 *   `held` for review, `flagged` by the profanity filter, `hidden` by the host), the host's marks
 *   and `votes`, a counter every vote write keeps so a list never counts rows. Indexes serve the
 *   two sorts of a poll's list (top: votes then id; recent: id).
 * - `qa_votes`: one row per (question, participant): the primary key is what makes "one vote per
 *   participant" hold under concurrency on both engines.
 */
export function qa(engine: Engine): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema
    async up(db: Kysely<any>) {
      for (const name of ['qa', 'qa_moderated']) {
        await db.schema
          .alterTable('polls')
          .addColumn(name, 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }
      await db.schema
        .createTable('qa_questions')
        .addColumn('id', 'integer', (c) =>
          engine === 'sqlite'
            ? c.primaryKey().autoIncrement()
            : c.primaryKey().generatedByDefaultAsIdentity(),
        )
        .addColumn('poll_id', 'integer', (c) =>
          c.notNull().references('polls.id').onDelete('cascade'),
        )
        .addColumn('participant_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('nickname', 'varchar(160)')
        .addColumn('text', 'varchar(1200)', (c) => c.notNull())
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('answered', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('votes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('qa_questions_top')
        .on('qa_questions')
        .columns(['poll_id', 'votes', 'id'])
        .execute();
      await db.schema
        .createIndex('qa_questions_recent')
        .on('qa_questions')
        .columns(['poll_id', 'id'])
        .execute();
      await db.schema
        .createTable('qa_votes')
        .addColumn('question_id', 'integer', (c) =>
          c.notNull().references('qa_questions.id').onDelete('cascade'),
        )
        .addColumn('participant_id', 'varchar(64)', (c) => c.notNull())
        .addPrimaryKeyConstraint('qa_votes_pk', ['question_id', 'participant_id'])
        .modifyEnd(engine === 'sqlite' ? sql`without rowid` : sql``)
        .execute();
    },
  };
}
