import type { Migration } from 'kysely';
import { initial } from './001-initial.ts';
import { counters } from './002-counters.ts';
import { answeredByParticipant } from './003-answered-by-participant.ts';
import { integrity } from './004-integrity.ts';
import { room } from './005-room.ts';
import { presenterPace } from './006-presenter-pace.ts';
import { openText } from './007-open-text.ts';
import { blockedWords } from './008-blocked-words.ts';
import { panelResetCount } from './008-panel-reset-count.ts';
import { quiz } from './009-quiz.ts';
import { issuedIds } from './010-issued-ids.ts';
import { qa } from './012-qa.ts';
import { strictFilter } from './013-strict-filter.ts';
import { seatedBallots } from './014-seated-ballots.ts';
import { setAside } from './015-set-aside.ts';
import { participantCount } from './016-participant-count.ts';
import { qaSources } from './017-qa-sources.ts';
import { cohosts } from './018-cohosts.ts';
import { rankingNumber } from './019-ranking-number.ts';
import { afterTheVote } from './020-after-the-vote.ts';
import { rounds } from './021-rounds.ts';
import { homework } from './022-homework.ts';
import { nicknameKeyVersion } from './023-nickname-key-version.ts';
import { participantNumbers } from './024-participant-numbers.ts';
import { ballotRowsUnchecked } from './025-ballot-rows-unchecked.ts';

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
    '008-blocked-words': blockedWords,
    '010-issued-ids': issuedIds,
    '012-qa': qa(engine),
    '008-panel-reset-count': panelResetCount,
    '009-quiz': quiz,
    '013-strict-filter': strictFilter,
    '014-seated-ballots': seatedBallots,
    '015-set-aside': setAside,
    '016-participant-count': participantCount,
    '017-qa-sources': qaSources,
    '018-cohosts': cohosts(engine),
    '019-ranking-number': rankingNumber,
    '020-after-the-vote': afterTheVote,
    '021-rounds': rounds,
    '022-homework': homework,
    '023-nickname-key-version': nicknameKeyVersion,
    '024-participant-numbers': participantNumbers(engine),
    '025-ballot-rows-unchecked': ballotRowsUnchecked(engine),
  };
}
