import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { Poll, QuestionType, ScaleInput, Settings } from '../../../src/contract/poll.ts';
import { browserAt } from '../../helpers/browser.ts';
import { type RunningServer, startServer } from '../../helpers/server-process.ts';

/** Where the web app keeps host secrets (src/web/lib/storage.ts): one map slug → secret. */
export const HOST_SECRETS_KEY = 'sondeo:host-secrets';

export type Viewport = { width: number; height: number };
export type HostKey = { slug: string; secret: string };

type ApiInit = { method?: string; body?: unknown; secret?: string };

export type SeedQuestion = {
  text: string;
  type?: QuestionType;
  options?: readonly string[];
  /** A scale question's range and end labels. */
  scale?: ScaleInput;
};
export type SeedPoll = {
  title: string;
  settings?: Partial<Settings>;
  questions?: readonly SeedQuestion[];
  /** Where the poll ends up; it goes through open on its way to closed, as the panel does. */
  status?: Poll['status'];
};
export type Seeded = HostKey & { poll: Poll };

export type AppUnderTest = {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A separate person: own cookies, localStorage and sessionStorage. `hostOf` stores a secret. */
  newContext(viewport: Viewport, hostOf?: HostKey): Promise<BrowserContext>;
  newPage(viewport: Viewport, hostOf?: HostKey): Promise<Page>;
  /** A call as the host (with `secret`) or as a new participant (no cookie) would make it. */
  api<T>(path: string, init?: ApiInit): Promise<T>;
  /** A poll made through the API, so a scenario starts where it has something to test. */
  seedPoll(seed: SeedPoll): Promise<Seeded>;
  setStatus(key: HostKey, status: Poll['status']): Promise<Poll>;
};

/**
 * One real server (temporary SQLite file) per test file and a connection to the project's
 * Chromium (global-setup.ts), started before the file's tests and stopped after them. Contexts
 * close after each test unless `keepContexts` (a file whose tests follow one story, e.g. the same
 * voter coming back).
 */
// Not named use…: Biome would take it for a React hook. It registers Vitest hooks instead.
export function setUpAppUnderTest({
  keepContexts = false,
  env,
}: {
  keepContexts?: boolean;
  /** The server's environment beyond the defaults (rate limits are off unless RATE_LIMITS=on). */
  env?: Record<string, string>;
} = {}): AppUnderTest {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ env, compiled: inject('compiledServer') }),
      browserAt(inject('chromiumEndpoint')),
    ]);
  });
  afterEach(async () => {
    if (!keepContexts) await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    await browser?.close();
    await server?.stop();
  });

  const running = () => {
    if (!server || !browser) throw new Error('setUpAppUnderTest: used before beforeAll ran');
    return { server, browser };
  };

  const app: AppUnderTest = {
    get server() {
      return running().server;
    },
    get browser() {
      return running().browser;
    },
    async newContext(viewport, hostOf) {
      const context = await running().browser.newContext({
        viewport,
        locale: 'es-ES',
        acceptDownloads: true,
      });
      contexts.push(context);
      if (hostOf) {
        // Added, never overwritten: a duplicate's own secret must survive a reload.
        await context.addInitScript(
          ([key, slug, secret]) => {
            const map = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, string>;
            if (!map[slug]) localStorage.setItem(key, JSON.stringify({ ...map, [slug]: secret }));
          },
          [HOST_SECRETS_KEY, hostOf.slug, hostOf.secret] as const,
        );
      }
      return context;
    },
    async newPage(viewport, hostOf) {
      const page = await (await app.newContext(viewport, hostOf)).newPage();
      page.setDefaultTimeout(10_000);
      return page;
    },
    async api<T>(path: string, init: ApiInit = {}) {
      const response = await fetch(`${running().server.url}/api/v1${path}`, {
        method: init.method ?? 'GET',
        headers: {
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.secret ? { 'x-host-secret': init.secret } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    async seedPoll({ title, settings, questions = [], status = 'draft' }) {
      const created = await app.api<{ slug: string; host_secret: string }>('/polls', {
        method: 'POST',
        body: settings ? { title, settings } : { title },
      });
      const key = { slug: created.slug, secret: created.host_secret };
      for (const [index, q] of questions.entries()) {
        await app.api(`/polls/${key.slug}/questions`, {
          method: 'POST',
          secret: key.secret,
          body: {
            text: q.text,
            type: q.type ?? 'single',
            options: (q.options ?? []).map((text) => ({ text })),
            ordinal: index + 1,
            ...(q.scale && { scale: q.scale }),
          },
        });
      }
      if (status !== 'draft') await app.setStatus(key, 'open');
      if (status === 'closed') await app.setStatus(key, 'closed');
      return { ...key, poll: await app.api<Poll>(`/polls/${key.slug}`) };
    },
    setStatus({ slug, secret }, status) {
      return app.api<Poll>(`/polls/${slug}`, { method: 'PATCH', secret, body: { status } });
    },
  };
  return app;
}
