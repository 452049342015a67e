/**
 * The shape of a co-host link's secret (issue 28), without zod: the web app reads it on every
 * screen that takes a secret from a link's `#` fragment.
 */
export const COHOST_SCOPES = ['moderate', 'present', 'results'] as const;
export type CohostScope = (typeof COHOST_SCOPES)[number];

/** Characters of a link's label ('Ana (moderación)'). */
export const COHOST_LABEL_MAX = 60;

/**
 * A link's secret is `{scope}.{32 random bytes, base64url}`: the prefix lets the browser know
 * which screen the link opens without asking, and lets the server tell it from a presenter code
 * (base64url, never a dot) without a database read. The server never trusts the prefix: the
 * scope it applies is the one stored with the link.
 */
export function scopeOfSecret(secret: string): CohostScope | null {
  const dot = secret.indexOf('.');
  if (dot < 0) return null;
  const prefix = secret.slice(0, dot);
  return (COHOST_SCOPES as readonly string[]).includes(prefix) ? (prefix as CohostScope) : null;
}
