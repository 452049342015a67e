/**
 * Issue 29: a main-thread `.cpuprofile` (BENCH_PROFILE=1 writes them to bench/profiles/) as
 * shares of its self time by group, start-up's module loading left out. A native call is
 * counted where the JS that makes it is: better-sqlite3's statements show as the self time of
 * Kysely's `executeQuery` (reads, BEGIN, COMMIT) and of the store's statement wrapper (writes).
 * `node bench/profile-groups.mjs bench/profiles/CPU.<…>.0.001.cpuprofile`
 */
import { readFileSync } from 'node:fs';

const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map();
let total = 0;
for (let i = 0; i < p.samples.length; i++) {
  const d = p.timeDeltas[i] ?? 0;
  self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + d);
  total += d;
}
const anc = (id) => {
  let a = parent.get(id);
  while (a) {
    const n = byId.get(a);
    if (n.callFrame.url) return n;
    a = parent.get(a);
  }
};
const groupOf = (n) => {
  const u = n.callFrame.url,
    f = n.callFrame.functionName;
  if (f === '(idle)') return 'idle';
  if (f === '(garbage collector)') return 'garbage collector';
  if (
    (u.endsWith('store/sqlite-handles.ts') && (f === 'run' || f === 'all')) ||
    (u.endsWith('sqlite-driver.js') && f === 'executeQuery')
  )
    return 'SQLite statements (native, COMMIT included)';
  if (/^(Hmac|digest|update)$/.test(f) && u.includes('crypto'))
    return 'HMAC (participant id, source)';
  if (
    u.includes('esm/') ||
    u.includes('cjs/loader') ||
    u.includes('bootstrap') ||
    f.startsWith('compile') ||
    u.includes('/dist/') ||
    u.includes('tsx')
  )
    return 'start-up (module loading, tsx)';
  if (
    u.includes('node_modules/fastify') ||
    u.includes('find-my-way') ||
    u.includes('avvio') ||
    u.includes('fast-json') ||
    u.includes('secure-json') ||
    u.includes('@fastify') ||
    u.includes('toad-cache') ||
    u.includes('fast-querystring') ||
    u.includes('fastify-type-provider')
  )
    return 'Fastify and its modules';
  if (u.includes('node_modules/kysely') || u.includes('/src/server/store/'))
    return "Kysely and the store's JS";
  if (u.includes('zod')) return 'zod';
  if (u.includes('pino')) return 'pino';
  if (u.includes('/src/')) return 'Sondeo JS outside the store';
  if (u.startsWith('node:'))
    return /http|net|stream|_http/.test(u)
      ? 'Node HTTP, sockets, streams'
      : 'Node events, timers, other';
  if (u === '') {
    const a = anc(n.id);
    if (!a) return 'V8/native unattributed';
    const g = groupOf(a);
    return g === 'Node events, timers, other' && /writev|writeUtf8|writeBuffer/.test(f)
      ? 'Node HTTP, sockets, streams'
      : g;
  }
  return 'other';
};
const groups = new Map();
for (const [id, t] of self) {
  const g = groupOf(byId.get(id));
  groups.set(g, (groups.get(g) ?? 0) + t);
}
const busy =
  total - (groups.get('idle') ?? 0) - (groups.get('start-up (module loading, tsx)') ?? 0);
console.log('busy ms (start-up excluded)', (busy / 1000).toFixed(0));
for (const [k, v] of [...groups].sort((a, b) => b[1] - a[1]))
  if (k !== 'idle') console.log(((100 * v) / busy).toFixed(1).padStart(5), '%', k);
