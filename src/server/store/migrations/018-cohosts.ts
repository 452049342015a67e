import type { Kysely, Migration } from 'kysely';
import type { Engine } from './index.ts';

/**
 * Issue 28: co-host links.
 *
 * - `cohosts`: one row per link the host shared, with its scope, label and the hash of its own
 *   secret (unique: a request finds its link by that hash alone), created and last used times
 *   (the last written at most once a minute). Deleting the poll deletes them (cascade).
 * - `cohost_actions`: what the links did (call, target, when), keeping the label as it was, so
 *   a revoked link's actions still name it. Also cascades from the poll.
 */
export function cohosts(engine: Engine): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('cohosts')
        .addColumn('id', 'integer', (c) =>
          engine === 'sqlite'
            ? c.primaryKey().autoIncrement()
            : c.primaryKey().generatedByDefaultAsIdentity(),
        )
        .addColumn('poll_id', 'integer', (c) =>
          c.notNull().references('polls.id').onDelete('cascade'),
        )
        .addColumn('scope', 'varchar(16)', (c) => c.notNull())
        .addColumn('label', 'varchar(240)', (c) => c.notNull())
        .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema.createIndex('cohosts_poll').on('cohosts').column('poll_id').execute();
      await db.schema
        .createTable('cohost_actions')
        .addColumn('id', 'integer', (c) =>
          engine === 'sqlite'
            ? c.primaryKey().autoIncrement()
            : c.primaryKey().generatedByDefaultAsIdentity(),
        )
        .addColumn('poll_id', 'integer', (c) =>
          c.notNull().references('polls.id').onDelete('cascade'),
        )
        .addColumn('cohost_id', 'integer', (c) => c.notNull())
        .addColumn('label', 'varchar(240)', (c) => c.notNull())
        .addColumn('scope', 'varchar(16)', (c) => c.notNull())
        .addColumn('action', 'varchar(64)', (c) => c.notNull())
        .addColumn('target', 'varchar(120)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('cohost_actions_poll')
        .on('cohost_actions')
        .columns(['poll_id', 'id'])
        .execute();
    },
  };
}
