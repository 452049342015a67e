import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';

const script = new URL('../../../tests/store/test-gc-load.ts', import.meta.url).pathname;

// The regression test of issue 12's Node 24 abort ("Assertion failed: (env) != nullptr" in
// node::RemoveEnvironmentCleanupHook when the collector frees a better-sqlite3 Statement or
// Database): it bites on Node 24 (.ci/node24 runs this project there); on Node 20 and 22 the
// same run must simply pass.
it('survives thousands of ballots and many stores with the garbage collector busy', () => {
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', script], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  const output = `${run.stdout}${run.stderr}`;
  expect(output).not.toContain('Assertion failed');
  expect(run.status, output).toBe(0);
  expect(run.stdout).toMatch(/^ok: \d+ ballots/m);
}, 150_000);
