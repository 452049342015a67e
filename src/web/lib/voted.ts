/**
 * The "vote sent" flag, per slug in sessionStorage (a reload of the tab shows the thanks). Apart
 * from the host secrets (storage.ts) so the vote page carries only this. Storage can be full,
 * disabled or hold garbage, so every access is guarded.
 *
 * The flag belongs to one run of the poll (its resetCount, issue 17): after the host resets the
 * votes, the same phone may vote in the next run. The stored value is the run + 1, so the first
 * run's flag is '1' as it always was.
 */
const VOTED_PREFIX = 'sondeo:voted:';

export function hasVoted(slug: string, run: number): boolean {
  try {
    return sessionStorage.getItem(VOTED_PREFIX + slug) === String(run + 1);
  } catch {
    return false;
  }
}

export function markVoted(slug: string, run: number): void {
  try {
    sessionStorage.setItem(VOTED_PREFIX + slug, String(run + 1));
  } catch {
    // The server still refuses a second vote when oneVotePerQuestion is on.
  }
}
