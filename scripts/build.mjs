// `npm run build`: the web app (Vite) and the compiled server, from scratch.
// `prepack` adds --shrinkwrap: the tarball also carries npm-shrinkwrap.json, a copy of
// package-lock.json, so `npm install`/`npx sondeo` get the dependency tree the tests ran on
// (overrides such as light-my-request's pin do not apply to a package installed as a
// dependency; a shrinkwrap does). `postpack` removes the copy.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureServerBuild } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

const root = new URL('..', import.meta.url).pathname;
ensureWebBuild({ force: true });
ensureServerBuild({ force: true });
if (process.argv.includes('--shrinkwrap')) {
  copyFileSync(join(root, 'package-lock.json'), join(root, 'npm-shrinkwrap.json'));
}
