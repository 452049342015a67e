import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { type Poll, SLUG_PATTERN, type Summary } from '../../contract/index.ts';
import { defaultMessages } from '../domain/errors.ts';
import { resultsOpenToAll } from '../domain/tally.ts';
import type { LiveCache } from '../live/cache.ts';
import type { ReadCost } from './read-cost.ts';

import type { RouteConfig } from './route.ts';
import { type Asset, REVALIDATE, sendAsset, variant } from './web-assets.ts';

/** What dist/server/entry-server.js exports (built from src/web/entry-server.tsx). */
type ServerFailure = { status: number; statusText: string; message: string; code: string };
type ParticipantData =
  | { kind: 'vote'; slug: string; poll: Poll | ServerFailure }
  | { kind: 'results'; slug: string; summary: Summary | ServerFailure };
interface EntryServer {
  renderParticipantPage(
    pathname: string,
    data: ParticipantData,
  ): { html: string; state: string; title: string };
}

type Kind = ParticipantData['kind'];

/** What one page read may build, and what building cost it (http/read-cost.ts). */
interface Bill {
  mayBuild: boolean;
  owed: number;
}

/**
 * A poll (or summary) whose JSON is longer than this is not rendered on the server: its page is
 * the client app, which reads the poll from the API. A render holds the event loop in one piece
 * for ~8 ms plus ~0.2 ms per KB (a 100 × 50 poll at the maxima, 760 KB: ~200 ms, and 4 MB of
 * HTML for a phone). 80 KB (~20 ms) is ten questions of fifty long options, far above a
 * classroom's poll (twenty questions of eight options: ~15 KB).
 */
const RENDER_JSON_MAX = 80 * 1024;

/** Rendered pages kept per poll (and per change of it): a room of phones costs one render. */
const MAX_RENDERED_PAGES = 500;
/** Without a budget given: as the live cache's default (LIVE_CACHE_MB). */
const DEFAULT_RENDERED_BYTES = 32 * 1024 * 1024;
/** A page bigger than this share of the budget is rendered for each request, never kept. */
const LARGEST_SHARE = 4;

const NOT_FOUND: ServerFailure = {
  status: 404,
  statusText: 'Not Found',
  message: defaultMessages.POLL_NOT_FOUND,
  code: 'POLL_NOT_FOUND',
};
const PRIVATE: ServerFailure = {
  status: 403,
  statusText: 'Forbidden',
  message: defaultMessages.RESULTS_PRIVATE,
  code: 'RESULTS_PRIVATE',
};

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** The JS and CSS files `key` needs (itself and its static imports), minus what index.html loads. */
function preloads(manifest: Manifest, key: string): { js: string[]; css: string[] } {
  const closure = (start: string, into = { js: new Set<string>(), css: new Set<string>() }) => {
    const chunk = manifest[start];
    if (!chunk || into.js.has(chunk.file)) return into;
    into.js.add(chunk.file);
    for (const file of chunk.css ?? []) into.css.add(file);
    for (const next of chunk.imports ?? []) closure(next, into);
    return into;
  };
  const entry = closure('index.html');
  const page = closure(key);
  return {
    js: [...page.js].filter((file) => !entry.js.has(file)),
    css: [...page.css].filter((file) => !entry.css.has(file)),
  };
}

export interface ParticipantPages {
  register(app: FastifyInstance, fallback: Asset): void;
}

/**
 * /p/{slug} and /r/{slug} rendered on the server from the live cache, with the query cache in a
 * `<script type="application/json">` element (no inline script, so a CSP of script-src 'self'
 * holds) and the page's own chunks preloaded. null without dist/server: the pages are then the
 * client-rendered shell.
 */
export async function loadParticipantPages(
  webDir: string,
  index: Asset,
  cache: LiveCache,
  readCost: ReadCost,
  warn: (message: string, error: unknown) => void,
  /** Bytes of rendered pages kept (all encodings); LIVE_CACHE_MB in limits.ts. */
  maxBytes = DEFAULT_RENDERED_BYTES,
): Promise<ParticipantPages | null> {
  const entryFile = join(webDir, '../server/entry-server.js');
  if (!existsSync(entryFile)) return null;
  // Imported on the first page asked for, not at start (issue 29): React's server renderer and
  // the pages' components (1.2 MB of JavaScript) held ~10 MB of an idle server's ~110 MB, and a
  // server whose participants never open a page link (an API client, a host alone) never needs
  // them. The first page waits for the import once (~55 ms); a failed import is tried again.
  let entry: EntryServer | undefined;
  let loading: Promise<EntryServer> | undefined;
  const loadEntry = async (): Promise<EntryServer> => {
    loading ??= (import(pathToFileURL(entryFile).href) as Promise<EntryServer>).catch((error) => {
      loading = undefined;
      throw error;
    });
    entry = await loading;
    return entry;
  };
  const manifestFile = join(webDir, '.vite/manifest.json');
  const manifest: Manifest = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  const template = index.variants.identity.body.toString('utf8');
  const links = (kind: Kind) => {
    const { js, css } = preloads(
      manifest,
      kind === 'vote' ? 'app/vote-page.tsx' : 'app/results-page.tsx',
    );
    // What index.html already loads is left out: a stylesheet linked twice is applied again
    // at its second place, after the page's own, and its utilities then undo the page's
    // responsive ones (the results page's wide word cloud hidden by a second `.hidden`).
    const fresh = (file: string) => !template.includes(`/${file}"`);
    return [
      ...css.filter(fresh).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...js.filter(fresh).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ].join('');
  };
  const head = { vote: links('vote'), results: links('results') };

  function page(kind: Kind, pathname: string, data: ParticipantData): Asset {
    // The route awaits loadEntry() before any render.
    if (!entry) throw new Error('participant page rendered before its module loaded');
    const { html, state, title } = entry.renderParticipantPage(pathname, data);
    // Every part through a function, never as a replacement string: in one, user text holding
    // '$`', "$'" or '$&' pastes the template into itself (an answer 'me gusta $` mucho' once made
    // a results page with two doctypes, served to every viewer and cached).
    const body = template
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
      .replace('</head>', () => `${head[kind]}</head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${html}</div><script type="application/json" id="sondeo-state">${state}</script>`,
      );
    const raw = Buffer.from(body);
    return {
      type: 'text/html; charset=utf-8',
      cacheControl: REVALIDATE,
      variants: {
        identity: variant(raw, 'identity'),
        gzip: variant(gzipSync(raw, { level: 6 }), 'gzip'),
        br: variant(
          brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
          'br',
        ),
      },
    };
  }

  // Bounded by count and by bytes: pages of big polls (100 × 50, megabytes with their state)
  // read anonymously one after another must not grow memory without end.
  const rendered = new Map<
    string,
    { stamp: string; status: number; asset: Asset; bytes: number }
  >();
  let renderedBytes = 0;
  const drop = (key: string) => {
    const entry = rendered.get(key);
    if (!entry) return;
    rendered.delete(key);
    renderedBytes -= entry.bytes;
  };
  function remember(key: string, stamp: string, status: number, bill: Bill, make: () => Asset) {
    const hit = rendered.get(key);
    if (hit?.stamp === stamp) return hit;
    if (!bill.mayBuild) return undefined;
    const began = performance.now();
    const asset = make();
    // A 100 × 50 poll's page took ~200 ms to render and compress: the reader who caused it pays.
    bill.owed += performance.now() - began;
    const bytes = Object.values(asset.variants).reduce((sum, v) => sum + v.body.length, 0);
    const fresh = { stamp, status, asset, bytes };
    drop(key);
    if (bytes > maxBytes / LARGEST_SHARE) return fresh;
    rendered.set(key, fresh);
    renderedBytes += bytes;
    for (const oldest of rendered.keys()) {
      if (rendered.size <= MAX_RENDERED_PAGES && renderedBytes <= maxBytes) break;
      drop(oldest);
    }
    return fresh;
  }

  async function vote(slug: string, bill: Bill) {
    const pathname = `/p/${encodeURIComponent(slug)}`;
    if (!bill.mayBuild && !cache.pollFresh(slug)) return undefined;
    const { snapshot: poll, builtMs } = await cache.pollPaid(slug);
    bill.owed += builtMs;
    // A made-up slug is not remembered (it would fill the map), as in the cache itself.
    if (!poll)
      return {
        status: 404,
        asset: page('vote', pathname, { kind: 'vote', slug, poll: NOT_FOUND }),
      };
    if (poll.json.length > RENDER_JSON_MAX) return undefined;
    return remember(`p:${slug}`, String(poll.version), 200, bill, () =>
      page('vote', pathname, { kind: 'vote', slug, poll: poll.view }),
    );
  }

  async function results(slug: string, bill: Bill) {
    const pathname = `/r/${encodeURIComponent(slug)}`;
    const data = (summary: Summary | ServerFailure): ParticipantData => ({
      kind: 'results',
      slug,
      summary,
    });
    // Permission on the poll row first: a private poll's page caches nothing of the poll.
    const row = await cache.pollRow(slug);
    if (!row) return { status: 404, asset: page('results', pathname, data(NOT_FOUND)) };
    // Only what anyone may see: private results render the 403 state, never counts.
    if (!resultsOpenToAll(row)) {
      return remember(`r:${slug}`, `private:${row.updatedAt.getTime()}`, 403, bill, () =>
        page('results', pathname, data(PRIVATE)),
      );
    }
    if (!bill.mayBuild && !(cache.pollFresh(slug) && cache.summaryFresh(slug))) return undefined;
    const { snapshot: poll, builtMs: pollMs } = await cache.pollPaid(slug);
    bill.owed += pollMs;
    if (!poll) return { status: 404, asset: page('results', pathname, data(NOT_FOUND)) };
    const { snapshot: summary, builtMs: summaryMs } = await cache.summaryPaid(slug);
    bill.owed += summaryMs;
    if (!summary) return { status: 404, asset: page('results', pathname, data(NOT_FOUND)) };
    if (summary.audience.json.length > RENDER_JSON_MAX) return undefined;
    return remember(`r:${slug}`, `${poll.version}:${summary.version}`, 200, bill, () =>
      // The audience's view: no counts of a question the host hid.
      page('results', pathname, data(summary.audience.summary)),
    );
  }

  return {
    register(app, fallback) {
      for (const [prefix, render] of [
        ['/p/', vote],
        ['/r/', results],
      ] as const) {
        // Reads take from the address's read bucket (http/rate-limits.ts), as the API's do.
        const config = { bucket: 'read' } satisfies RouteConfig as FastifyContextConfig;
        app.get<{ Params: { slug: string } }>(
          `${prefix}:slug`,
          { config },
          async (request, reply) => {
            // A slug the generator cannot have made names no poll: the client app's shell as a
            // 404, so nothing of the address comes back in the page (not even in its state).
            if (!SLUG_PATTERN.test(request.params.slug)) {
              return sendAsset(request, reply, fallback, 404);
            }
            try {
              // What this read makes the server build, it pays; an address in debt, or a poll
              // too big to render in one piece, gets the client-rendered app instead (its API
              // reads are limited alike).
              const bill: Bill = { mayBuild: readCost.wait(request.ip) <= 0, owed: 0 };
              if (!entry) await loadEntry();
              const answer = await render(request.params.slug, bill);
              readCost.charge(request.ip, bill.owed);
              if (!answer) return sendAsset(request, reply, fallback);
              return sendAsset(request, reply, answer.asset, answer.status);
            } catch (error) {
              // A page that cannot render (the database is down…) is still the client app, which
              // shows what it can and retries.
              warn('participant page render failed', error);
              return sendAsset(request, reply, fallback);
            }
          },
        );
      }
    },
  };
}
