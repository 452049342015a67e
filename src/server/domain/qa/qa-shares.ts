import type { Limits } from '../../limits.ts';

/** Of the places left, the share one participant id may hold (a tenth of an address's). */
const PARTICIPANT_SHARE = 0.01;

/**
 * The fair shares of a poll's audience-question cap (issue 25): how many questions one address
 * (source) and one participant id may hold, given the places left. They shrink as the poll
 * fills, so many addresses asking as fast as they can stop well short of the cap and leave room
 * for everyone else: N addresses settle where each holds floor + share × (places left), which
 * for any N leaves a newcomer at least the floor, while the cap itself bounds disk.
 */
export function qaShares(
  limits: Pick<
    Limits,
    'QA_QUESTIONS_SOURCE_FLOOR' | 'QA_QUESTIONS_SOURCE_SHARE' | 'QA_QUESTIONS_PER_PARTICIPANT'
  >,
  placesLeft: number,
): { source: number; participant: number } {
  const left = Math.max(0, placesLeft);
  return {
    source: limits.QA_QUESTIONS_SOURCE_FLOOR + Math.floor(left * limits.QA_QUESTIONS_SOURCE_SHARE),
    participant: Math.min(
      limits.QA_QUESTIONS_PER_PARTICIPANT,
      1 + Math.floor(left * PARTICIPANT_SHARE),
    ),
  };
}
