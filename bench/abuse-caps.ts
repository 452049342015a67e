import { request } from 'node:http';
import { PARTICIPANT_COOKIE } from '../src/contract/limits.ts';
import { type HttpResult, httpFrom } from '../tests/helpers/http-from.ts';
import type { Server } from './lib/processes.ts';
import type { Row } from './lib/report.ts';

/**
 * Issue 25's attacks on what an anonymous caller may cost, for `npm run bench:abuse`
 * (ABUSE_ONLY=lookup,capfill,qa): 'Mis encuestas' with wrong codes naming big polls, the
 * connection caps filled from 35 addresses, and Q&A stuffed and flooded. Each on its own server
 * with the default limits (rate limits on), as abuse.ts's parts are.
 */

type WithServer = <T>(
  env: Record<string, string>,
  run: (server: Server, dbFile: string) => Promise<T>,
) => Promise<T>;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The q-th percentile (0–100) of samples in ms. */
function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((q / 100) * sorted.length))]!;
}

async function from(address: string, url: string, options: Parameters<typeof httpFrom>[2] = {}) {
  const reply: HttpResult = await httpFrom(address, url, options).catch(() => ({
    status: 0,
    headers: {},
    body: undefined,
    cookies: {},
  }));
  const id = reply.cookies[PARTICIPANT_COOKIE];
  return { ...reply, cookie: id === undefined ? undefined : `${PARTICIPANT_COOKIE}=${id}` };
}

/** An open public poll with one yes/no question, made from `host`. */
async function openPoll(api: string, host: string, settings: Record<string, boolean> = {}) {
  const created = (await from(host, `${api}/polls`, { body: { title: 'Abuso', settings } })).body;
  const headers = { 'x-host-secret': created.host_secret };
  const question = (
    await from(host, `${api}/polls/${created.slug}/questions`, {
      body: { text: '¿Sí?', type: 'yesno' },
      headers,
    })
  ).body;
  await from(host, `${api}/polls/${created.slug}`, {
    method: 'PATCH',
    body: { status: 'open' },
    headers,
  });
  return { slug: created.slug as string, secret: created.host_secret as string, question };
}

const ballotBody = (q: { id: number; options: { id: number }[] }, i: number) => ({
  answers: [{ questionId: q.id, optionIds: [q.options[i % 2]!.id] }],
});

/** Times a request from `address` (ms), with its status. */
async function timed(address: string, url: string, options: Parameters<typeof httpFrom>[2] = {}) {
  const start = performance.now();
  const res = await from(address, url, options);
  return { ms: performance.now() - start, status: res.status };
}

/**
 * Two public polls with `ballots` ballots each (from 40 addresses, within the ballot bucket),
 * then 10 addresses send 'Mis encuestas' lookups naming both with wrong codes at the allowed 60
 * a minute for `seconds`, while a victim room votes and a probe reads /health. Also the lookup's
 * time for a wrong code on a big poll against an unknown slug.
 */
export async function lookupAttack(withServer: WithServer, seconds: number, ballots = 8_000) {
  return withServer({}, async (server) => {
    const api = `${server.url}/api/v1`;
    const big = [await openPoll(api, '127.0.20.1'), await openPoll(api, '127.0.20.1')];
    for (const poll of big) {
      for (let a = 0; a < 40; a++) {
        const n = Math.ceil(ballots / 40);
        await Promise.all(
          Array.from({ length: n }, (_, i) =>
            from(`127.0.21.${a + 1}`, `${api}/polls/${poll.slug}/votes`, {
              body: ballotBody(poll.question, i),
            }),
          ),
        );
      }
    }
    const victim = await openPoll(api, '127.0.22.1');
    const wrong = big.map((p, i) => ({ slug: p.slug, secret: big[1 - i]!.secret }));
    const cpu0 = server.cpuSeconds();
    const end = Date.now() + seconds * 1000;
    const health: number[] = [];
    const votes: number[] = [];
    const attackers = Array.from({ length: 10 }, async (_, a) => {
      while (Date.now() < end) {
        await from(`127.0.23.${a + 1}`, `${api}/polls/lookup`, { body: { polls: wrong } });
        await sleep(1000);
      }
    });
    const probe = (async () => {
      while (Date.now() < end) {
        health.push((await timed('127.0.24.1', `${api}/health`)).ms);
        await sleep(200);
      }
    })();
    const room = (async () => {
      for (let i = 0; Date.now() < end; i++) {
        const t = await timed('127.0.25.1', `${api}/polls/${victim.slug}/votes`, {
          body: ballotBody(victim.question, i),
        });
        votes.push(t.ms);
        await sleep(50);
      }
    })();
    await Promise.all([...attackers, probe, room]);
    const cpu = server.cpuSeconds() - cpu0;
    // Existence by time: 20 lookups each of a wrong code on a big poll and of an unknown slug.
    const wrongMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < 20; i++) {
      wrongMs.push(
        (await timed(`127.0.26.${i + 1}`, `${api}/polls/lookup`, { body: { polls: [wrong[0]] } }))
          .ms,
      );
      unknownMs.push(
        (
          await timed(`127.0.27.${i + 1}`, `${api}/polls/lookup`, {
            body: { polls: [{ slug: 'zzzzzzzz', secret: big[0]!.secret }] },
          })
        ).ms,
      );
    }
    const p = (xs: number[], q: number) => quantile(xs, q).toFixed(1);
    const result =
      `2 polls × ${fmt(ballots)} ballots; 10 addresses × 1 lookup/s naming both with wrong codes for ${seconds} s: ` +
      `/health p50 ${p(health, 50)} ms, victim ballot p95 ${p(votes, 95)} ms, server CPU ${cpu.toFixed(1)} s; ` +
      `lookup p50 wrong code on a big poll ${p(wrongMs, 50)} ms vs unknown slug ${p(unknownMs, 50)} ms`;
    console.log(`  ${result}`);
    return {
      measure: "25a. 'Mis encuestas' lookups with wrong codes naming big polls",
      result,
    } as Row;
  });
}

/** Opens an event stream from `address`; resolves with its status (kept open until `close`). */
function stream(
  server: Server,
  path: string,
  address: string,
  headers: Record<string, string> = {},
) {
  const url = new URL(server.url);
  return new Promise<{ status: number; close: () => void }>((resolve) => {
    const req = request(
      { host: url.hostname, port: url.port, path, localAddress: address, agent: false, headers },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, close: () => req.destroy() });
      },
    );
    req.on('error', () => resolve({ status: 0, close: () => {} }));
    req.end();
  });
}

/**
 * 35 addresses each try `perAddress` streams of a public poll (a script, no votes), with the
 * connection cap at `max`; then a new class of 300 behind one address loads the page, votes and
 * opens its streams, while /health is probed.
 */
export async function capFill(withServer: WithServer, perAddress = 500, max = 18_000) {
  return withServer({ CONNECTIONS_MAX: String(max), STREAMS_MAX: String(max) }, async (server) => {
    const api = `${server.url}/api/v1`;
    const target = await openPoll(api, '127.0.30.1', { resultsPublic: true });
    const path = `/api/v1/polls/${target.slug}/events`;
    // The teacher prepared the class's poll before the flood.
    const klass = await openPoll(api, '127.0.33.1', { resultsPublic: true });
    const held: { status: number; close: () => void }[] = [];
    for (let a = 0; a < 35; a++) {
      const got = await Promise.all(
        Array.from({ length: perAddress }, () => stream(server, path, `127.0.31.${a + 1}`)),
      );
      held.push(...got);
    }
    const attackerStreams = held.filter((s) => s.status === 200).length;
    const probes = await Promise.all(
      Array.from({ length: 100 }, (_, i) => from(`127.0.32.${(i % 50) + 1}`, `${api}/health`)),
    );
    const room = '127.0.34.1';
    const pages = await Promise.all(
      Array.from({ length: 300 }, () => from(room, `${api}/polls/${klass.slug}`)),
    );
    const voted = await Promise.all(
      pages.map((p, i) =>
        from(room, `${api}/polls/${klass.slug}/votes`, {
          body: ballotBody(klass.question, i),
          headers: p.cookie ? { cookie: p.cookie } : {},
        }),
      ),
    );
    const classStreams = await Promise.all(
      pages.map((p) =>
        stream(
          server,
          `/api/v1/polls/${klass.slug}/events?as=participant`,
          room,
          p.cookie ? { cookie: p.cookie } : {},
        ),
      ),
    );
    const ok = (xs: { status: number }[], s = 200) => xs.filter((x) => x.status === s).length;
    const result =
      `35 addresses × ${perAddress} streams tried (cap ${fmt(max)}): ${fmt(attackerStreams)} held; ` +
      `then a new class of 300 behind one address: pages ${ok(pages)}/300, votes ${ok(voted, 201)}/300, ` +
      `streams ${ok(classStreams)}/300; /health ${ok(probes)}/100 probes answered`;
    console.log(`  ${result}`);
    for (const s of [...held, ...classStreams]) s.close();
    await sleep(500);
    return { measure: '25b. The global caps filled from 35 addresses', result } as Row;
  });
}

/**
 * Q&A: 20 addresses dropping their cookies ask as fast as they can until each is refused; then
 * an honest asker from another address. One address dropping its cookie upvotes for `seconds`;
 * the integrity view, and its discard.
 */
export async function qaStuffing(withServer: WithServer, seconds: number) {
  return withServer({}, async (server) => {
    const api = `${server.url}/api/v1`;
    const poll = await openPoll(api, '127.0.40.1', { qa: true });
    let stored = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: 20 }, async (_, a) => {
        for (let i = 0, misses = 0; misses < 3 && i < 400; i++) {
          const res = await from(`127.0.41.${a + 1}`, `${api}/polls/${poll.slug}/qa`, {
            body: { text: `Pregunta ${i} desde ${a}` },
          });
          if (res.status === 201) stored++;
          else misses++;
        }
      }),
    );
    const fillMs = performance.now() - start;
    const honest = await from('127.0.42.1', `${api}/polls/${poll.slug}/qa`, {
      body: { text: '¿Se grabará la charla?' },
    });
    const id = honest.body?.id;
    let upvotes = 0;
    const end = Date.now() + seconds * 1000;
    while (Date.now() < end && id) {
      const res = await from('127.0.43.1', `${api}/polls/${poll.slug}/qa/${id}/vote`, {
        method: 'PUT',
        body: { up: true },
      });
      if (res.status === 200) upvotes++;
      else await sleep(200);
    }
    const headers = { 'x-host-secret': poll.secret };
    const view = await from('127.0.40.1', `${api}/polls/${poll.slug}/qa/integrity`, { headers });
    const discard = await from('127.0.40.1', `${api}/polls/${poll.slug}/qa/discard`, {
      body: { unusual: true },
      headers,
    });
    const result =
      `20 addresses asking without cookies: ${fmt(stored)} stored in ${(fillMs / 1000).toFixed(1)} s, ` +
      `then an honest question: ${honest.status}; one address, cookie dropped, ${seconds} s of upvotes: ` +
      `${fmt(upvotes)} counted, integrity flags ${view.body?.unusualSources ?? '—'} source(s), ` +
      `discard sets aside ${discard.body?.discardedVotes ?? '—'} (${discard.status})`;
    console.log(`  ${result}`);
    return { measure: '25c. Q&A stuffed and flooded', result } as Row;
  });
}
