// `npm run build`: the web app (Vite) and the compiled server, from scratch.
// `prepack` adds --shrinkwrap: the tarball also carries npm-shrinkwrap.json, a copy of
// package-lock.json, so `npm install sondeo`/`npx sondeo` from a registry get the dependency tree
// the tests ran on. npm 11 ignores it for a tarball installed from a file (locally or with -g),
// so a pin that must hold there is a direct dependency (light-my-request, in package.json).
// `postpack` removes the copy.
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
