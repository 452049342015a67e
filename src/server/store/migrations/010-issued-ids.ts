import type { Kysely, Migration } from 'kysely';

/**
 * Banked ids (issue 19). Each ballot keeps when its participant id was issued (ms, from the
 * signed id; null for ballots stored before this migration), so the integrity view can see ids
 * issued in bulk: a script that took hundreds of ids at once and voted with them later looked
 * like hundreds of people, whatever it waited.
 */
export const issuedIds: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
  async up(db: Kysely<any>) {
    await db.schema.alterTable('ballots').addColumn('participant_issued_at', 'bigint').execute();
  },
};
