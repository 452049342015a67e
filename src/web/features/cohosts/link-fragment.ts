import { scopeOfSecret } from '../../../contract/cohost-secret.ts';
import { codeFromFragment } from '../../lib/links.ts';
import { getHostSecret, saveHostSecret } from '../../lib/storage.ts';

/**
 * A results link (`/r/{slug}#results.…`, issue 28) keeps its secret where the presenter code is
 * kept, so the results page sends it as it sends the code. Never over a presenter code this
 * browser holds: that one can do more. Returns whether the address holds a link to strip.
 */
export function keepLinkFromFragment(slug: string): boolean {
  if (typeof window === 'undefined') return false;
  const secret = codeFromFragment(window.location.hash);
  if (!secret || scopeOfSecret(secret) === null) return false;
  const held = getHostSecret(slug);
  if (!(held && scopeOfSecret(held) === null)) saveHostSecret(slug, secret);
  return true;
}
