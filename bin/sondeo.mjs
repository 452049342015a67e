#!/usr/bin/env node
// `sondeo` (npx sondeo, or installed with npm install -g): the server with the web app, in one
// command. Flags set the same environment variables the server reads (they win over them).
import { existsSync, readFileSync } from 'node:fs';
import { cliOptionsOrExit, OPTIONS_HELP } from './cli-options.mjs';

const HELP = `Sondeo: encuestas en vivo con QR, sin registro.

Uso: sondeo [opciones]

${OPTIONS_HELP}

Otras variables de entorno: HOST (interfaz, por defecto 0.0.0.0: los teléfonos de la red
entran), PUBLIC_URL (el origen de los enlaces y códigos QR), REDIS_URL y REDIS_CHANNEL (varias
instancias). Todas se explican en el README.

Ejemplo: sondeo --port 8080 --data ~/encuestas
`;

const values = cliOptionsOrExit(process.argv.slice(2), 'sondeo --help');

const root = new URL('..', import.meta.url);
if (values.help) {
  process.stdout.write(HELP);
  process.exit(0);
}
if (values.version) {
  console.log(JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).version);
  process.exit(0);
}
// In a clone of the repository (npm install -g <folder> links it), build what is missing or
// stale, as `npm start` does; the published package ships build/ and dist/, built by `prepack`.
if (existsSync(new URL('scripts/server-build.mjs', root))) {
  const { ensureWebBuild } = await import('../scripts/web-build.mjs');
  const { ensureServerBuild } = await import('../scripts/server-build.mjs');
  ensureWebBuild();
  ensureServerBuild();
}
await import('../build/server/main.js');
