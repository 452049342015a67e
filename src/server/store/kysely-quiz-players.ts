import type { Kysely } from 'kysely';
import type { EngineHooks } from './engine-hooks.ts';
import { touchPoll } from './kysely-rows.ts';
import type { Database } from './schema.ts';

/** The host's hand on a quiz's players (issue 25): rename or remove one, named by nickname. */

/** The host renames a player (issue 25): 'taken' as for the player's own nickname, 'missing'
 *  when the poll has no player of that nickname. */
export async function renamePlayer(
  db: Kysely<Database>,
  hooks: EngineHooks,
  input: { pollId: number; nickname: string; to: string; key: string },
): Promise<'renamed' | 'taken' | 'missing'> {
  try {
    return await db.transaction().execute(async (trx) => {
      const renamed = await trx
        .updateTable('quiz_players')
        .set({ nickname: input.to, nickname_key: input.key })
        .where('poll_id', '=', input.pollId)
        .where('nickname', '=', input.nickname)
        .executeTakeFirst();
      if (Number(renamed.numUpdatedRows) === 0) return 'missing' as const;
      await touchPoll(trx, input.pollId);
      return 'renamed' as const;
    });
  } catch (error) {
    if (hooks.isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/** The host removes a player (issue 25) with its points: it leaves the standings; its ballots
 *  stay in the counts. False when the poll has no player of that nickname. */
export async function removePlayer(
  db: Kysely<Database>,
  input: { pollId: number; nickname: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const player = await trx
      .deleteFrom('quiz_players')
      .where('poll_id', '=', input.pollId)
      .where('nickname', '=', input.nickname)
      .returning('participant_id')
      .executeTakeFirst();
    if (!player) return false;
    await trx
      .deleteFrom('quiz_results')
      .where('poll_id', '=', input.pollId)
      .where('participant_id', '=', player.participant_id)
      .execute();
    // A self-paced quiz's progress goes too (issue 27): the phone starts over as a new player.
    await trx
      .deleteFrom('homework_turns')
      .where('poll_id', '=', input.pollId)
      .where('participant_id', '=', player.participant_id)
      .execute();
    await touchPoll(trx, input.pollId);
    return true;
  });
}
