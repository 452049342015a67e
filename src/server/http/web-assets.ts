import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Vite's hashed file names change with their content, so they can be cached for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the pages name the current assets: always revalidate them. */
export const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

export type Encoding = 'br' | 'gzip' | 'identity';

export interface Variant {
  body: Buffer;
  etag: string;
}

/** One file of the build, with its precompressed copies, held in memory. */
export interface Asset {
  type: string;
  cacheControl: string;
  variants: Partial<Record<Encoding, Variant>> & { identity: Variant };
}

export function variant(body: Buffer, encoding: Encoding): Variant {
  const hash = createHash('sha1').update(body).digest('base64url').slice(0, 22);
  return { body, etag: `"${hash}${encoding === 'identity' ? '' : `-${encoding}`}"` };
}

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Reads the whole build once, at start: a request then costs a Map lookup, where @fastify/static
 * stat()ed and read the directory per request (the join wave's main cost in a profile). The build
 * is a few hundred KB; it does not change while the server runs (a new build means a restart).
 * Vite's manifest and anything hidden stay private; source maps are not in dist/web at all.
 */
export function loadAssets(webDir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!existsSync(webDir)) return assets;
  for (const path of files(webDir)) {
    const rel = relative(webDir, path).replaceAll('\\', '/');
    if (rel.startsWith('.') || rel.includes('/.') || /\.(br|gz|map)$/.test(rel)) continue;
    const read = (suffix: string) =>
      existsSync(path + suffix) ? readFileSync(path + suffix) : undefined;
    const br = read('.br');
    const gz = read('.gz');
    const asset: Asset = {
      type: TYPES[extname(rel)] ?? 'application/octet-stream',
      cacheControl: rel.startsWith('assets/') ? IMMUTABLE : REVALIDATE,
      variants: { identity: variant(readFileSync(path), 'identity') },
    };
    if (br) asset.variants.br = variant(br, 'br');
    if (gz) asset.variants.gzip = variant(gz, 'gzip');
    assets.set(`/${rel}`, asset);
  }
  return assets;
}

/** Whether Accept-Encoding lists `coding` with a q above 0. */
function accepts(header: string, coding: string): boolean {
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== coding) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * Brotli when accepted (browsers ask for it over https only), gzip otherwise (a phone on a
 * classroom LAN over plain http), the plain bytes for a client that accepts neither.
 */
export function pickEncoding(
  header: string | undefined,
  available: Partial<Record<Encoding, unknown>>,
): Encoding {
  if (!header) return 'identity';
  if (available.br && accepts(header, 'br')) return 'br';
  if (available.gzip && accepts(header, 'gzip')) return 'gzip';
  return 'identity';
}

/** If-None-Match holds the tag, or `*`. */
function matches(header: string | undefined, etag: string): boolean {
  return !!header && header.split(',').some((t) => t.trim() === '*' || t.trim() === etag);
}

/** Sends one file in the encoding the client accepts, 304 when it already has it. */
export function sendAsset(
  request: FastifyRequest,
  reply: FastifyReply,
  asset: Asset,
  status = 200,
) {
  const encoding = pickEncoding(request.headers['accept-encoding'], asset.variants);
  const chosen = asset.variants[encoding] ?? asset.variants.identity;
  reply
    .header('content-type', asset.type)
    .header('cache-control', asset.cacheControl)
    .header('vary', 'Accept-Encoding')
    .header('etag', chosen.etag);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  if (status === 200 && matches(request.headers['if-none-match'], chosen.etag)) {
    return reply.code(304).send();
  }
  return reply.code(status).send(chosen.body);
}
