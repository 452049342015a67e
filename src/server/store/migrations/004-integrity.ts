import type { Kysely, Migration } from 'kysely';

/**
 * Integrity (issue 8). Each ballot keeps where it came from: `source`, a keyed hash of the
 * client's address (never the address; '' for ballots stored before this migration), and
 * whether its participant id was issued moments before the vote. The index serves the host's
 * per-source view and the discard of one source. `server_keys` holds the key that signs
 * participant ids and keys the source hash, generated on first start, so every instance on this
 * database shares it.
 */
export const integrity: Migration = {
  // Kysely<any> is how migrations are typed: they must not depend on today's schema types.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('ballots')
      .addColumn('source', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('ballots')
      .addColumn('fresh_participant', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('ballots_poll_source')
      .on('ballots')
      .columns(['poll_id', 'source'])
      .execute();
    await db.schema
      .createTable('server_keys')
      .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('value', 'varchar(256)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
