import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { RATE_LIMITS_OFF } from '../src/server/limits.ts';
import { openSqliteStore } from '../src/server/store/sqlite.ts';
import { seedBigExportPoll } from '../tests/helpers/big-export-poll.ts';
const file = join(mkdtempSync(join(tmpdir(), 'seed-')), 'x.db');
const store = await openSqliteStore(file);
const big = await seedBigExportPoll(store, file, { questions: 5, options: 4, ballots: 30000 });
const app = await buildApp({ store, config: { port: 0, webDir: null, rateLimits: RATE_LIMITS_OFF } });
await app.ready();
for (const format of ['csv', 'xlsx', 'xlsx']) {
  let last = performance.now();
  const gaps: number[] = [];
  const t0 = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    if (now - last > 30) gaps.push(Math.round(now - t0), Math.round(now - last));
    last = now;
  }, 2);
  const res = await app.inject({ method: 'GET', url: `/api/v1/polls/${big.slug}/export?format=${format}`, headers: { 'x-host-secret': big.secret } });
  await new Promise((r) => setTimeout(r, 20));
  clearInterval(probe);
  console.log(format, res.statusCode, res.rawPayload.length, 'total', Math.round(performance.now() - t0), 'gaps(at,len)', gaps.join(' '));
}
await app.close();
await store.close();
