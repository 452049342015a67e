import type { Migration } from 'kysely';
import { initial } from './001-initial.ts';
import { counters } from './002-counters.ts';
import { answeredByParticipant } from './003-answered-by-participant.ts';

export type Engine = 'sqlite' | 'postgres';

/** Migrations in order; names sort as they must run. Both engines share them. */
export function migrationsFor(engine: Engine): Record<string, Migration> {
  return {
    '001-initial': initial(engine),
    '002-counters': counters,
    '003-answered-by-participant': answeredByParticipant,
  };
}
