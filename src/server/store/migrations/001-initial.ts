import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Engine } from './index.ts';

/** The only engine difference in the schema: how an integer key is generated. */
function serialKey(engine: Engine) {
  return (col: ColumnDefinitionBuilder) =>
    engine === 'sqlite'
      ? col.primaryKey().autoIncrement()
      : col.primaryKey().generatedByDefaultAsIdentity();
}

export function initial(engine: Engine): Migration {
  const key = serialKey(engine);
  return {
    // Kysely<any> is how migrations are typed: they must not depend on today's schema types.
    // biome-ignore lint/suspicious/noExplicitAny: see above
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('polls')
        .addColumn('id', 'integer', key)
        .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('title', 'varchar(255)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('one_vote_per_question', 'integer', (c) => c.notNull())
        .addColumn('results_public', 'integer', (c) => c.notNull())
        .addColumn('host_secret_hash', 'varchar(128)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('questions')
        .addColumn('id', 'integer', key)
        .addColumn('poll_id', 'integer', (c) =>
          c.notNull().references('polls.id').onDelete('cascade'),
        )
        .addColumn('text', 'varchar(512)', (c) => c.notNull())
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('ordinal', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('questions_poll').on('questions').column('poll_id').execute();

      await db.schema
        .createTable('options')
        .addColumn('id', 'integer', key)
        .addColumn('question_id', 'integer', (c) =>
          c.notNull().references('questions.id').onDelete('cascade'),
        )
        .addColumn('text', 'varchar(255)', (c) => c.notNull())
        .addColumn('ordinal', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('options_question').on('options').column('question_id').execute();

      await db.schema
        .createTable('ballots')
        .addColumn('id', 'integer', key)
        .addColumn('poll_id', 'integer', (c) =>
          c.notNull().references('polls.id').onDelete('cascade'),
        )
        .addColumn('participant_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ballots_poll').on('ballots').column('poll_id').execute();

      await db.schema
        .createTable('choices')
        .addColumn('ballot_id', 'integer', (c) =>
          c.notNull().references('ballots.id').onDelete('cascade'),
        )
        .addColumn('question_id', 'integer', (c) =>
          c.notNull().references('questions.id').onDelete('cascade'),
        )
        .addColumn('option_id', 'integer', (c) =>
          c.notNull().references('options.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('choices_pk', ['ballot_id', 'option_id'])
        .execute();
      // Tallies group by option and by question; deletes of an option or question look up by them.
      await db.schema.createIndex('choices_option').on('choices').column('option_id').execute();
      await db.schema
        .createIndex('choices_question')
        .on('choices')
        .columns(['question_id', 'ballot_id'])
        .execute();

      await db.schema
        .createTable('answered_questions')
        .addColumn('question_id', 'integer', (c) =>
          c.notNull().references('questions.id').onDelete('cascade'),
        )
        .addColumn('participant_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('ballot_id', 'integer', (c) =>
          c.notNull().references('ballots.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('answered_questions_pk', ['question_id', 'participant_id'])
        .execute();
      await db.schema
        .createIndex('answered_questions_ballot')
        .on('answered_questions')
        .column('ballot_id')
        .execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('poll_id', 'integer', (c) =>
          c.notNull().references('polls.id').onDelete('cascade'),
        )
        .addColumn('key', 'varchar(128)', (c) => c.notNull())
        .addColumn('ballot_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('response', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['poll_id', 'key'])
        .execute();
      await db.schema
        .createIndex('idempotency_keys_created')
        .on('idempotency_keys')
        .column('created_at')
        .execute();
    },
  };
}
