import type { Kysely, Selectable } from 'kysely';
import type { CohostScope } from '../../contract/cohosts.ts';
import type { EngineHooks } from './engine-hooks.ts';
import type { Database } from './schema.ts';

/** Issue 28: the store's side of co-host links (store.ts's PollStore extends it). */
export interface CohostStore {
  /** Stores a link unless the poll already has `max` (then 'full'); undefined when the poll
   *  is gone. */
  addCohost(input: NewCohost, max: number): Promise<CohostRecord | 'full' | undefined>;
  listCohosts(pollId: number): Promise<CohostRecord[]>;
  /** The link whose secret hashes to this (the hash is unique across polls). */
  cohostBySecretHash(secretHash: string): Promise<CohostRecord | undefined>;
  /** Revokes one link of the poll; false when it has none by that id. */
  deleteCohost(pollId: number, id: number): Promise<boolean>;
  touchCohost(id: number, at: Date): Promise<void>;
  /** Logs what a link did, keeping the newest `keep` of the poll. */
  addCohostAction(input: NewCohostAction, keep: number): Promise<void>;
  /** Newest first. */
  listCohostActions(pollId: number, limit: number): Promise<CohostActionRecord[]>;
}

export interface NewCohost {
  pollId: number;
  scope: CohostScope;
  label: string;
  secretHash: string;
  now: Date;
}

export interface CohostRecord {
  id: number;
  pollId: number;
  scope: CohostScope;
  label: string;
  secretHash: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface NewCohostAction {
  pollId: number;
  cohostId: number;
  label: string;
  scope: CohostScope;
  action: string;
  target: string;
  at: Date;
}

export type CohostActionRecord = NewCohostAction;

function toRecord(row: Selectable<Database['cohosts']>): CohostRecord {
  return {
    id: Number(row.id),
    pollId: Number(row.poll_id),
    scope: row.scope as CohostScope,
    label: row.label,
    secretHash: row.secret_hash,
    createdAt: new Date(Number(row.created_at)),
    lastUsedAt: row.last_used_at === null ? null : new Date(Number(row.last_used_at)),
  };
}

export async function addCohost(
  db: Kysely<Database>,
  hooks: EngineHooks,
  input: NewCohost,
  max: number,
): Promise<CohostRecord | 'full' | undefined> {
  return db.transaction().execute(async (trx) => {
    // Under the poll's lock, two creations cannot both pass the cap.
    await hooks.lockPoll?.(trx, input.pollId);
    const poll = await trx
      .selectFrom('polls')
      .select('id')
      .where('id', '=', input.pollId)
      .executeTakeFirst();
    if (!poll) return undefined;
    const { count } = await trx
      .selectFrom('cohosts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('poll_id', '=', input.pollId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= max) return 'full';
    const row = await trx
      .insertInto('cohosts')
      .values({
        poll_id: input.pollId,
        scope: input.scope,
        label: input.label,
        secret_hash: input.secretHash,
        created_at: input.now.getTime(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  });
}

export async function listCohosts(db: Kysely<Database>, pollId: number) {
  const rows = await db
    .selectFrom('cohosts')
    .selectAll()
    .where('poll_id', '=', pollId)
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

export async function cohostBySecretHash(db: Kysely<Database>, secretHash: string) {
  const row = await db
    .selectFrom('cohosts')
    .selectAll()
    .where('secret_hash', '=', secretHash)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function deleteCohost(db: Kysely<Database>, pollId: number, id: number) {
  const result = await db
    .deleteFrom('cohosts')
    .where('poll_id', '=', pollId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function touchCohost(db: Kysely<Database>, id: number, at: Date) {
  await db
    .updateTable('cohosts')
    .set({ last_used_at: at.getTime() })
    .where('id', '=', id)
    .execute();
}

export async function addCohostAction(db: Kysely<Database>, input: NewCohostAction, keep: number) {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('cohost_actions')
      .values({
        poll_id: input.pollId,
        cohost_id: input.cohostId,
        label: input.label,
        scope: input.scope,
        action: input.action,
        target: input.target,
        at: input.at.getTime(),
      })
      .execute();
    // Only the newest `keep`: a busy moderator's log never grows without end.
    const oldest = await trx
      .selectFrom('cohost_actions')
      .select('id')
      .where('poll_id', '=', input.pollId)
      .orderBy('id', 'desc')
      .offset(keep)
      .limit(1)
      .executeTakeFirst();
    if (oldest) {
      await trx
        .deleteFrom('cohost_actions')
        .where('poll_id', '=', input.pollId)
        .where('id', '<=', oldest.id)
        .execute();
    }
  });
}

export async function listCohostActions(
  db: Kysely<Database>,
  pollId: number,
  limit: number,
): Promise<CohostActionRecord[]> {
  const rows = await db
    .selectFrom('cohost_actions')
    .selectAll()
    .where('poll_id', '=', pollId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    pollId: Number(row.poll_id),
    cohostId: Number(row.cohost_id),
    label: row.label,
    scope: row.scope as CohostScope,
    action: row.action,
    target: row.target,
    at: new Date(Number(row.at)),
  }));
}
