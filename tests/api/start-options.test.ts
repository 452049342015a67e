import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 24: `npm start -- --port 4711` served on 3000 without a word. `npm start` and the
 * packaged `sondeo` take the same options and refuse a bad value, clearly and before building
 * anything (the served port is checked in tests/e2e/start-options.test.ts, which needs a build).
 */
const root = new URL('../..', import.meta.url).pathname;
const programs = [
  { name: 'npm start', script: 'scripts/start.mjs', help: 'npm start -- --help' },
  { name: 'sondeo', script: 'bin/sondeo.mjs', help: 'sondeo --help' },
];

function run(script: string, args: string[]) {
  return spawnSync(process.execPath, [join(root, script), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 15_000,
  });
}

describe.each(programs)('$name', ({ script, help }) => {
  it.each([
    [['--port', 'abc'], 'Puerto no válido: «abc»'],
    [['--port', '70000'], 'Puerto no válido: «70000»'],
    [['--port=0'], 'Puerto no válido: «0»'],
    [['--port=-1'], 'Puerto no válido: «-1»'],
    [['--port'], 'Falta el valor de --port'],
    [['--data', ''], 'Falta la ruta de --data'],
    [['--data', 'package.json'], 'Ruta de datos no válida: «package.json»'],
    [['--prot', '4711'], 'Opción no válida: --prot'],
  ])('refuses %j with exit 2 and a Spanish line', (args, message) => {
    const result = run(script, args);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain(`Usa «${help}»`);
    // Refused before building or starting anything.
    expect(result.stdout).toBe('');
  });

  it('lists --port and --data in its help', () => {
    const result = run(script, ['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('--port <número>');
    expect(result.stdout).toContain('--data <ruta>');
  });
});
