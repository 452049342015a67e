// Replaced by the feature screen being built for issue 3.
export function ResultsRoute() {
  return null;
}
