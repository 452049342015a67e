import type { ServerInfo } from '../../contract/routes.ts';
import { isLoopbackHost } from './links.ts';

export type PageLocation = { origin: string; hostname: string };

export type ShareOrigin = {
  /** The origin the shared links and the QR code use. */
  origin: string;
  /** True when the page runs on localhost with no PUBLIC_URL: phones cannot follow its links. */
  loopback: boolean;
  /** LAN addresses the host may pick from instead (empty unless `loopback`). */
  lanChoices: string[];
};

/**
 * PUBLIC_URL wins; otherwise the page's own origin, except on localhost, where a phone would
 * reach itself, so the server's LAN address is used instead (the one picked, else the first).
 */
export function resolveShareOrigin(
  info: ServerInfo | undefined,
  location: PageLocation,
  pickedLanUrl?: string | null,
): ShareOrigin {
  if (info?.publicUrl)
    return { origin: trimSlash(info.publicUrl), loopback: false, lanChoices: [] };
  if (!isLoopbackHost(location.hostname)) {
    return { origin: location.origin, loopback: false, lanChoices: [] };
  }
  const lanChoices = (info?.lanUrls ?? []).map(trimSlash);
  const picked = pickedLanUrl && lanChoices.includes(pickedLanUrl) ? pickedLanUrl : lanChoices[0];
  return { origin: picked ?? location.origin, loopback: true, lanChoices };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
