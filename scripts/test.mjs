// `npm test`: lint, typecheck, build the web app, run every Vitest project (unit, web, e2e),
// then print one line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureWebBuild } from './web-build.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules/.bin', name);
let passed = 0;
let failed = 0;

function step(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

for (const [label, command, args] of [
  ['lint (biome)', bin('biome'), ['check', '.']],
  ['lint (layers)', process.execPath, ['scripts/check-layers.mjs']],
  ['typecheck (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
]) {
  if (step(label, command, args)) passed += 1;
  else failed += 1;
}

try {
  console.log('\n▶ web build');
  ensureWebBuild({ force: true });
  passed += 1;
} catch {
  failed += 1;
}

// The participant page's byte budget (scripts/check-budget.ts) on the build just made.
if (
  step('byte budget of the participant page', process.execPath, [
    '--import',
    'tsx',
    'scripts/check-budget.ts',
  ])
)
  passed += 1;
else failed += 1;

const report = join(root, 'test-results/vitest.json');
mkdirSync(join(root, 'test-results'), { recursive: true });
rmSync(report, { force: true });
const extra = process.argv.slice(2);
const vitestOk = step(
  'vitest (unit, web, e2e)',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra],
  // A non-UTC zone makes time-zone bugs show up in tests.
  { TZ: 'America/Mexico_City' },
);
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  // A file that fails to load has no failed tests but is a failure.
  failed += results.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  ).length;
} else if (!vitestOk) {
  failed += 1;
}
if (!vitestOk && failed === 0) failed = 1;

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
