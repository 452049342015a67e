import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testPostgres } from '../../../tests/helpers/services.ts';
import { openVotingPoll } from '../../../tests/store/test-polls.ts';
import { createPostgresStore } from './postgres.ts';
import type { PollStore } from './store.ts';

/**
 * Migration 025 (PostgreSQL): the rows a ballot batch inserts carry no foreign-key check, and
 * the statement triggers that replace their ON DELETE CASCADE leave no orphan row behind.
 */

const { url, available, schemas } = await testPostgres();
afterAll(() => (available ? schemas.dropAll() : undefined), 60_000);

/** Each dropped foreign key, child → parent: a row whose parent is gone is what a missing
 *  cascade would leave. */
const REFERENCES: readonly (readonly [child: string, column: string, parent: string])[] = [
  ['ballots', 'poll_id', 'polls'],
  ['poll_participants', 'poll_id', 'polls'],
  ['choices', 'ballot_id', 'ballots'],
  ['choices', 'question_id', 'questions'],
  ['choices', 'option_id', 'options'],
  ['answered_questions', 'ballot_id', 'ballots'],
  ['answered_questions', 'question_id', 'questions'],
  ['answered_questions', 'participant_number', 'poll_participants'],
];
/** The tables whose foreign keys migration 025 drops. */
const TABLES = [...new Set(REFERENCES.map(([child]) => child))];
const ORPHANS = REFERENCES.map(([child, column, parent]) => ({
  what: `${child}.${column} without its ${parent} row`,
  text: `select count(*) from ${child} c
    where not exists (select 1 from ${parent} p where p.id = c.${column})`,
}));

/** A one-vote poll of a single and a multiple question, and six ballots from six people. */
async function votedPoll(store: PollStore, slug: string) {
  const { poll, single, multi } = await openVotingPoll(store, slug);
  const results = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      store.castVote({
        pollId: poll.id,
        participantId: `${slug}-p${i}`,
        answers: [
          { questionId: single.id, optionIds: [single.options[i % 3]!.id] },
          { questionId: multi.id, optionIds: [multi.options[0]!.id, multi.options[1]!.id] },
        ],
        oneVotePerQuestion: true,
        now: new Date(),
      }),
    ),
  );
  expect(results.every((r) => r.outcome === 'stored')).toBe(true);
  return { poll, single, multi };
}

describe.runIf(available)('migration 025: ballot rows without foreign-key checks', () => {
  it('leaves no FK check trigger on the batch tables, and no orphan row after deletes', async () => {
    const schema = schemas.next();
    const store = await createPostgresStore(url, { schema });
    const admin = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await admin.connect();
    const count = async (text: string, values: unknown[] = []) =>
      Number((await admin.query(text, values)).rows[0].count);
    try {
      const checks = await admin.query(
        `select tgrelid::regclass::text as tbl from pg_trigger t join pg_proc f on f.oid = t.tgfoid
         where f.proname = 'RI_FKey_check_ins' and tgrelid = any($1::regclass[])`,
        [TABLES],
      );
      expect(checks.rows.map((r) => r.tbl)).toEqual([]);
      // `ballots_poll` is gone on PostgreSQL: `ballots_poll_source` leads with the poll too.
      expect(
        await count(
          `select count(*) from pg_indexes where indexname = 'ballots_poll'
        and schemaname = $1`,
          [schema],
        ),
      ).toBe(0);

      const a = await votedPoll(store, 'cascada1');
      const b = await votedPoll(store, 'cascada2');
      /** The other poll's rows, table by table: none of the deletes below may touch them. */
      const rowsOfB = async () => ({
        ballots: await count('select count(*) from ballots where poll_id = $1', [b.poll.id]),
        participants: await count('select count(*) from poll_participants where poll_id = $1', [
          b.poll.id,
        ]),
        choices: await count(
          'select count(*) from choices c join ballots x on x.id = c.ballot_id where x.poll_id = $1',
          [b.poll.id],
        ),
        oneVote: await count(
          `select count(*) from answered_questions a join ballots x on x.id = a.ballot_id
           where x.poll_id = $1`,
          [b.poll.id],
        ),
      });
      const before = await rowsOfB();
      expect(before).toEqual({ ballots: 6, participants: 6, choices: 18, oneVote: 12 });
      const noOrphans = async (step: string) => {
        for (const { what, text } of ORPHANS) {
          expect(await count(text), `${step}: ${what}`).toBe(0);
        }
        expect(await rowsOfB(), `${step}: the other poll`).toEqual(before);
      };

      // An option two ballots chose: its choices go with it.
      expect(await store.deleteOption(a.single.options[0]!.id)).toBe('deleted');
      expect(
        await count('select count(*) from choices where option_id = $1', [a.single.options[0]!.id]),
      ).toBe(0);
      await noOrphans('option deleted');

      // A question: its choices and one-vote rows go with it.
      expect(await store.deleteQuestion(a.multi.id)).toBe(true);
      expect(
        await count('select count(*) from answered_questions where question_id = $1', [a.multi.id]),
      ).toBe(0);
      await noOrphans('question deleted');

      // A participant's number: its one-vote rows go with it.
      const number = await count(
        `select id as count from poll_participants where poll_id = $1 and participant_id = $2`,
        [a.poll.id, 'cascada1-p1'],
      );
      expect(
        await count('select count(*) from answered_questions where participant_number = $1', [
          number,
        ]),
      ).toBeGreaterThan(0);
      await admin.query('delete from poll_participants where id = $1', [number]);
      await noOrphans('participant number deleted');

      // The poll's ballots (a reset): choices and one-vote rows go with them.
      expect(await store.resetVotes(a.poll.id)).toBeGreaterThan(0);
      expect(await count('select count(*) from ballots where poll_id = $1', [a.poll.id])).toBe(0);
      await noOrphans('ballots reset');

      // Poll A gets ballots again, then is deleted: its ballots and participants go with it.
      const again = await store.castVote({
        pollId: a.poll.id,
        participantId: 'cascada1-again',
        answers: [{ questionId: a.single.id, optionIds: [a.single.options[1]!.id] }],
        oneVotePerQuestion: true,
        now: new Date(),
      });
      expect(again.outcome).toBe('stored');
      expect(await store.deletePoll(a.poll.id)).toBe(true);
      expect(await count('select count(*) from ballots where poll_id = $1', [a.poll.id])).toBe(0);
      expect(
        await count('select count(*) from poll_participants where poll_id = $1', [a.poll.id]),
      ).toBe(0);
      await noOrphans('poll deleted');
    } finally {
      await admin.end();
      await store.close();
    }
  });
});
