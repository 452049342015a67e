import type { Kysely, Migration } from 'kysely';

/**
 * Issue 17: 'Palabras bloqueadas', words a host blocks for one poll on top of the profanity
 * list. One row per word as the host typed it (the matcher folds it when it reads the list);
 * the poll's delete cascades to them. Primary key (poll_id, word): the list of a poll is read
 * by its prefix, and the same word twice is one row.
 */
export const blockedWords: Migration = {
  // Kysely<any> is how migrations are typed: they must not depend on today's schema types.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('blocked_words')
      .addColumn('poll_id', 'integer', (c) =>
        c.notNull().references('polls.id').onDelete('cascade'),
      )
      .addColumn('word', 'varchar(255)', (c) => c.notNull())
      .addPrimaryKeyConstraint('blocked_words_pk', ['poll_id', 'word'])
      .execute();
  },
};
