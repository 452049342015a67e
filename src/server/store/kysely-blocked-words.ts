import type { Kysely } from 'kysely';
import type { EngineHooks } from './engine-hooks.ts';
import { touchPoll } from './kysely-rows.ts';
import {
  bumpAnswerCounters,
  chunks,
  decodeWords,
  isPending,
  subtractWords,
} from './kysely-text.ts';
import type { Database } from './schema.ts';

/**
 * 'Palabras bloqueadas' (issue 17): the words a host blocks for a poll, and flagging the
 * answers already in that hold one. Writes take the poll's lock, like every write of answers,
 * so a flag and a ballot of the same question never interleave their counter updates.
 */

/** Sorted here, not by ORDER BY: PostgreSQL's collation and SQLite's differ. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function listBlockedWords(db: Kysely<Database>, pollId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('blocked_words')
    .select('word')
    .where('poll_id', '=', pollId)
    .execute();
  return rows.map((r) => r.word).sort(byCodePoint);
}

/** Replaces the poll's list; returns it as stored, or undefined when the poll is gone. */
export async function setBlockedWords(
  db: Kysely<Database>,
  hooks: EngineHooks,
  pollId: number,
  words: string[],
): Promise<string[] | undefined> {
  return db.transaction().execute(async (trx) => {
    const poll = await trx
      .selectFrom('polls')
      .select('id')
      .where('id', '=', pollId)
      .executeTakeFirst();
    if (!poll) return undefined;
    await hooks.lockPoll?.(trx, pollId);
    await trx.deleteFrom('blocked_words').where('poll_id', '=', pollId).execute();
    const unique = [...new Set(words)];
    for (const part of chunks(unique.map((word) => ({ poll_id: pollId, word })))) {
      await trx.insertInto('blocked_words').values(part).execute();
    }
    await touchPoll(trx, pollId);
    return unique.sort(byCodePoint);
  });
}

/**
 * Flags the poll's answers among `answerIds` that are visible or held (hidden and flagged ones
 * stay as they are): a visible one leaves the cloud and the public list, its words and the
 * counters follow. Returns how many changed.
 */
export async function flagTextAnswers(
  db: Kysely<Database>,
  hooks: EngineHooks,
  pollId: number,
  answerIds: number[],
): Promise<number> {
  if (answerIds.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    await hooks.lockPoll?.(trx, pollId);
    const visible = new Map<number, number>();
    const pending = new Map<number, number>();
    let flagged = 0;
    for (const part of chunks(answerIds)) {
      // Read under the lock: what a moment ago was visible may be hidden by now.
      const rows = await trx
        .selectFrom('text_answers')
        .select(['id', 'question_id', 'state', 'words'])
        .where('poll_id', '=', pollId)
        .where('id', 'in', part)
        .where('state', 'in', ['visible', 'held'])
        .execute();
      if (rows.length === 0) continue;
      await trx
        .updateTable('text_answers')
        .set({ state: 'flagged' })
        .where(
          'id',
          'in',
          rows.map((r) => Number(r.id)),
        )
        .execute();
      for (const row of rows) {
        const questionId = Number(row.question_id);
        if (isPending(row.state)) continue;
        await subtractWords(trx, questionId, decodeWords(row.words));
        visible.set(questionId, (visible.get(questionId) ?? 0) - 1);
        pending.set(questionId, (pending.get(questionId) ?? 0) + 1);
      }
      flagged += rows.length;
    }
    await bumpAnswerCounters(trx, visible, pending);
    if (flagged > 0) await touchPoll(trx, pollId);
    return flagged;
  });
}
