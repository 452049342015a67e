import { describe, expect, it } from 'vitest';
import { PARTICIPANT_COOKIE } from '../../src/contract/index.ts';
import { ParticipantIds } from '../../src/server/http/participant.ts';
import { DEFAULT_RATE_LIMITS, FRESH_PARTICIPANT_MS } from '../../src/server/limits.ts';
import { setUpTestApp } from './api-client.ts';

// Banked cookies (issue 19): 20 addresses each take 300 participant ids from GET /polls/{slug},
// wait past the new-id window, and vote with them: 6,000 ballots that looked like 6,000 people
// from 20 rooms (0 sources flagged). The default rate limits are on: they are what a script
// meets. Clients are injected with their address (`remoteAddress`), as the server sees them.

const SECRET_KEY = 'banked-ids-test-key-banked-ids-test-key-01';
const STUFFERS = 20;
const IDS_EACH = 300;
const HONEST = 30;

const api = setUpTestApp({
  config: { port: 0, secretKey: SECRET_KEY, rateLimits: DEFAULT_RATE_LIMITS },
});

type Call = {
  method?: 'GET' | 'POST' | 'PATCH';
  url: string;
  from: string;
  body?: unknown;
  cookie?: string;
};
async function call({ method = 'GET', url, from, body, cookie }: Call, secret?: string) {
  const res = await api.app.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress: from,
    headers: {
      ...(cookie && { cookie: `${PARTICIPANT_COOKIE}=${cookie}` }),
      ...(secret && { 'x-host-secret': secret }),
    },
    ...(body !== undefined && { payload: body as object }),
  });
  const cookies = res.cookies as unknown as { name: string; value: string }[];
  return {
    status: res.statusCode,
    body: res.body ? res.json() : undefined,
    id: cookies.find((c) => c.name === PARTICIPANT_COOKIE)?.value,
  };
}

async function openPoll(from: string) {
  const created = await call({ method: 'POST', url: '/polls', from, body: { title: 'Banco' } });
  const { slug, host_secret: secret } = created.body;
  const q = await call(
    {
      method: 'POST',
      url: `/polls/${slug}/questions`,
      from,
      body: { text: '¿Sí?', type: 'yesno' },
    },
    secret,
  );
  await call({ method: 'PATCH', url: `/polls/${slug}`, from, body: { status: 'open' } }, secret);
  const ballot = (voter: string, id: string | undefined, option = 0) =>
    call({
      method: 'POST',
      url: `/polls/${slug}/votes`,
      from: voter,
      cookie: id,
      body: { answers: [{ questionId: q.body.id, optionIds: [q.body.options[option].id] }] },
    });
  return { slug, secret, ballot };
}

type View = {
  totalBallots: number;
  sourceCount: number;
  unusualSources: number;
  offset: number;
  sources: { source: string; ballots: number; bulkIssuedBallots: number; unusual: boolean }[];
};
const view = async (slug: string, secret: string, query = '') =>
  (await call({ url: `/polls/${slug}/integrity${query}`, from: '10.0.0.1' }, secret)).body as View;

describe('banked participant ids', () => {
  it('flag every stuffing source, list every source by pages, and discard them all at once', async () => {
    const poll = await openPoll('10.0.0.1');
    // Each address banks its ids as fast as the participant bucket gives them.
    const banks: string[][] = [];
    for (let a = 0; a < STUFFERS; a++) {
      const from = `10.1.0.${a + 1}`;
      const got = await Promise.all(
        Array.from({ length: IDS_EACH }, () => call({ url: `/polls/${poll.slug}`, from })),
      );
      banks.push(got.map((r) => r.id!).filter(Boolean));
      expect(banks[a]).toHaveLength(IDS_EACH);
    }
    // Past the new-id window: the ids are no longer "brand new" when they vote.
    await new Promise((r) => setTimeout(r, FRESH_PARTICIPANT_MS + 1_000));
    for (const [a, ids] of banks.entries()) {
      const results = await Promise.all(ids.map((id) => poll.ballot(`10.1.0.${a + 1}`, id)));
      expect(results.filter((r) => r.status === 201)).toHaveLength(IDS_EACH);
    }
    // 30 honest people, each on their own connection, reading then voting.
    for (let h = 0; h < HONEST; h++) {
      const from = `10.2.0.${h + 1}`;
      const { id } = await call({ url: `/polls/${poll.slug}`, from });
      expect((await poll.ballot(from, id, 1)).status).toBe(201);
    }

    const first = await view(poll.slug, poll.secret);
    expect(first.totalBallots).toBe(STUFFERS * IDS_EACH + HONEST);
    expect(first.sourceCount).toBe(STUFFERS + HONEST);
    expect(first.unusualSources).toBe(STUFFERS);
    expect(first.sources).toHaveLength(50);
    const stuffing = first.sources.filter((s) => s.ballots === IDS_EACH);
    expect(stuffing).toHaveLength(STUFFERS);
    for (const s of stuffing) {
      expect(s.unusual).toBe(true);
      // Bulk is counted by the second of issue: on a busy machine a bank of 300 may straddle a
      // second's edge, and the few ids past it (under 25 in their second) are not a bulk alone.
      expect(s.bulkIssuedBallots).toBeGreaterThanOrEqual(IDS_EACH / 2);
    }
    expect(first.sources.filter((s) => s.ballots === 1).every((s) => !s.unusual)).toBe(true);

    // Every source, a page at a time.
    const pages: View[] = [];
    for (let offset = 0; offset < first.sourceCount; offset += 7) {
      pages.push(await view(poll.slug, poll.secret, `?offset=${offset}&limit=7`));
    }
    const listed = pages.flatMap((p) => p.sources.map((s) => s.source));
    expect(new Set(listed).size).toBe(STUFFERS + HONEST);
    expect(pages[1]!.offset).toBe(7);
    const tooBig = await call(
      { url: `/polls/${poll.slug}/integrity?limit=501`, from: '10.0.0.1' },
      poll.secret,
    );
    expect(tooBig.status).toBe(400);

    // Every flagged source at once; only the host may.
    const discard = (secret?: string) =>
      call(
        {
          method: 'POST',
          url: `/polls/${poll.slug}/discard`,
          from: '10.0.0.1',
          body: { unusual: true },
        },
        secret,
      );
    expect((await discard()).status).toBe(401);
    const done = await discard(poll.secret);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      discardedBallots: STUFFERS * IDS_EACH,
      discardedSources: STUFFERS,
    });
    const after = await view(poll.slug, poll.secret);
    expect(after).toMatchObject({ totalBallots: HONEST, sourceCount: HONEST, unusualSources: 0 });
    const summary = await call(
      { url: `/polls/${poll.slug}/summary`, from: '10.0.0.1' },
      poll.secret,
    );
    expect(summary.body.totalVotes).toBe(HONEST);
    expect((await discard(poll.secret)).body).toEqual({ discardedBallots: 0, discardedSources: 0 });
  }, 120_000);

  it('does not flag an honest room of 300 behind one address', async () => {
    const poll = await openPoll('10.0.0.1');
    // Phones get their ids as people scan the QR: 300 over 30 s (ten a second), the last one
    // 20 s ago; ids as the server signs them, so the test need not wait half a minute.
    const ids = new ParticipantIds(SECRET_KEY);
    const now = Date.now();
    const room = Array.from({ length: 300 }, (_, i) => ids.issue(now - 50_000 + i * 100));
    const results = await Promise.all(room.map((id, i) => poll.ballot('10.3.0.1', id, i % 2)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(300);
    // A few on mobile data, each their own address.
    for (let h = 0; h < 5; h++) {
      expect((await poll.ballot(`10.4.0.${h + 1}`, undefined)).status).toBe(201);
    }
    const seen = await view(poll.slug, poll.secret);
    expect(seen.totalBallots).toBe(305);
    expect(seen.unusualSources).toBe(0);
    expect(seen.sources[0]).toMatchObject({ ballots: 300, bulkIssuedBallots: 0, unusual: false });
  });

  it('is in the OpenAPI document: pages of sources, and the discard of every unusual one', async () => {
    const doc = (await api.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const get = doc.paths['/api/v1/polls/{slug}/integrity'].get;
    const names = get.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['offset', 'limit']));
    const post = doc.paths['/api/v1/polls/{slug}/discard'].post;
    const body = JSON.stringify(post.requestBody);
    expect(body).toContain('"unusual"');
    expect(JSON.stringify(post.responses)).toContain('discardedSources');
    expect(JSON.stringify(get.responses)).toContain('bulkIssuedBallots');
  });
});
