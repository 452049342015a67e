// When a build step must run again: an output is missing, or a source (file or folder, walked
// recursively) changed after the oldest output. Shared by the web and server build steps.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** `outputs` and `sources` are absolute paths; sources that do not exist are ignored. */
export function isStale(outputs, sources) {
  if (!outputs.every((output) => existsSync(output))) return true;
  const builtAt = Math.min(...outputs.map((output) => statSync(output).mtimeMs));
  return sources.some((source) => existsSync(source) && newestMtime(source) > builtAt);
}
