// Replaced by the feature screen being built for issue 3.
export function VoteRoute() {
  return null;
}
