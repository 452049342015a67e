import type { Kysely } from 'kysely';
import type { EngineHooks } from './engine-hooks.ts';
import { touchPoll } from './kysely-rows.ts';
import type { Database } from './schema.ts';
import type { NicknameKeyRule } from './store.ts';

/** The host's hand on a quiz's players (issue 25): rename or remove one, named by nickname. */

/** The host renames a player (issue 25): 'taken' as for the player's own nickname, 'missing'
 *  when the poll has no player of that nickname. */
export async function renamePlayer(
  db: Kysely<Database>,
  hooks: EngineHooks,
  input: { pollId: number; nickname: string; to: string; key: string; keyVersion: number },
): Promise<'renamed' | 'taken' | 'missing'> {
  try {
    return await db.transaction().execute(async (trx) => {
      const renamed = await trx
        .updateTable('quiz_players')
        .set({ nickname: input.to, nickname_key: input.key, key_version: input.keyVersion })
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

/**
 * Re-keys the players whose key an older rule made (issue 25: names taken before the
 * confusables skeleton). Per poll, in one transaction: the players keyed by today's rule keep
 * their names, then the old ones in the order they joined take theirs. An old player whose
 * name now looks like an earlier player's is renamed with a number ('lsmael 2'): two players
 * cannot look alike on the projector, and neither loses points. Returns the players re-keyed.
 * Two instances starting at once: the second finds no old row left (each update is
 * conditioned on the old version) or, on a name taken meanwhile, tries the poll again.
 */
export async function rekeyNicknames(
  db: Kysely<Database>,
  hooks: EngineHooks,
  rule: NicknameKeyRule,
): Promise<number> {
  const polls = await db
    .selectFrom('quiz_players')
    .select('poll_id')
    .distinct()
    .where('key_version', '<', rule.version)
    .execute();
  let rekeyed = 0;
  for (const { poll_id: pollId } of polls) {
    for (let attempt = 1; ; attempt++) {
      try {
        rekeyed += await rekeyPoll(db, pollId, rule);
        break;
      } catch (error) {
        if (!hooks.isUniqueViolation(error) || attempt === 3) throw error;
      }
    }
  }
  return rekeyed;
}

async function rekeyPoll(
  db: Kysely<Database>,
  pollId: number,
  rule: NicknameKeyRule,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const players = await trx
      .selectFrom('quiz_players')
      .select(['participant_id', 'nickname', 'nickname_key', 'key_version'])
      .where('poll_id', '=', pollId)
      .orderBy('created_at')
      .orderBy('participant_id')
      .execute();
    const old = players.filter((p) => p.key_version < rule.version);
    const taken = new Set(
      players.filter((p) => p.key_version >= rule.version).map((p) => p.nickname_key),
    );
    const renamed = old.map((p) => {
      const named = freeName(p.nickname, taken, rule);
      taken.add(named.key);
      return { participantId: p.participant_id, ...named };
    });
    // First out of the way (an old row may hold another's new key), then the new keys.
    for (const p of renamed) {
      await trx
        .updateTable('quiz_players')
        .set({ nickname_key: `\u0001${p.participantId}` })
        .where('poll_id', '=', pollId)
        .where('participant_id', '=', p.participantId)
        .where('key_version', '<', rule.version)
        .execute();
    }
    let rekeyed = 0;
    for (const p of renamed) {
      const done = await trx
        .updateTable('quiz_players')
        .set({ nickname: p.nickname, nickname_key: p.key, key_version: rule.version })
        .where('poll_id', '=', pollId)
        .where('participant_id', '=', p.participantId)
        .where('key_version', '<', rule.version)
        .executeTakeFirst();
      rekeyed += Number(done.numUpdatedRows);
    }
    if (renamed.some((p, i) => p.nickname !== old[i]!.nickname)) await touchPoll(trx, pollId);
    return rekeyed;
  });
}

/** The nickname, or 'nickname 2', 'nickname 3'… (cut to fit) whose key nobody holds. */
function freeName(
  nickname: string,
  taken: ReadonlySet<string>,
  rule: NicknameKeyRule,
): { nickname: string; key: string } {
  const key = rule.keyOf(nickname);
  if (!taken.has(key)) return { nickname, key };
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const name =
      [...nickname]
        .slice(0, rule.maxLength - suffix.length)
        .join('')
        .trimEnd() + suffix;
    const nameKey = rule.keyOf(name);
    if (!taken.has(nameKey)) return { nickname: name, key: nameKey };
  }
}
