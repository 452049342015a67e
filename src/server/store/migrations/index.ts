import type { Migration } from 'kysely';
import { initial } from './001-initial.ts';
import { counters } from './002-counters.ts';
import { answeredByParticipant } from './003-answered-by-participant.ts';
import { integrity } from './004-integrity.ts';
import { room } from './005-room.ts';
import { presenterPace } from './006-presenter-pace.ts';
import { openText } from './007-open-text.ts';
import { quiz } from './009-quiz.ts';

export type Engine = 'sqlite' | 'postgres';

/** Migrations in order; names sort as they must run. Both engines share them. */
export function migrationsFor(engine: Engine): Record<string, Migration> {
  return {
    '001-initial': initial(engine),
    '002-counters': counters,
    '003-answered-by-participant': answeredByParticipant,
    '005-room': room,
    '004-integrity': integrity,
    '006-presenter-pace': presenterPace,
    '007-open-text': openText(engine),
    '009-quiz': quiz,
  };
}
