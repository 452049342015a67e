#!/usr/bin/env node
// `sondeo` (npx sondeo, or installed with npm install -g): the server with the web app, in one
// command. Flags set the same environment variables the server reads (they win over them).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const HELP = `Sondeo: encuestas en vivo con QR, sin registro.

Uso: sondeo [opciones]

Opciones:
  -p, --port <número>  Puerto HTTP (por defecto 3000). Variable: PORT.
  -d, --data <ruta>    Dónde guardar las encuestas: una carpeta (se usa <carpeta>/sondeo.db)
                       o un archivo .db de SQLite (por defecto ./data/sondeo.db).
                       Variable: DATABASE_URL, que también acepta postgres://…
  -v, --version        Muestra la versión.
  -h, --help           Muestra esta ayuda.

Otras variables de entorno: HOST (interfaz, por defecto 0.0.0.0: los teléfonos de la red
entran), PUBLIC_URL (el origen de los enlaces y códigos QR), REDIS_URL y REDIS_CHANNEL (varias
instancias). Todas se explican en el README.

Ejemplo: sondeo --port 8080 --data ~/encuestas
`;

let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string', short: 'p' },
      data: { type: 'string', short: 'd' },
      version: { type: 'boolean', short: 'v' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  const detail = /'(-[^']*)'/.exec(error.message)?.[1];
  console.error(
    `${detail ? `Opción no válida: ${detail}` : 'Argumentos no válidos'}. Usa «sondeo --help».`,
  );
  process.exit(2);
}

const root = new URL('..', import.meta.url);
if (values.help) {
  process.stdout.write(HELP);
  process.exit(0);
}
if (values.version) {
  console.log(JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).version);
  process.exit(0);
}
if (values.port !== undefined) process.env.PORT = values.port;
if (values.data !== undefined) {
  const path = resolve(values.data);
  process.env.DATABASE_URL = /\.(db|sqlite3?)$/i.test(path) ? path : resolve(path, 'sondeo.db');
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
