// Bytes a browser downloads to open a page of the built app: the HTML the server answers and
// every script and stylesheet it loads (modulepreloads, and the static imports of each script).
// Measured through the real server (in-memory build, server rendering) on a sample poll.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { openSqliteStore } from '../src/server/store/sqlite.ts';

export type Encoding = 'gzip' | 'br';
export type RouteBytes = { files: { path: string; bytes: number }[]; total: number };

/** A poll like a class's: three questions, one of each type, open. */
async function samplePoll(app: FastifyInstance): Promise<string> {
  const call = async (method: 'POST' | 'PATCH', url: string, payload: object, secret?: string) => {
    const res = await app.inject({
      method,
      url: `/api/v1${url}`,
      payload,
      headers: secret ? { 'x-host-secret': secret } : {},
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const poll = await call('POST', '/polls', {
    title: 'Evaluación de la clase de hoy',
    settings: { oneVotePerQuestion: true, resultsPublic: true },
  });
  const questions = [
    ['¿Qué tan clara fue la explicación?', 'single', ['Muy clara', 'Clara', 'Confusa']],
    ['¿Qué temas quieres repasar?', 'multiple', ['Derivadas', 'Integrales', 'Límites', 'Series']],
    ['¿Te gustaría una sesión extra?', 'yesno', []],
  ] as const;
  for (const [index, [text, type, options]] of questions.entries()) {
    await call(
      'POST',
      `/polls/${poll.slug}/questions`,
      {
        text,
        type,
        ordinal: index + 1,
        options: options.map((t, i) => ({ text: t, ordinal: i + 1 })),
      },
      poll.host_secret,
    );
  }
  await call('PATCH', `/polls/${poll.slug}`, { status: 'open' }, poll.host_secret);
  return poll.slug;
}

const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];

/** Script and stylesheet URLs in the HTML's <script src> and <link> tags. */
function htmlResources(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    if (tag.startsWith('<script')) {
      const src = attribute(tag, 'src');
      if (src) found.push(src);
    } else if (/rel="(stylesheet|modulepreload)"/.test(tag)) {
      const href = attribute(tag, 'href');
      if (href) found.push(href);
    }
  }
  return found;
}

/** Static imports of a built module (`import … from"./x.js"`, `import"./x.js"`). */
function staticImports(code: string, from: string): string[] {
  const base = from.slice(0, from.lastIndexOf('/') + 1);
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+)["']/g)].map(
    (m) => base + (m[1] ?? '').slice(2),
  );
}

async function routeBytes(app: FastifyInstance, url: string, encoding: Encoding) {
  const get = (path: string, accept: string) =>
    app.inject({ method: 'GET', url: path, headers: { accept, 'accept-encoding': encoding } });
  const files: RouteBytes['files'] = [];
  const page = await get(url, 'text/html');
  files.push({ path: url, bytes: page.rawPayload.length });
  const plain = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const queue = htmlResources(plain.body);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const path = queue.shift() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    const res = await get(path, '*/*');
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode}`);
    files.push({ path, bytes: res.rawPayload.length });
    if (path.endsWith('.js')) {
      const code = (await app.inject({ method: 'GET', url: path })).body;
      queue.push(...staticImports(code, path));
    }
  }
  return { files, total: files.reduce((sum, f) => sum + f.bytes, 0) };
}

/** Bytes of /p/{slug} and /r/{slug} of the built app, per encoding. */
export async function measureRoutes(): Promise<Record<string, Record<Encoding, RouteBytes>>> {
  // The store's worker and the live cache's timers are unref'd (a server's socket keeps the
  // process up); this stands in for it.
  const alive = setInterval(() => {}, 1000);
  const dir = mkdtempSync(join(tmpdir(), 'sondeo-bytes-'));
  const store = await openSqliteStore(join(dir, 'sondeo.db'));
  const app = await buildApp({ store, config: { port: 0 } });
  try {
    const slug = await samplePoll(app);
    const result: Record<string, Record<Encoding, RouteBytes>> = {};
    for (const route of [`/p/${slug}`, `/r/${slug}`]) {
      const name = route.slice(0, 3);
      result[name] = {
        gzip: await routeBytes(app, route, 'gzip'),
        br: await routeBytes(app, route, 'br'),
      };
    }
    return result;
  } finally {
    await app.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    clearInterval(alive);
  }
}
