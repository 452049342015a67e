import type { Kysely, Selectable } from 'kysely';
import type { QaState } from '../../contract/qa.ts';
import type { EngineHooks } from './engine-hooks.ts';
import type { Database } from './schema.ts';
import type {
  NewQaQuestion,
  QaChanges,
  QaListQuery,
  QaQuestionRecord,
  QaRefusal,
  QaVoteSignals,
} from './store-qa.ts';

/** Issue 20: audience Q&A over Kysely, engine-neutral SQL (both engines run the same). */

function toRecord(row: Selectable<Database['qa_questions']>): QaQuestionRecord {
  return {
    id: Number(row.id),
    pollId: Number(row.poll_id),
    participantId: row.participant_id,
    nickname: row.nickname,
    text: row.text,
    state: row.state as QaState,
    pinned: Number(row.pinned) === 1,
    answered: Number(row.answered) === 1,
    votes: Number(row.votes),
    createdAt: new Date(Number(row.created_at)),
  };
}

export async function addQaQuestion(
  db: Kysely<Database>,
  hooks: EngineHooks,
  input: NewQaQuestion,
): Promise<QaQuestionRecord | QaRefusal | undefined> {
  return db.transaction().execute(async (trx) => {
    await hooks.lockPoll?.(trx, input.pollId);
    const poll = await trx
      .selectFrom('polls')
      .select('id')
      .where('id', '=', input.pollId)
      .executeTakeFirst();
    if (!poll) return undefined;
    const { n } = await trx
      .selectFrom('qa_questions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('poll_id', '=', input.pollId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= input.maxPerPoll) return 'full';
    const source = input.source ?? '';
    if (input.shares) {
      const shares = input.shares(input.maxPerPoll - Number(n));
      const held = (column: 'source' | 'participant_id', value: string) =>
        trx
          .selectFrom('qa_questions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('poll_id', '=', input.pollId)
          .where(column, '=', value)
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n));
      if (source !== '' && (await held('source', source)) >= shares.source) return 'source-share';
      if ((await held('participant_id', input.participantId)) >= shares.participant) {
        return 'participant-share';
      }
    }
    const row = await trx
      .insertInto('qa_questions')
      .values({
        poll_id: input.pollId,
        participant_id: input.participantId,
        nickname: input.nickname,
        text: input.text,
        state: input.state,
        created_at: input.now.getTime(),
        source,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  });
}

export async function getQaQuestion(
  db: Kysely<Database>,
  id: number,
): Promise<QaQuestionRecord | undefined> {
  const row = await db
    .selectFrom('qa_questions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function listQaQuestions(
  db: Kysely<Database>,
  pollId: number,
  query: QaListQuery,
): Promise<{ records: QaQuestionRecord[]; total: number }> {
  let base = db.selectFrom('qa_questions').where('poll_id', '=', pollId);
  const { states, ownerId, ownStates, answered } = query;
  if (states) {
    base = base.where((eb) => {
      const shown = states.length > 0 ? eb('state', 'in', states) : eb.lit(false);
      if (ownerId === undefined || !ownStates?.length) return shown;
      return eb.or([
        shown,
        eb.and([eb('participant_id', '=', ownerId), eb('state', 'in', ownStates)]),
      ]);
    });
  }
  if (answered !== undefined) base = base.where('answered', '=', answered ? 1 : 0);
  const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  let page = base.selectAll();
  page =
    query.sort === 'top'
      ? page.orderBy('pinned', 'desc').orderBy('votes', 'desc').orderBy('id', 'asc')
      : page.orderBy('id', 'desc');
  const rows = await page.limit(query.limit).offset(query.offset).execute();
  return { records: rows.map(toRecord), total: Number(n) };
}

export async function qaVotedBy(
  db: Kysely<Database>,
  participantId: string,
  questionIds: number[],
): Promise<Set<number>> {
  if (questionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('qa_votes')
    .select('question_id')
    .where('participant_id', '=', participantId)
    .where('question_id', 'in', questionIds)
    .execute();
  return new Set(rows.map((r) => Number(r.question_id)));
}

export async function voteQa(
  db: Kysely<Database>,
  questionId: number,
  participantId: string,
  up: boolean,
  signals?: QaVoteSignals,
): Promise<{ votes: number; votedByMe: boolean } | undefined> {
  return db.transaction().execute(async (trx) => {
    const exists = await trx
      .selectFrom('qa_questions')
      .select('id')
      .where('id', '=', questionId)
      .executeTakeFirst();
    if (!exists) return undefined;
    // The primary key decides: of two presses at once, one inserts (or deletes) and the other
    // finds it done, so the counter moves once.
    let changed: bigint;
    if (up) {
      const result = await trx
        .insertInto('qa_votes')
        .values({
          question_id: questionId,
          participant_id: participantId,
          source: signals?.source ?? '',
          fresh_participant: signals?.freshParticipant ? 1 : 0,
          participant_issued_at: signals?.participantIssuedAt ?? null,
        })
        .onConflict((oc) => oc.columns(['question_id', 'participant_id']).doNothing())
        .executeTakeFirst();
      changed = result.numInsertedOrUpdatedRows ?? 0n;
    } else {
      const result = await trx
        .deleteFrom('qa_votes')
        .where('question_id', '=', questionId)
        .where('participant_id', '=', participantId)
        // A vote the host set aside stays aside: taking it back would move the counter twice.
        .where('discarded', '=', 0)
        .executeTakeFirst();
      changed = result.numDeletedRows;
    }
    if (Number(changed) > 0) {
      await trx
        .updateTable('qa_questions')
        .set((eb) => ({ votes: eb('votes', up ? '+' : '-', 1) }))
        .where('id', '=', questionId)
        .execute();
    }
    const row = await trx
      .selectFrom('qa_questions')
      .select('votes')
      .where('id', '=', questionId)
      .executeTakeFirstOrThrow();
    return { votes: Number(row.votes), votedByMe: up };
  });
}

export async function updateQaQuestion(
  db: Kysely<Database>,
  hooks: EngineHooks,
  id: number,
  changes: QaChanges,
): Promise<QaQuestionRecord | undefined> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('qa_questions')
      .select('poll_id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) return undefined;
    const pollId = Number(current.poll_id);
    if (changes.pinned) {
      // One highlighted question a poll: the lock keeps two hosts' clicks from leaving two.
      await hooks.lockPoll?.(trx, pollId);
      await trx
        .updateTable('qa_questions')
        .set({ pinned: 0 })
        .where('poll_id', '=', pollId)
        .where('pinned', '=', 1)
        .where('id', '!=', id)
        .execute();
    }
    const row = await trx
      .updateTable('qa_questions')
      .set({
        state: changes.state,
        pinned: changes.pinned === undefined ? undefined : changes.pinned ? 1 : 0,
        answered: changes.answered === undefined ? undefined : changes.answered ? 1 : 0,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row && toRecord(row);
  });
}

export async function deleteQaQuestion(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('qa_questions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function clearQaQuestions(db: Kysely<Database>, pollId: number): Promise<number> {
  const result = await db
    .deleteFrom('qa_questions')
    .where('poll_id', '=', pollId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function qaCounts(
  db: Kysely<Database>,
  pollId: number,
): Promise<{ visible: number; answered: number; pending: number }> {
  const rows = await db
    .selectFrom('qa_questions')
    .select((eb) => ['state', 'answered', eb.fn.countAll().as('n')])
    .where('poll_id', '=', pollId)
    .groupBy(['state', 'answered'])
    .execute();
  const counts = { visible: 0, answered: 0, pending: 0 };
  for (const r of rows) {
    const n = Number(r.n);
    if (r.state !== 'visible') counts.pending += n;
    else if (Number(r.answered) === 1) counts.answered += n;
    else counts.visible += n;
  }
  return counts;
}
