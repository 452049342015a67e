import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { testPostgres } from '../../../tests/helpers/services.ts';
import { quizContract, scoreSurvivesReopen } from '../../../tests/store/store-contract-quiz.ts';
import { quizRunsContract } from '../../../tests/store/store-contract-quiz-runs.ts';
import { createPostgresStore } from './postgres.ts';
import { openSqliteStore } from './sqlite.ts';

/** The quiz's store contract on both engines (its own file: the full contract is long). */

const dir = mkdtempSync(join(tmpdir(), 'sondeo-quiz-store-'));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

quizContract('sqlite', () => openSqliteStore(join(dir, `quiz-${++n}.db`)));
quizRunsContract('sqlite', () => openSqliteStore(join(dir, `quiz-${++n}.db`)));
it('sqlite: a reopened store keeps nicknames and scores', () =>
  scoreSurvivesReopen(() => openSqliteStore(join(dir, 'reopen.db'))));

const { url, available, schemas } = await testPostgres();
afterAll(() => (available ? schemas.dropAll() : undefined), 60_000);

describe.runIf(available)('postgres', () => {
  quizContract('postgres', () => createPostgresStore(url, { schema: schemas.next() }));
  quizRunsContract('postgres', () => createPostgresStore(url, { schema: schemas.next() }));
  const schema = schemas.next();
  it('postgres: a reopened store keeps nicknames and scores', () =>
    scoreSurvivesReopen(() => createPostgresStore(url, { schema })));
});
