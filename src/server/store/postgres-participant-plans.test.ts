import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { spyOnPgQueries } from '../../../tests/helpers/pg-query-spy.ts';
import { testPostgres } from '../../../tests/helpers/services.ts';
import { openVotingPoll } from '../../../tests/store/test-polls.ts';
import { createPostgresStore } from './postgres.ts';

/**
 * Issue 29: a batch's participant look-ups (the judge's one-vote read, the write's participant
 * numbers) probe the unique (poll, participant id) index once per id on a schema never
 * analysed, as a new database runs until autovacuum's first pass. Written as
 * `participant_id = any($2)`, PostgreSQL planned them there as a scan of all the poll's
 * participants (bench/RESULTS.md, pgwrite: 625–901 µs per ballot against 267–387).
 */

const { url, available, schemas } = await testPostgres();
afterAll(() => (available ? schemas.dropAll() : undefined), 60_000);

type Plan = Record<string, unknown> & { Plans?: Plan[] };

/** Every node of a plan, subplans and CTEs included. */
function nodes(plan: Plan): Plan[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** How each plan node reads poll_participants: its type, index and index condition. */
function participantReads(plan: Plan): string[] {
  return nodes(plan)
    .filter((n) => n['Relation Name'] === 'poll_participants')
    .map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''} ${n['Index Cond'] ?? ''}`.trim());
}

describe.runIf(available)('PostgreSQL batch: participant look-ups without statistics', () => {
  it('probes the unique index per participant id in the judge read and the write', async () => {
    // The batch statements the store sends (name, text, values), captured as they go.
    const sent: { text: string; values: unknown[] }[] = [];
    spyOnPgQueries((first) => {
      if (typeof first === 'object' && first.name && first.text) {
        sent.push({ text: first.text, values: first.values ?? [] });
      }
    });
    const schema = schemas.next();
    const store = await createPostgresStore(url, { schema });
    const admin = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await admin.connect();
    try {
      const { poll, single, multi } = await openVotingPoll(store, 'planes01');
      // 4,000 participants of the poll, each with a ballot and its one-vote rows, no ANALYZE.
      const [pollId, questionId] = [Number(poll.id), Number(single.id)];
      await admin.query(`insert into poll_participants (poll_id, participant_id)
          select ${pollId}, 'fill' || g from generate_series(1, 4000) g;
        insert into ballots (poll_id, participant_id, created_at)
          select ${pollId}, 'fill' || g, 0 from generate_series(1, 4000) g;
        insert into answered_questions (question_id, participant_number, ballot_id)
          select ${questionId}, p.id, b.id from poll_participants p
          join ballots b on b.participant_id = p.participant_id and b.poll_id = p.poll_id`);
      const analysed = await admin.query(
        `select count(*)::int as n from pg_stat_user_tables
         where schemaname = $1 and relname = 'poll_participants'
           and coalesce(last_analyze, last_autoanalyze) is not null`,
        [schema],
      );
      expect(analysed.rows[0].n).toBe(0);

      // One batch: voters already there (fill1, fill2: already voted on Uno) and new ones.
      sent.length = 0;
      const vote = (participantId: string) =>
        store.castVote({
          pollId: poll.id,
          participantId,
          answers: [{ questionId: multi.id, optionIds: [multi.options[0]!.id] }],
          oneVotePerQuestion: true,
          now: new Date(),
        });
      const results = await Promise.all(['fill1', 'fill2', 'new1', 'new2'].map(vote));
      expect(results.map((r) => r.outcome)).toEqual(['stored', 'stored', 'stored', 'stored']);
      expect(
        (await vote('fill1')).outcome,
        'the one-vote rows kept fill1’s number: the next vote is refused',
      ).toBe('already-voted');

      const judge = sent.find((s) => s.text.startsWith("select 'o' as k"));
      const write = sent.find((s) => s.text.startsWith('with new_participants'));
      expect(judge && write).toBeTruthy();
      for (const mode of ['force_generic_plan', 'force_custom_plan']) {
        await admin.query(`set plan_cache_mode = ${mode}`);
        for (const [which, statement] of [
          ['judge', judge!],
          ['write', write!],
        ] as const) {
          // A plan of the statement as the store prepares it (EXPLAIN alone runs nothing).
          await admin.query(`prepare planned as ${statement.text}`);
          const literals = statement.values.map((v) =>
            v === null ? 'null' : admin.escapeLiteral(toText(v)),
          );
          const { rows } = await admin.query(
            `explain (format json) execute planned(${literals.join(', ')})`,
          );
          await admin.query('deallocate planned');
          const plan = (rows[0]['QUERY PLAN'] as { Plan: Plan }[])[0]!.Plan;
          // The write's insert of new participants is a ModifyTable node: not a look-up.
          const reads = participantReads(plan).filter((r) => !r.startsWith('ModifyTable'));
          expect(reads.length, `${which}, ${mode}`).toBeGreaterThan(0);
          for (const read of reads) {
            expect(read, `${which}, ${mode}`).toMatch(
              /^Index (Only )?Scan poll_participants_once .*participant_id/,
            );
          }
        }
      }
    } finally {
      await admin.end();
      await store.close();
    }
  });
});

/** A parameter as pg sends it: arrays as `{…}` with their elements quoted. */
function toText(v: unknown): string {
  if (!Array.isArray(v)) return String(v);
  const element = (e: unknown) =>
    e === null ? 'NULL' : `"${String(e).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  return `{${v.map(element).join(',')}}`;
}
