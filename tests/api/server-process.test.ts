import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/server/store/sqlite.ts';
import { type RunningServer, startServer, tempDbFile } from '../helpers/server-process.ts';

const root = new URL('../..', import.meta.url).pathname;
let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  server = undefined;
});

async function api(path: string, init: { method?: string; body?: unknown; secret?: string } = {}) {
  const res = await fetch(`${server!.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
      ...(init.secret && { 'x-host-secret': init.secret }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

describe('the real server process', () => {
  it('serves over HTTP, stops on SIGTERM with exit 0, and every acknowledged vote is in the file', async () => {
    server = await startServer();
    expect(server.output()).toContain(`http://localhost:${server.port}/`);

    const created = await api('/polls', { method: 'POST', body: { title: 'Proceso real' } });
    expect(created.status).toBe(201);
    const { slug, host_secret: secret } = created.body;
    const question = await api(`/polls/${slug}/questions`, {
      method: 'POST',
      secret,
      body: { text: '¿Funciona?', type: 'yesno' },
    });
    expect(question.status).toBe(201);
    expect(
      (await api(`/polls/${slug}`, { method: 'PATCH', secret, body: { status: 'open' } })).status,
    ).toBe(200);

    const vote = (i: number) =>
      api(`/polls/${slug}/votes`, {
        method: 'POST',
        body: {
          answers: [{ questionId: question.body.id, optionIds: [question.body.options[i % 2].id] }],
        },
      }).catch(() => ({ status: 0, body: undefined }));

    // Concurrent votes, each from a new participant (no cookie sent back).
    const first = await Promise.all(Array.from({ length: 120 }, (_, i) => vote(i)));
    expect(first.every((r) => r.status === 201)).toBe(true);

    // More votes in flight while SIGTERM arrives: those acknowledged must be on disk.
    const inFlight = Array.from({ length: 120 }, (_, i) => vote(i));
    await new Promise((r) => setTimeout(r, 5));
    const exitCode = server.stop('SIGTERM');
    const second = await Promise.all(inFlight);
    expect(await exitCode).toBe(0);
    const acknowledged = [...first, ...second].filter((r) => r.status === 201).length;

    const store = await openSqliteStore(server.dbFile);
    try {
      const poll = await store.getPollBySlug(slug);
      const counts = await store.getVoteCounts(poll!.id);
      expect(counts.ballots).toBe(acknowledged);
      const answers = counts.optionCounts.reduce((sum, c) => sum + c.count, 0);
      expect(answers).toBe(acknowledged);
    } finally {
      await store.close();
    }
    // A child process under a loaded CI machine: starting tsx alone can take seconds.
  }, 60_000);

  it('listens with a deep accept queue (LISTEN_BACKLOG), not the 511 of Node', async () => {
    // For a listening socket, ss reports the backlog as its Send-Q.
    const backlogOf = (port: number) =>
      Number(
        spawnSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' }).stdout.split(/\s+/)[2],
      );
    const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
    server = await startServer();
    expect(backlogOf(server.port)).toBe(Math.min(4096, somaxconn));
    await server.stop('SIGKILL');
    server = await startServer({ env: { LISTEN_BACKLOG: '1000' } });
    expect(backlogOf(server.port)).toBe(Math.min(1000, somaxconn));
  }, 60_000);

  it.each([
    [{ PORT: 'abc' }, /PORT="abc": must be a number/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    // Port 1: nothing listens there, whether or not this build supports PostgreSQL yet.
    [{ DATABASE_URL: 'postgres://user:pw@127.0.0.1:1/db' }, /PostgreSQL/],
  ])('refuses to start with %j, saying why, exit code 1', (env, message) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: '0', DATABASE_URL: tempDbFile(), ...env },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toContain('pw@');
  });
});
