/** Absolute links of a poll; `origin` is PUBLIC_URL when the server has one, else the page's. */
export function participantUrl(origin: string, slug: string): string {
  return `${origin.replace(/\/$/, '')}/p/${encodeURIComponent(slug)}`;
}

export function resultsUrl(origin: string, slug: string): string {
  return `${origin.replace(/\/$/, '')}/r/${encodeURIComponent(slug)}`;
}

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}
