// The command-line options of `sondeo` and `npm start -- …`: both set the environment variables
// the server reads (flags win over them), and refuse a bad value with a clear message before
// anything is built or opened (before, `npm start -- --port 4711` was ignored: port 3000).
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

export const OPTIONS_HELP = `Opciones:
  -p, --port <número>  Puerto HTTP (por defecto 3000). Variable: PORT.
  -d, --data <ruta>    Dónde guardar las encuestas: una carpeta (se usa <carpeta>/sondeo.db)
                       o un archivo .db de SQLite (por defecto ./data/sondeo.db).
                       Variable: DATABASE_URL, que también acepta postgres://…
  -v, --version        Muestra la versión.
  -h, --help           Muestra esta ayuda.`;

const DB_FILE = /\.(db|sqlite3?)$/i;

/**
 * Reads argv. Returns `{ values }` (help and version as booleans, port and data already
 * checked), or `{ error }`: one Spanish line saying what is wrong.
 */
export function parseCliOptions(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
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
    const missing = /(--[a-z]+) <value>' argument missing/.exec(error.message)?.[1];
    if (missing) return { error: `Falta el valor de ${missing}` };
    const detail = /'(-[^']*)'/.exec(error.message)?.[1];
    return { error: detail ? `Opción no válida: ${detail}` : 'Argumentos no válidos' };
  }
  if (values.port !== undefined) {
    const port = values.port.trim();
    if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
      return { error: `Puerto no válido: «${values.port}» (un número de 1 a 65535)` };
    }
  }
  if (values.data !== undefined) {
    const path = values.data.trim();
    if (path === '') return { error: 'Falta la ruta de --data (una carpeta o un archivo .db)' };
    const full = resolve(path);
    if (!DB_FILE.test(full) && existsSync(full) && !statSync(full).isDirectory()) {
      return {
        error: `Ruta de datos no válida: «${values.data}» es un archivo que no termina en .db (usa una carpeta o un archivo .db)`,
      };
    }
  }
  return { values };
}

/** Sets PORT and DATABASE_URL from checked options. */
export function applyCliOptions(values) {
  if (values.port !== undefined) process.env.PORT = String(Number(values.port.trim()));
  if (values.data !== undefined) {
    const path = resolve(values.data.trim());
    process.env.DATABASE_URL = DB_FILE.test(path) ? path : resolve(path, 'sondeo.db');
  }
}

/** Parses argv and applies it, or prints the error (with how to get help) and exits with 2. */
export function cliOptionsOrExit(argv, helpCommand) {
  const { values, error } = parseCliOptions(argv);
  if (error) {
    console.error(`${error}. Usa «${helpCommand}».`);
    process.exit(2);
  }
  applyCliOptions(values);
  return values;
}
