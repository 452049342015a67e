/**
 * The "vote sent" flag, per slug in sessionStorage (a reload of the tab shows the thanks). Apart
 * from the host secrets (storage.ts) so the vote page carries only this. Storage can be full,
 * disabled or hold garbage, so every access is guarded.
 */
const VOTED_PREFIX = 'sondeo:voted:';

export function hasVoted(slug: string): boolean {
  try {
    return sessionStorage.getItem(VOTED_PREFIX + slug) === '1';
  } catch {
    return false;
  }
}

export function markVoted(slug: string): void {
  try {
    sessionStorage.setItem(VOTED_PREFIX + slug, '1');
  } catch {
    // The server still refuses a second vote when oneVotePerQuestion is on.
  }
}
