// Builds the web app (dist/web, precompressed by the buildOutput plugin of vite.config.ts) and its
// server-rendering entry (dist/server) when missing or older than their sources.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { isStale } from './build-freshness.mjs';

const root = new URL('..', import.meta.url).pathname;
const builtIndex = join(root, 'dist/web/index.html');
const builtServer = join(root, 'dist/server/entry-server.js');
const sources = [
  'src/web',
  'src/contract',
  'vite.config.ts',
  'scripts/build-output.ts',
  'package.json',
];

export function webBuildIsStale() {
  return isStale(
    [builtIndex, builtServer],
    sources.map((source) => join(root, source)),
  );
}

export function ensureWebBuild({ force = false } = {}) {
  if (!force && !webBuildIsStale()) return;
  console.log('Construyendo la aplicación web (vite build)…');
  const vite = (args) =>
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', ...args],
      { cwd: root, stdio: 'inherit' },
    );
  vite([]);
  vite(['--ssr', 'entry-server.tsx']);
}

if (import.meta.url === `file://${process.argv[1]}`)
  ensureWebBuild({ force: process.argv.includes('--force') });
