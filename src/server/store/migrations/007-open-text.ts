import { type CreateTableBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from './index.ts';

/**
 * Issue 13: open-text and rating-scale questions.
 *
 * - `questions.scale_max` (5 or 10) and its two labels, null for other types. A scale's values
 *   are stored as options 1..max that the API never shows (ordinal = value): ballots, counters,
 *   recounts, deletes and exports of options then serve scales unchanged, at the speed of a
 *   single-choice answer.
 * - `questions.visible_answers` and `pending_answers`: counters of an open-text question's
 *   answers in the cloud and waiting for the host (held + flagged), kept by every write like
 *   the other counters, so a summary never counts answers.
 * - `polls.moderate_text`: 'Moderar antes de mostrar', off for existing polls.
 * - `text_answers`: one row per open answer, with its state and `words`, the spellings it
 *   added to the cloud when visible ('\n'-separated), so hiding it later subtracts exactly
 *   those even if the normaliser has changed since. No foreign key on the poll: the ballot's
 *   cascade already removes the row with its poll, and one fewer key check per insert.
 *   Indexes: (question_id, id) lists a question's answers newest first by keyset; ballot_id
 *   serves the cascade when ballots are deleted (reset, discard).
 * - `text_words`: the cloud's counters, one row per spelling (question, spelling, folded key,
 *   count of visible answers). One row per spelling rather than per folded word so that "the
 *   most frequent spelling" is exact and costs a single upsert per batch of ballots; a summary
 *   groups the rows of a question by key, and their number is bounded (TEXT_WORDS_MAX).
 * - `hidden_words`: folded keys the host took out of the public cloud.
 */
/**
 * SQLite keeps a table keyed by its primary key in that key's B-tree alone (WITHOUT ROWID)
 * instead of a rowid table plus an index: an upsert of a word counter writes one B-tree, not
 * two, on every batch of ballots. PostgreSQL has no such choice.
 */
function clustered(engine: Engine) {
  // biome-ignore lint/suspicious/noExplicitAny: a migration's table builder, as Kysely<any>
  return (table: CreateTableBuilder<any, any>) =>
    engine === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table;
}

export function openText(engine: Engine): Migration {
  return {
    // Kysely<any> is how migrations are typed: they must not depend on today's schema types.
    // biome-ignore lint/suspicious/noExplicitAny: see above
    async up(db: Kysely<any>) {
      for (const [name, type] of [
        ['scale_max', 'integer'],
        ['scale_min_label', 'varchar(255)'],
        ['scale_max_label', 'varchar(255)'],
      ] as const) {
        await db.schema.alterTable('questions').addColumn(name, type).execute();
      }
      for (const name of ['visible_answers', 'pending_answers']) {
        await db.schema
          .alterTable('questions')
          .addColumn(name, 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }
      await db.schema
        .alterTable('polls')
        .addColumn('moderate_text', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('text_answers')
        .addColumn('id', 'integer', (c) =>
          engine === 'sqlite'
            ? c.primaryKey().autoIncrement()
            : c.primaryKey().generatedByDefaultAsIdentity(),
        )
        .addColumn('poll_id', 'integer', (c) => c.notNull())
        .addColumn('question_id', 'integer', (c) =>
          c.notNull().references('questions.id').onDelete('cascade'),
        )
        .addColumn('ballot_id', 'integer', (c) =>
          c.notNull().references('ballots.id').onDelete('cascade'),
        )
        .addColumn('text', 'varchar(512)', (c) => c.notNull())
        .addColumn('words', 'text', (c) => c.notNull())
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('text_answers_question')
        .on('text_answers')
        .columns(['question_id', 'id'])
        .execute();
      await db.schema
        .createIndex('text_answers_ballot')
        .on('text_answers')
        .column('ballot_id')
        .execute();

      await db.schema
        .createTable('text_words')
        .addColumn('question_id', 'integer', (c) =>
          c.notNull().references('questions.id').onDelete('cascade'),
        )
        .addColumn('spelling', 'varchar(512)', (c) => c.notNull())
        .addColumn('word_key', 'varchar(512)', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('text_words_pk', ['question_id', 'spelling'])
        .$call(clustered(engine))
        .execute();

      await db.schema
        .createTable('hidden_words')
        .addColumn('question_id', 'integer', (c) =>
          c.notNull().references('questions.id').onDelete('cascade'),
        )
        .addColumn('word_key', 'varchar(512)', (c) => c.notNull())
        .addPrimaryKeyConstraint('hidden_words_pk', ['question_id', 'word_key'])
        .$call(clustered(engine))
        .execute();
    },
  };
}
