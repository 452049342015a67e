import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';
import { serveUntilTerm } from './lib/bare-server.ts';

/**
 * The limit Sondeo is compared with: bare Fastify, one SQLite insert per request, same file
 * settings as Sondeo's store (WAL, synchronous NORMAL). Also a bare GET that sends a fixed body,
 * the ceiling for summary reads. Started as its own process, like the server under test.
 */
const file =
  process.env.BASELINE_DB ?? join(mkdtempSync(join(tmpdir(), 'sondeo-baseline-')), 'b.db');
const db = new BetterSqlite3(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec(
  'create table if not exists hits (id integer primary key autoincrement, participant text not null, body text not null, created_at integer not null)',
);
const insert = db.prepare('insert into hits (participant, body, created_at) values (?, ?, ?)');

const app = Fastify({ logger: false });
// BASELINE_SECURITY_HEADERS=1: the same security headers as every Sondeo response (the same
// hook), so the two send the same response head; the bare insert sends none by default.
if (process.env.BASELINE_SECURITY_HEADERS === '1') {
  const { registerSecurityHeaders } = await import('../src/server/http/security-headers.ts');
  registerSecurityHeaders(app, {});
}
let bareBody = '{"ok":true}';

app.post('/insert', async (request, reply) => {
  // The same work of reading the cookie and body that a vote has, minus everything else.
  const participant = /sondeo_pid=([\w-]+)/.exec(request.headers.cookie ?? '')?.[1] ?? '';
  insert.run(participant, JSON.stringify(request.body), Date.now());
  reply.code(201);
  return { saved: 1 };
});

app.get('/bare', async (_request, reply) => {
  reply.type('application/json; charset=utf-8');
  return bareBody;
});

app.put('/bare', async (request) => {
  bareBody = JSON.stringify(request.body);
  return { bytes: bareBody.length };
});

app.get('/count', async () => db.prepare('select count(*) as n from hits').get());
app.get('/health', async () => ({ status: 'ok' }));

await serveUntilTerm(app, db);
