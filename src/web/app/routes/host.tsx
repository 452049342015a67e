// Replaced by the feature screen being built for issue 3.
export function HostRoute() {
  return null;
}
