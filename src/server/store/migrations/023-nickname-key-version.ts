import type { Kysely, Migration } from 'kysely';

/**
 * Issue 25: a nickname's uniqueness key became its look (the confusables skeleton: 'lsmael' is
 * 'Ismael'), but players who took a name before kept the old key (case and accents folded), so
 * an old 'lsmael' and a new 'Ismael' could both sit on the projector. `key_version` says which
 * rule made a row's key: 0 for every row written before this migration. The key is the
 * domain's (domain/quiz/nickname.ts), which the store cannot import: the server re-keys the
 * rows of an older version when it starts (PollStore.rekeyNicknames), on both engines.
 */
export const nicknameKeyVersion: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('quiz_players')
      .addColumn('key_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
