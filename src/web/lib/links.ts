import { scopeOfSecret } from '../../contract/cohost-secret.ts';

/** Absolute links of a poll; `origin` is PUBLIC_URL when the server has one, else the page's. */
export function participantUrl(origin: string, slug: string): string {
  return `${origin.replace(/\/$/, '')}/p/${encodeURIComponent(slug)}`;
}

export function resultsUrl(origin: string, slug: string): string {
  return `${origin.replace(/\/$/, '')}/r/${encodeURIComponent(slug)}`;
}

/** The presenter view, opened on the projector's browser (same origin as the page). */
export function presenterPath(slug: string): string {
  return `/present/${encodeURIComponent(slug)}`;
}

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** The fragment key of a presenter link: `/host/{slug}#codigo=…`. */
const CODE_KEY = 'codigo';

/**
 * The panel's URL with the presenter code in the fragment: a fragment never reaches a server, a
 * log or a Referer, so the link unlocks the panel on another device without leaking the code.
 */
export function presenterLink(origin: string, slug: string, code: string): string {
  return `${origin.replace(/\/$/, '')}/host/${encodeURIComponent(slug)}#${CODE_KEY}=${encodeURIComponent(code)}`;
}

/** The code a presenter link carries in `hash` (`#codigo=…`), or a co-host link's own secret
 *  (`#moderate.…`, issue 28), if any. */
export function codeFromFragment(hash: string): string | null {
  const fragment = hash.replace(/^#/, '').trim();
  if (scopeOfSecret(fragment) !== null) return fragment;
  const code = new URLSearchParams(fragment).get(CODE_KEY)?.trim();
  return code ? code : null;
}

/**
 * Navigation state that tells the host panel a poll was just created or duplicated here, so it
 * shows the presenter code once (the create form and the duplicate action set it).
 */
export const NEW_CODE_STATE = { newPresenterCode: true } as const;

export function isNewCodeState(state: unknown): boolean {
  return !!state && typeof state === 'object' && 'newPresenterCode' in state;
}
