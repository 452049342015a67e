// The layering rules of docs/architecture.md that Biome cannot say (run by `npm test`'s lint
// step): a web feature never imports another feature, and the store never imports the layers
// above it (domain, http, live). Exits 1 listing every import that breaks one.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mts)$/.test(entry.name)) yield path;
  }
}

/** The rule an import from `from` to `to` (paths relative to the root) breaks, if any. */
function broken(from, to) {
  const feature = (path) => /^src\/web\/features\/([^/]+)\//.exec(path)?.[1];
  const a = feature(from);
  const b = feature(to);
  if (a && b && a !== b) return `the web feature '${a}' imports the feature '${b}'`;
  if (from.startsWith('src/server/store/')) {
    const upper = /^src\/server\/(domain|http|live)\//.exec(to)?.[1];
    if (upper) return `the store imports '${upper}/', a layer above it`;
  }
  return undefined;
}

const problems = [];
for (const file of sources(join(root, 'src'))) {
  const from = relative(root, file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (!specifier?.startsWith('.')) continue;
    const to = relative(root, resolve(dirname(file), specifier));
    const rule = broken(from, to);
    if (rule) problems.push(`${from}: ${rule} (${specifier})`);
  }
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} import(s) break the layering (docs/architecture.md).`);
  process.exit(1);
}
console.log('layers: no feature imports another; the store imports nothing above it');
