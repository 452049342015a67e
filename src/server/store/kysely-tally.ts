import type { Kysely } from 'kysely';
import { type QuestionType, questionTypeRules } from '../../contract/index.ts';
import { runCompiled } from './compiled-queries.ts';
import type { EngineHooks } from './engine-hooks.ts';
import { loadTextTally } from './kysely-moderation.ts';
import { type Db, QUESTION_COLUMNS, questionsFromRows, toPoll } from './kysely-rows.ts';
import type { Database } from './schema.ts';
import type { QuestionWithOptions, Tally, TallyOptions } from './store.ts';

/**
 * The summary rebuild's read (getTally): the poll, its questions and options, and their
 * counters (kysely-counters.ts) as of one moment. Engine-neutral SQL only.
 *
 * A room's projector rebuilds once per ballot (issue 29), so the common poll (choices, scales:
 * everything it needs is in the counters) is read in ONE statement, a snapshot by itself in
 * PostgreSQL's READ COMMITTED and in SQLite: no transaction, no BEGIN/COMMIT round trips. It was
 * six statements (BEGIN, poll, questions ⋈ options, respondents, vote counts, COMMIT): half of
 * PostgreSQL's statements per ballot in bench:rooms.
 */
export async function getTally(
  db: Kysely<Database>,
  hooks: EngineHooks,
  pollId: number,
  options: TallyOptions = {},
): Promise<Tally | undefined> {
  const folded = await readFolded(db, hooks, pollId);
  if (!folded || !needsAnswerReads(folded.questions, options)) {
    // Open-text questions' counters only: their words were not asked for (no statement).
    const text = folded && (await loadTextTally(db, folded.text, options.textsOf));
    return folded && text && tallyOf(folded, emptyShapes, text);
  }
  // Words, places or numbers too: read again with them in one snapshot, so the counters and
  // the answers describe the same moment (a ballot landing between two plain statements would
  // show in one and not the other). One statement more than the common path only here.
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const again = await readFolded(trx, hooks, pollId);
      if (!again) return undefined;
      const text = await loadTextTally(trx, again.text, options.textsOf);
      return tallyOf(again, await loadAnswerShapes(trx, again.questions), text);
    });
}

/** What the rebuild needs read beyond the counters: words and answers of open-text questions
 *  asked for (loadTextTally), places of ranking questions, values of number questions. */
function needsAnswerReads(questions: QuestionWithOptions[], { textsOf }: TallyOptions): boolean {
  const wanted = textsOf && new Set(textsOf);
  return questions.some((q) => {
    const key = questionTypeRules[q.type]?.answerKey;
    if (key === 'ranking' || q.number !== null) return true;
    return key === 'text' && (!wanted || wanted.has(q.id));
  });
}

type Folded = NonNullable<Awaited<ReturnType<typeof readFolded>>>;

/** The poll's row joined to its questions (with their counters) and their options (with
 *  vote_count), the poll's columns repeated on each row: one statement. */
async function readFolded(db: Db, hooks: EngineHooks, pollId: number) {
  // Built and compiled once, and prepared once per PostgreSQL connection (runCompiled): it runs
  // on every rebuild, and its fifty columns cost Kysely more to build than the engine to run.
  const { rows } = await runCompiled(db, hooks, 'tally:folded', [pollId], () =>
    db
      .selectFrom('polls as p')
      .leftJoin('questions as q', 'q.poll_id', 'p.id')
      .leftJoin('options as o', 'o.question_id', 'q.id')
      .selectAll('p')
      .select(QUESTION_COLUMNS)
      .select([
        'q.respondent_count',
        'q.visible_answers',
        'q.pending_answers',
        'o.vote_count as ovotes',
      ])
      .where('p.id', '=', pollId)
      .orderBy('q.ordinal')
      .orderBy('q.id')
      .orderBy('o.ordinal')
      .orderBy('o.id'),
  );
  const first = rows[0];
  if (!first) return undefined;
  // A poll without questions is one row of nulls past its own columns.
  const asked = rows.filter(
    (
      r,
    ): r is typeof r & {
      qid: number;
      qtext: string;
      qtype: string;
      qordinal: number;
      qhidden: number;
    } => r.qid !== null,
  );
  const optionCounts: { optionId: number; count: number }[] = [];
  const respondents: { questionId: number; count: number }[] = [];
  const text: { id: number; visible: number; pending: number }[] = [];
  for (const row of asked) {
    const questionId = Number(row.qid);
    if (row.oid !== null)
      optionCounts.push({ optionId: Number(row.oid), count: Number(row.ovotes) });
    if (respondents.at(-1)?.questionId === questionId) continue;
    respondents.push({ questionId, count: Number(row.respondent_count) });
    if (questionTypeRules[row.qtype as QuestionType]?.answerKey === 'text') {
      text.push({
        id: questionId,
        visible: Number(row.visible_answers),
        pending: Number(row.pending_answers),
      });
    }
  }
  return {
    poll: first,
    questions: questionsFromRows(asked, pollId),
    optionCounts,
    respondents,
    text,
  };
}

function tallyOf(
  folded: Folded,
  shapes: Awaited<ReturnType<typeof loadAnswerShapes>>,
  text: Awaited<ReturnType<typeof loadTextTally>>,
): Tally {
  return {
    poll: toPoll(folded.poll),
    questions: folded.questions,
    counts: {
      ballots: Number(folded.poll.ballot_count),
      optionCounts: folded.optionCounts,
      ...shapes,
      respondents: folded.respondents,
      texts: text.counts,
    },
    texts: text.texts,
  };
}

const emptyShapes = { placeCounts: [], numberValues: [] };

/**
 * What the ranking and number questions' summaries need beyond the counters (issue 26): the
 * answers per option and place, and every number. These are read from the answers, O(answers
 * to those questions), not kept as counters: a median needs the values themselves, and a poll
 * has a handful of such questions (bench/question-types.ts measures a rebuild).
 */
async function loadAnswerShapes(trx: Db, questions: QuestionWithOptions[]) {
  const ranked = questions
    .filter((q) => questionTypeRules[q.type]?.answerKey === 'ranking')
    .map((q) => q.id);
  const numbered = questions.filter((q) => q.number !== null).map((q) => q.id);
  const places =
    ranked.length === 0
      ? []
      : await trx
          .selectFrom('choices')
          .select(['option_id', 'position', (eb) => eb.fn.countAll().as('n')])
          .where('question_id', 'in', ranked)
          .where('position', 'is not', null)
          .groupBy(['option_id', 'position'])
          .execute();
  const values =
    numbered.length === 0
      ? []
      : await trx
          .selectFrom('number_answers')
          .select(['question_id', 'value'])
          .where('question_id', 'in', numbered)
          .orderBy('question_id')
          .orderBy('value')
          .execute();
  const byQuestion = new Map<number, number[]>(numbered.map((id) => [id, []]));
  for (const v of values) byQuestion.get(Number(v.question_id))?.push(Number(v.value));
  return {
    placeCounts: places.map((p) => ({
      optionId: Number(p.option_id),
      position: Number(p.position),
      count: Number(p.n),
    })),
    numberValues: [...byQuestion].map(([questionId, list]) => ({ questionId, values: list })),
  };
}
