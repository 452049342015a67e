import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { DEFAULT_LIMITS } from '../../src/server/limits.ts';
import { openStore } from '../../src/server/store/open-store.ts';
import type { PollStore } from '../../src/server/store/store.ts';
import { schemaUrl, testPostgres } from '../helpers/services.ts';
import { Client, type Json } from './api-client.ts';

/** Issue 28's API tests run on both engines: the import writes a whole poll in one transaction. */
const { available: pgOk, schemas } = await testPostgres();
afterAll(() => schemas.dropAll());

export const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../fixtures/poll-files', name));
export const asFile = (name: string) => ({
  file: fixture(name).toString('base64'),
  fileName: name,
});

type Open = () => Promise<{ store: PollStore; cleanup: () => void }>;

export const engines: [string, boolean, Open][] = [
  [
    'SQLite',
    true,
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'sondeo-files-'));
      const store = await openStore({ database: { kind: 'sqlite', file: join(dir, 'x.db') } });
      return { store, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'PostgreSQL',
    pgOk,
    async () => {
      const url = schemaUrl(schemas.next());
      const store = await openStore({ database: { kind: 'postgres', url } });
      return { store, cleanup: () => {} };
    },
  ],
];

/** The store with its createPoll calls counted: a refused file must never reach it. */
export type CountedStore = PollStore & { created: number };
function counted(store: PollStore): CountedStore {
  const target = store as CountedStore;
  target.created = 0;
  const create = store.createPoll.bind(store);
  target.createPoll = (input) => {
    target.created++;
    return create(input);
  };
  return target;
}

export interface FilesApp {
  app: FastifyInstance;
  store: CountedStore;
  client: Client;
  importFile: (body: Record<string, unknown>, headers?: Record<string, string>) => Promise<Json>;
  /** The imported poll as its host sees it. */
  hostView: (res: Json) => Promise<Json>;
  /** Questions as `{type, text, options ('*' before correct ones; a scale's max), time}`. */
  brief: (poll: Json) => Json[];
}

/** An app on `open`'s store for one describe block, with small import limits to test. */
export function setUpFilesApp(available: boolean, open: Open): FilesApp {
  const t = {} as FilesApp;
  let cleanup: () => void = () => {};
  beforeAll(async () => {
    if (!available) return;
    const opened = await open();
    cleanup = opened.cleanup;
    t.store = counted(opened.store);
    t.app = await buildApp({
      store: t.store,
      config: {
        port: 3000,
        webDir: null,
        rateLimits: {
          enabled: true,
          limits: {
            ...DEFAULT_LIMITS,
            POLL_CREATE_BURST: 1000,
            IMPORT_FILE_MAX_BYTES: 64 * 1024,
            IMPORT_UNZIPPED_MAX_BYTES: 1024 * 1024,
            IMPORT_QUESTIONS_MAX: 30,
          },
        },
      },
    });
    await t.app.ready();
    t.client = new Client(t.app);
  });
  afterAll(async () => {
    if (!available) return;
    await t.app.close();
    await t.store.close();
    cleanup();
  });
  t.importFile = (body, headers) => t.client.post('/polls/import', body, { headers });
  t.hostView = async (res) =>
    (await t.client.get(`/polls/${res.body.slug}`, { secret: res.body.host_secret })).body;
  t.brief = (poll) =>
    poll.questions.map((q: Json) => ({
      type: q.type,
      text: q.text,
      options:
        q.type === 'scale'
          ? q.scale.max
          : q.options.map((o: Json) => `${o.correct ? '*' : ''}${o.text}`),
      time: q.timeLimitSeconds,
    }));
  return t;
}
