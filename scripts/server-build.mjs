// Compiles the server (src/server, src/contract) to JavaScript in build/server and build/contract
// (tsc, tsconfig.server.json), when missing or older than its sources: `npm start` and the
// packaged `sondeo` program run that, not TypeScript through a loader.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { isStale } from './build-freshness.mjs';

const root = new URL('..', import.meta.url).pathname;
const builtMain = join(root, 'build/server/main.js');
const sources = [
  'src/server',
  'src/contract',
  'tsconfig.json',
  'tsconfig.server.json',
  'package.json',
];

export function serverBuildIsStale() {
  return isStale(
    [builtMain],
    sources.map((source) => join(root, source)),
  );
}

export function ensureServerBuild({ force = false } = {}) {
  if (!force && !serverBuildIsStale()) return;
  console.log('Compilando el servidor (tsc)…');
  // A source deleted since the last build must not live on as a stale .js.
  rmSync(join(root, 'build'), { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.server.json')],
    { cwd: root, stdio: 'inherit' },
  );
}

if (import.meta.url === `file://${process.argv[1]}`)
  ensureServerBuild({ force: process.argv.includes('--force') });
