import { afterAll, beforeAll } from 'vitest';
import { type RunningServer, startServer } from '../helpers/server-process.ts';

/**
 * A real server process started with `env` and one poll ('Conexiones') for a file's tests,
 * stopped after them: the set-up the socket and connection-cap files shared.
 */
export function setUpServerWithPoll(env: Record<string, string>): {
  server: RunningServer;
  slug: string;
} {
  const shared = {} as { server: RunningServer; slug: string };
  beforeAll(async () => {
    shared.server = await startServer({ env });
    const res = await fetch(`${shared.server.url}/api/v1/polls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Conexiones' }),
    });
    shared.slug = ((await res.json()) as { slug: string }).slug;
  }, 30_000);
  afterAll(() => shared.server?.stop());
  return shared;
}
