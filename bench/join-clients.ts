import { Agent, type IncomingMessage, request } from 'node:http';
import { emptyHistogram, HIST_MS } from './lib/latency.ts';

/**
 * A child process of the join-wave bench: its share of a room's phones. Each phone, from its own
 * loopback address (127.0.0.x, so per-address limits act as in a building), loads the vote page,
 * its scripts and stylesheet, the poll, and opens the event stream; later it sends its ballot.
 * Messages over IPC; see join-wave.ts.
 */

type Command =
  | {
      type: 'join';
      base: string;
      slug: string;
      count: number;
      /** Index of this process's first phone in the room (arrivals are spread over all). */
      first: number;
      room: number;
      addresses: string[];
      startAt: number;
      spreadMs: number;
      /** Phones hold the results page's stream instead of the participation page's (which
       *  gets no summaries): the heavier case of a room watching results while it votes. */
      resultsStreams: boolean;
    }
  | { type: 'vote'; ballot: string; startAt: number; spreadMs: number }
  | { type: 'exit' };

interface Phone {
  agent: Agent;
  cookie: string;
  streamOpen: boolean;
  stream?: IncomingMessage;
}

const phones: Phone[] = [];
/** This process's CPU time (user + system) since `start`, in ms: what the load costs the bench. */
const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const now = () => performance.timeOrigin + performance.now();
const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - now())));

/** Requests sent again because a kept-alive connection was closed under them (see get). */
let retried = 0;
const resetRetried = () => {
  const n = retried;
  retried = 0;
  return n;
};

/**
 * One request on the phone's connections. As a browser does, a participant cookie in any
 * response is kept and sent from then on. The body is read to its end (a phone downloads it
 * all) but only kept as text when asked: copying every script into a string cost the bench more
 * CPU than the server spent sending it.
 *
 * Also as a browser does (Chromium's ShouldResendRequest), a request that fails on a reused
 * connection before any byte of the answer came back is sent once more on a new one: the server
 * closes connections idle for KEEP_ALIVE_TIMEOUT_MS, and a request written just as that close
 * arrives gets a reset. Node's agent does not retry, so a phone idle ~10 s between joining and
 * voting failed its ballot. Ballots carry an Idempotency-Key, so a retry never counts twice.
 */
function get(
  phone: Phone,
  base: string,
  path: string,
  headers: Record<string, string>,
  options: { method?: string; body?: string; keepBody?: boolean } = {},
): Promise<{ status: number; body: string; bytes: number }> {
  return once(phone, phone.agent, base, path, headers, options).catch((error: Error) => {
    if (!(error as { reusedSocket?: boolean }).reusedSocket) throw error;
    retried++;
    // On a new connection: the phone's other idle ones may be closing too.
    const fresh = new Agent({ keepAlive: false, localAddress: localAddressOf(phone) });
    return once(phone, fresh, base, path, headers, options);
  });
}

function once(
  phone: Phone,
  agent: Agent,
  base: string,
  path: string,
  headers: Record<string, string>,
  options: { method?: string; body?: string; keepBody?: boolean },
): Promise<{ status: number; body: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(
      `${base}${path}`,
      {
        method: options.method ?? 'GET',
        agent,
        headers: { ...headers, ...(phone.cookie ? { cookie: phone.cookie } : {}) },
      },
      (res) => {
        answered = true;
        keepCookie(phone, res);
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          if (options.keepBody) chunks.push(c);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: options.keepBody ? Buffer.concat(chunks).toString('latin1') : '',
            bytes,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      const closedUnder =
        req.reusedSocket && !answered && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
      reject(Object.assign(error, { reusedSocket: closedUnder }));
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.end(options.body);
  });
}

const localAddressOf = (phone: Phone) =>
  (phone.agent as Agent & { options: { localAddress?: string } }).options.localAddress;

function keepCookie(phone: Phone, res: IncomingMessage): void {
  const cookie = res.headers['set-cookie']?.find((v) => v.startsWith('sondeo_pid='));
  if (cookie) phone.cookie = cookie.split(';')[0] ?? '';
}

/** The page's own scripts and stylesheets (what a browser fetches before it can run it). */
function assetsOf(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/assets\/[^"]+)"/g)) {
    if (m[1]) found.add(m[1]);
  }
  return [...found];
}

function openStream(
  phone: Phone,
  base: string,
  slug: string,
  resultsStream: boolean,
): Promise<boolean> {
  return new Promise((resolve) => {
    const query = resultsStream ? '' : '?as=participant';
    const req = request(`${base}/api/v1/polls/${slug}/events${query}`, {
      agent: new Agent({ keepAlive: false, localAddress: localAddressOf(phone) }),
      headers: { accept: 'text/event-stream', cookie: phone.cookie },
    });
    req.on('response', (res) => {
      keepCookie(phone, res);
      if (res.statusCode !== 200) {
        res.resume();
        return resolve(false);
      }
      phone.stream = res;
      let seen = '';
      res.on('data', (chunk: Buffer) => {
        if (phone.streamOpen) return;
        seen += chunk.toString('latin1');
        if (seen.includes('event: poll')) {
          phone.streamOpen = true;
          resolve(true);
        }
      });
      res.on('error', () => resolve(false));
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

async function join(c: Extract<Command, { type: 'join' }>) {
  const pageHist = emptyHistogram();
  const failures: Record<string, number> = {};
  const fail = (why: string) => {
    failures[why] = (failures[why] ?? 0) + 1;
  };
  let ok = 0;
  let assets: string[] | undefined;
  const cpuAtStart = process.cpuUsage();
  const accept = { 'accept-encoding': 'gzip' };
  await Promise.all(
    Array.from({ length: c.count }, async (_, i) => {
      const index = c.first + i;
      const phone: Phone = {
        agent: new Agent({
          keepAlive: true,
          maxSockets: 6,
          localAddress: c.addresses[index % c.addresses.length],
        }),
        cookie: '',
        streamOpen: false,
      };
      phones.push(phone);
      await sleepUntil(c.startAt + (index * c.spreadMs) / c.room);
      try {
        const started = performance.now();
        const page = await get(phone, c.base, `/p/${c.slug}`, { ...accept, accept: 'text/html' });
        const ms = Math.round(performance.now() - started);
        pageHist[Math.min(ms, HIST_MS - 1)]!++;
        if (page.status !== 200) return fail(`page ${page.status}`);
        if (!assets) {
          const plain = await get(
            phone,
            c.base,
            `/p/${c.slug}`,
            { accept: 'text/html' },
            { keepBody: true },
          );
          assets = assetsOf(plain.body);
        }
        const loaded = await Promise.all(
          assets.map((a) => get(phone, c.base, a, { ...accept, accept: '*/*' })),
        );
        if (loaded.some((r) => r.status !== 200)) return fail('asset');
        const poll = await get(phone, c.base, `/api/v1/polls/${c.slug}`, {
          accept: 'application/json',
        });
        if (poll.status !== 200) return fail(`poll ${poll.status}`);
        if (!(await openStream(phone, c.base, c.slug, c.resultsStreams))) return fail('stream');
        ok++;
      } catch (error) {
        fail(`error ${(error as Error).message}`);
      }
    }),
  );
  return {
    type: 'joined',
    pageHist,
    ok,
    failures,
    assets: assets?.length ?? 0,
    cpuMs: cpuMsSince(cpuAtStart),
    retried: resetRetried(),
  };
}

async function vote(c: Extract<Command, { type: 'vote' }>) {
  const hist = emptyHistogram();
  const failures: Record<string, number> = {};
  let ok = 0;
  let lastAck = 0;
  const cpuAtStart = process.cpuUsage();
  await Promise.all(
    phones.map(async (phone, i) => {
      await sleepUntil(c.startAt + (i * c.spreadMs) / phones.length);
      const started = performance.now();
      try {
        const res = await get(
          phone,
          voteUrl,
          '',
          { 'content-type': 'application/json', 'idempotency-key': `join-${process.pid}-${i}` },
          { method: 'POST', body: c.ballot },
        );
        const ms = Math.round(performance.now() - started);
        hist[Math.min(ms, HIST_MS - 1)]!++;
        if (res.status === 201) {
          ok++;
          lastAck = Math.max(lastAck, now());
        } else failures[String(res.status)] = (failures[String(res.status)] ?? 0) + 1;
      } catch (error) {
        const why = (error as Error).message;
        failures[why] = (failures[why] ?? 0) + 1;
      }
    }),
  );
  const cpuMs = cpuMsSince(cpuAtStart);
  return { type: 'voted', hist, ok, failures, lastAck, cpuMs, retried: resetRetried() };
}

let voteUrl = '';

process.on('message', async (c: Command) => {
  if (c.type === 'join') {
    voteUrl = `${c.base}/api/v1/polls/${c.slug}/votes`;
    process.send?.(await join(c));
  } else if (c.type === 'vote') {
    process.send?.(await vote(c));
  } else {
    for (const phone of phones) {
      phone.stream?.destroy();
      phone.agent.destroy();
    }
    process.exit(0);
  }
});
