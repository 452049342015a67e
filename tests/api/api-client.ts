import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { PARTICIPANT_COOKIE } from '../../src/contract/index.ts';
import { type AppConfig, buildApp } from '../../src/server/app.ts';
import type { PollEvents } from '../../src/server/domain/events.ts';
import { RATE_LIMITS_OFF } from '../../src/server/limits.ts';
import type { Live } from '../../src/server/live/live.ts';
import { openSqliteStore } from '../../src/server/store/sqlite.ts';
import type { PollStore } from '../../src/server/store/store.ts';
import type { SseStream } from '../helpers/sse-client.ts';

/** An app on its own temporary SQLite file (a real file, WAL and all), driven by inject. */
export async function testApp(
  options: {
    config?: Partial<AppConfig>;
    events?: PollEvents;
    /** A Live the test makes itself (to set its timings); closed after the app. */
    live?: (store: PollStore) => Live;
  } = {},
): Promise<{ app: FastifyInstance; store: PollStore; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'sondeo-api-'));
  const store = await openSqliteStore(join(dir, 'sondeo.db'));
  const live = options.live?.(store);
  const app = await buildApp({
    store,
    // Limits off unless a test asks for them: tests make many polls from one address.
    config: { port: 3000, webDir: null, rateLimits: RATE_LIMITS_OFF, ...options.config },
    events: options.events,
    live,
  });
  await app.ready();
  return {
    app,
    store,
    close: async () => {
      await app.close();
      live?.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A temporary built-web-app folder (index.html, one hashed asset, then `extra` files) to serve. */
export function tempWebDir(extra: Record<string, string | Uint8Array> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'sondeo-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Sondeo</title>');
  writeFileSync(join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
  for (const [name, content] of Object.entries(extra)) writeFileSync(join(dir, name), content);
  return dir;
}

/** What `setUpTestApp` fills in before a file's tests: the app, its store, a host client, its URL. */
export interface SharedTestApp {
  app: FastifyInstance;
  store: PollStore;
  host: Client;
  /** Only with `listen: true`: the address it listens on (http://127.0.0.1:port, no path). */
  base: string;
  /** Only with `listen: true`: `base` + '/api/v1', for tests that fetch the API themselves. */
  apiUrl: string;
}

/** One app per test file, made before its tests and closed after them: the hooks every file repeated. */
export function setUpTestApp(
  options: Parameters<typeof testApp>[0] & { listen?: boolean } = {},
): SharedTestApp {
  const { listen, ...appOptions } = options;
  const shared = {} as SharedTestApp;
  let close: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const made = await testApp(appOptions);
    close = made.close;
    Object.assign(shared, { app: made.app, store: made.store, host: new Client(made.app) });
    if (!listen) return;
    shared.base = await made.app.listen({ port: 0, host: '127.0.0.1' });
    shared.apiUrl = `${shared.base}/api/v1`;
  });
  afterAll(() => close());
  return shared;
}

/** The streams a test file opens, all closed after its tests: the afterAll hook files repeated. */
export function streamsClosedAfterAll(): SseStream[] {
  const streams: SseStream[] = [];
  afterAll(() => {
    for (const stream of streams) stream.close();
  });
  return streams;
}

/** Response bodies as tests read them: asserting on shapes is the test's job, not the type's. */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Json = any;

export interface Res<T = Json> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A browser-like client: keeps the participant cookie it is given, like a cookie jar. */
export class Client {
  cookie: string | undefined;
  constructor(private readonly app: FastifyInstance) {}

  async call(
    method: Method,
    url: string,
    options: { body?: unknown; secret?: string; headers?: Record<string, string> } = {},
  ): Promise<Res> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.secret !== undefined) headers['x-host-secret'] = options.secret;
    if (this.cookie) headers.cookie = `${PARTICIPANT_COOKIE}=${this.cookie}`;
    const res = await this.app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(options.body !== undefined && { payload: options.body as object }),
    });
    const set = res.cookies.find((c) => c.name === PARTICIPANT_COOKIE);
    if (set) this.cookie = set.value;
    return {
      status: res.statusCode,
      body: res.body ? safeJson(res.body) : undefined,
      headers: res.headers,
    };
  }

  get = (url: string, o?: { secret?: string }) => this.call('GET', url, o);
  post = (
    url: string,
    body?: unknown,
    o: { secret?: string; headers?: Record<string, string> } = {},
  ) => this.call('POST', url, { ...o, body });
  put = (url: string, body: unknown, o: { secret?: string } = {}) =>
    this.call('PUT', url, { ...o, body });
  patch = (url: string, body: unknown, o: { secret?: string } = {}) =>
    this.call('PATCH', url, { ...o, body });
  delete = (url: string, o: { secret?: string } = {}) => this.call('DELETE', url, o);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface HostedPoll {
  slug: string;
  secret: string;
  body: Json;
}

export async function createPoll(
  client: Client,
  body: Record<string, unknown> = { title: 'Encuesta de prueba' },
): Promise<HostedPoll> {
  const res = await client.post('/polls', body);
  if (res.status !== 201) throw new Error(`createPoll: ${res.status} ${JSON.stringify(res.body)}`);
  return { slug: res.body.slug, secret: res.body.host_secret, body: res.body };
}

export async function addQuestion(
  client: Client,
  poll: HostedPoll,
  body: Record<string, unknown>,
): Promise<Json> {
  const res = await client.post(`/polls/${poll.slug}/questions`, body, { secret: poll.secret });
  if (res.status !== 201) throw new Error(`addQuestion: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The ballot URL of a poll, as the vote tests post to it. */
export const votes = (slug: string) => `/polls/${slug}/votes`;

/** One answer of a ballot: the options at `indexes` of question `q` (as the API returned it). */
export const answer = (q: Json, ...indexes: number[]) => ({
  questionId: q.id,
  optionIds: indexes.map((i) => q.options[i].id),
});

export async function setStatus(client: Client, poll: HostedPoll, status: string): Promise<Res> {
  return client.patch(`/polls/${poll.slug}`, { status }, { secret: poll.secret });
}

/**
 * An open poll with a yes/no and a multiple question (A, B, C), as in the "Done when" scenario.
 */
export async function openPollWithQuestions(
  client: Client,
  settings: Record<string, boolean> = {},
): Promise<{ poll: HostedPoll; yesno: Json; multi: Json }> {
  const poll = await createPoll(client, { title: 'Clase', settings });
  const yesno = await addQuestion(client, poll, { text: '¿Te gustó?', type: 'yesno' });
  const multi = await addQuestion(client, poll, {
    text: '¿Qué temas?',
    type: 'multiple',
    options: [{ text: 'A' }, { text: 'B' }, { text: 'C' }],
  });
  const opened = await setStatus(client, poll, 'open');
  if (opened.status !== 200) throw new Error(`open: ${opened.status}`);
  return { poll, yesno, multi };
}
