import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';

export interface Row {
  measure: string;
  result: string;
  target?: string;
  /** undefined: no target. */
  met?: boolean;
}

export function machine(): string {
  const cpu = cpus();
  return [
    `${cpu.length} cores, ${cpu[0]?.model.trim() ?? 'unknown CPU'}`,
    `${(totalmem() / 2 ** 30).toFixed(1)} GB RAM`,
    `Linux ${release()}`,
    `Node ${process.version}`,
    new Date().toISOString(),
  ].join(' · ');
}

export function table(rows: Row[]): string {
  const lines = ['| Measure | Result | Target | Met |', '|---|---|---|---|'];
  for (const r of rows) {
    const met = r.met === undefined ? '' : r.met ? 'yes' : '**no**';
    lines.push(`| ${r.measure} | ${r.result} | ${r.target ?? ''} | ${met} |`);
  }
  return lines.join('\n');
}

const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

/**
 * Writes the run between the markers of the file, keeping whatever is around them (the notes on
 * profiling and fixes, written by hand), or creates the file.
 */
export function writeResults(file: string, heading: string, body: string): void {
  const block = `${START}\n## ${heading}\n\n${body}\n${END}`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start !== -1 && end > start
      ? `${current.slice(0, start)}${block}${current.slice(end + END.length)}`
      : `# Benchmark results\n\nWritten by \`npm run bench\` (bench/run.ts).\n\n${block}\n${current}`;
  writeFileSync(file, next);
}

/** One room size's block of a quiz bench (bench:quiz, bench:rahoot): its rows and the load
 *  average when it ended, so figures taken in other minutes can be read beside it. */
export function sizeSection(players: number, rows: Row[]): string {
  const [load1, load5] = loadavg();
  return [
    `### ${players} players`,
    '',
    `Load average at the end: ${load1!.toFixed(1)} (1 min), ${load5!.toFixed(1)} (5 min).`,
    '',
    table(rows),
    '',
  ].join('\n');
}
