import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { PARTICIPANT_COOKIE } from '../../src/contract/index.ts';
import { type AppConfig, buildApp } from '../../src/server/app.ts';
import { ParticipantIds } from '../../src/server/http/participant.ts';
import { RATE_LIMITS_OFF } from '../../src/server/limits.ts';
import { openSqliteStore } from '../../src/server/store/sqlite.ts';
import type { PollStore } from '../../src/server/store/store.ts';

/**
 * The setup of the suites that play a poll over real HTTP as its host and as named players (a
 * quiz, homework, results after the vote): one app per file, listening, on its own temporary
 * SQLite file, made before the file's tests and closed after them.
 */
export interface PlayersApp {
  app: FastifyInstance;
  store: PollStore;
  /** Where the app listens: http://127.0.0.1:port, no path. */
  root: string;
  /** `root` + '/api/v1', where `call` goes; a test may point it at another app for a while. */
  base: string;
  /** The key the app signs participant ids with (another app of the test may share it). */
  secretKey: string;
  /** The participant cookie of player `name`: the same signed id each time for one name. */
  cookieOf(name: string): string;
  /** One API call: JSON in and out, as the host (`secret`) or as a named player (`player`). */
  call(
    method: string,
    path: string,
    body?: unknown,
    who?: { secret?: string; player?: string },
  ): Promise<{ status: number; text: string; body: Json }>;
  /** Builds the app again on the same store and listens: a restart, once the test closed `app`. */
  start(): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted by the tests
type Json = any;

/** `dirPrefix` names the temporary folder; `config` is added to the app's (limits off). */
export function playersApp(dirPrefix: string, config: Partial<AppConfig> = {}): PlayersApp {
  const secretKey = randomBytes(32).toString('hex');
  const signer = new ParticipantIds(secretKey);
  const ids = new Map<string, string>();
  let dir = '';
  const shared = {
    secretKey,
    cookieOf(name: string) {
      if (!ids.has(name)) ids.set(name, signer.issue());
      return `${PARTICIPANT_COOKIE}=${ids.get(name)}`;
    },
    async call(method, path, body, who = {}) {
      const res = await fetch(`${shared.base}${path}`, {
        method,
        headers: {
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...(who.secret && { 'x-host-secret': who.secret }),
          ...(who.player && { cookie: shared.cookieOf(who.player) }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, text, body: text ? JSON.parse(text) : null };
    },
    async start() {
      shared.app = await buildApp({
        store: shared.store,
        config: { port: 0, webDir: null, secretKey, rateLimits: RATE_LIMITS_OFF, ...config },
      });
      shared.root = await shared.app.listen({ port: 0, host: '127.0.0.1' });
      shared.base = `${shared.root}/api/v1`;
    },
  } as PlayersApp;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), dirPrefix));
    shared.store = await openSqliteStore(join(dir, 'sondeo.db'));
    await shared.start();
  });
  afterAll(async () => {
    await shared.app?.close();
    await shared.store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return shared;
}
