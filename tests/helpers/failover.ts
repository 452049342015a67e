import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PARTICIPANT_COOKIE } from '../../src/contract/index.ts';
import { LIVE_RETRY_MS } from '../../src/contract/live-events.ts';
import { reconnectDelay } from '../../src/web/lib/live-stream.ts';
import { UPSTREAM_HEADER } from './nginx.ts';
import { openStream, type SseEvent, type SseStream } from './sse-client.ts';

/**
 * What the failover suites share: a poll to vote on, phones that vote (one participant cookie
 * and Idempotency-Key per ballot, kept for retries) and hold streams that reconnect like the
 * web client, and a recount of the stored ballots to hold every figure against.
 */

export interface OpenPoll {
  slug: string;
  secret: string;
  questionId: number;
  optionIds: number[];
}

async function json(base: string, method: string, path: string, body?: unknown, secret?: string) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(secret && { 'x-host-secret': secret }),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  // biome-ignore lint/suspicious/noExplicitAny: shapes are the contract's, asserted by tests
  return (await res.json()) as any;
}

/** An open yes/no poll whose results are public (phones on the results page get summaries). */
export async function openPoll(base: string, title: string): Promise<OpenPoll> {
  const created = await json(base, 'POST', '/polls', { title, settings: { resultsPublic: true } });
  const { slug, host_secret: secret } = created;
  const question = await json(
    base,
    'POST',
    `/polls/${slug}/questions`,
    { text: '¿Funciona?', type: 'yesno' },
    secret,
  );
  await json(base, 'PATCH', `/polls/${slug}`, { status: 'open' }, secret);
  return {
    slug,
    secret,
    questionId: question.id,
    optionIds: question.options.map((o: { id: number }) => o.id),
  };
}

export interface BallotResult {
  status: number;
  /** The instance that answered, when nginx says (`127.0.0.1:port`). */
  upstream: string | null;
  retryAfter: string | null;
  code: string | undefined;
}

/** A phone's ballot: the same participant cookie and key on every attempt, as the web app. */
export function ballot(poll: OpenPoll, n: number) {
  const participant = randomBytes(16).toString('base64url');
  const key = randomBytes(12).toString('hex');
  return async (base: string): Promise<BallotResult> => {
    try {
      const res = await fetch(`${base}/api/v1/polls/${poll.slug}/votes`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `${PARTICIPANT_COOKIE}=${participant}`,
          'idempotency-key': key,
        },
        body: JSON.stringify({
          answers: [{ questionId: poll.questionId, optionIds: [poll.optionIds[n % 2]] }],
        }),
      });
      const body = (await res.json().catch(() => undefined)) as { code?: string } | undefined;
      return {
        status: res.status,
        upstream: res.headers.get(UPSTREAM_HEADER),
        retryAfter: res.headers.get('retry-after'),
        code: body?.code,
      };
    } catch {
      return { status: 0, upstream: null, retryAfter: null, code: undefined };
    }
  };
}

/** The poll's ballots as stored, counted in the database itself (not through any cache). */
export async function recount(databaseUrl: string, slug: string): Promise<number> {
  const url = new URL(databaseUrl);
  const schema = url.searchParams.get('schema');
  url.searchParams.delete('schema');
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const rows = await client.query<{ n: string }>(
      `select count(*) as n from "${schema ?? 'public'}".ballots b
         join "${schema ?? 'public'}".polls p on p.id = b.poll_id where p.slug = $1`,
      [slug],
    );
    return Number(rows.rows[0]?.n);
  } finally {
    await client.end();
  }
}

export const totalOf = (e: SseEvent) => JSON.parse(e.data).totalVotes as number;
export const summaryWith = (total: number) => (e: SseEvent) =>
  e.event === 'summary' && totalOf(e) === total;

/** One connection of a phone's stream: when it was asked for and what it received. */
export interface Connection {
  stream: SseStream;
  requestedAt: number;
  upstream: string | null;
}

/**
 * A phone on the results page: holds the poll's stream and, when it ends, reconnects after the
 * web client's own delay (the server's `retry:` hint, with its jitter) with Last-Event-ID.
 */
export class Phone {
  readonly connections: Connection[] = [];
  private closed = false;
  /** Told of each new connection (after a reconnect), before its first frame. */
  onReconnect?: (connection: Connection) => void;

  constructor(
    private readonly url: () => string,
    private readonly headers: Record<string, string> = {},
  ) {}

  get current(): Connection {
    return this.connections.at(-1)!;
  }

  async connect(): Promise<Connection> {
    const lastId = this.connections
      .flatMap((c) => c.stream.events)
      .findLast((e) => e.id !== undefined)?.id;
    const requestedAt = performance.now();
    const stream = await openStream(this.url(), {
      ...this.headers,
      ...(lastId && { 'last-event-id': lastId }),
    });
    const connection = { stream, requestedAt, upstream: stream.headers.get(UPSTREAM_HEADER) };
    this.connections.push(connection);
    if (stream.status !== 200) throw new Error(`stream answered ${stream.status}`);
    void stream.ended.then(() => this.reconnect());
    return connection;
  }

  private async reconnect(): Promise<void> {
    if (this.closed) return;
    await new Promise((r) => setTimeout(r, reconnectDelay(0, LIVE_RETRY_MS, Math.random)));
    if (this.closed) return;
    try {
      this.onReconnect?.(await this.connect());
    } catch {
      void this.reconnect();
    }
  }

  close(): void {
    this.closed = true;
    for (const c of this.connections) c.stream.close();
  }
}
