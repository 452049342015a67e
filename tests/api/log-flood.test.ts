import { afterEach, describe, expect, it } from 'vitest';
import { cutOffBody } from '../helpers/cut-off-body.ts';
import { type RunningServer, startServer } from '../helpers/server-process.ts';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  server = undefined;
});

/** How long the flood lasts; the server's log may grow by a few KB in that time, not more. */
const FLOOD_MS = 4_000;
/** Sockets sending cut-off bodies at once. */
const SENDERS = 20;

describe('a flood of cut-off request bodies from one address', () => {
  it('is no database error and adds at most a few KB of log', async () => {
    server = await startServer();
    const created = await fetch(`${server.url}/api/v1/polls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Inundación de registros' }),
    });
    const { slug } = (await created.json()) as { slug: string };
    const logBefore = server.output().length;

    let sent = 0;
    const statuses = new Map<string, number>();
    const deadline = Date.now() + FLOOD_MS;
    await Promise.all(
      Array.from({ length: SENDERS }, async () => {
        while (Date.now() < deadline) {
          const status = await cutOffBody(server!.port, slug);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          sent++;
        }
      }),
    );
    // Whatever the server still had to log about them is out by now.
    await new Promise((r) => setTimeout(r, 300));
    const added = server.output().slice(logBefore);

    expect(sent).toBeGreaterThan(200);
    expect(added).not.toContain('database unavailable');
    expect(added).not.toContain('"stack"');
    expect([...statuses.keys()].some((s) => s.includes(' 503 '))).toBe(false);
    // A few KB a minute at most: over these seconds, under 4 KB.
    expect(Buffer.byteLength(added)).toBeLessThan(4 * 1024);
    // The server is fine: a real request still goes through.
    const health = await fetch(`${server.url}/api/v1/health`);
    expect(health.status).toBe(200);
  }, 30_000);
});
