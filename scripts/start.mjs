// `npm start`: build the web app and compile the server if needed, then run the compiled server
// in this same process so that SIGTERM/SIGINT reach it directly. `npm start -- --port 4711
// --data ~/encuestas` takes the packaged program's options (bin/cli-options.mjs), checked first.
import { cliOptionsOrExit, OPTIONS_HELP } from '../bin/cli-options.mjs';
import { ensureServerBuild } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

const values = cliOptionsOrExit(process.argv.slice(2), 'npm start -- --help');
if (values.help) {
  process.stdout.write(`Uso: npm start -- [opciones]\n\n${OPTIONS_HELP}\n`);
  process.exit(0);
}
if (values.version) {
  const { readFileSync } = await import('node:fs');
  console.log(
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version,
  );
  process.exit(0);
}

ensureWebBuild();
ensureServerBuild();
await import('../build/server/main.js');
