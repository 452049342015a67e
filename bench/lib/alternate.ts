import { type LoadOptions, runLoad } from './load.ts';
import type { Server } from './processes.ts';

/** The middle value (the lower one of an even count). */
export const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/**
 * One round of an alternated comparison: each server's load in turn, the order turned by the
 * round so no server always runs right after the same one (on a loaded machine the load drifts
 * between whole runs, much less between runs of a few seconds). Answers requests/s and server
 * CPU per request (from /proc) of each, and the order it ran in; any failed request throws.
 */
export async function alternatedRound<N extends string>(
  round: number,
  names: readonly N[],
  servers: Readonly<Record<N, Server>>,
  loadOf: (name: N) => LoadOptions,
  amount: number,
): Promise<{ order: N[]; results: Record<N, { rps: number; cpuUs: number }> }> {
  const order = names.map((_, i, all) => all[(i + round) % all.length]!);
  const results = {} as Record<N, { rps: number; cpuUs: number }>;
  for (const name of order) {
    const server = servers[name];
    const before = server.cpuSeconds();
    const result = await runLoad({ ...loadOf(name), amount });
    if (result.non2xx + result.errors > 0) throw new Error(`${name}: failed requests`);
    results[name] = {
      rps: result.rps,
      cpuUs: ((server.cpuSeconds() - before) * 1e6) / Math.max(result.ok, 1),
    };
  }
  return { order, results };
}
