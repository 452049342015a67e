import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../helpers/server-process.ts';
import { openStream, type SseStream } from '../helpers/sse-client.ts';
import { pgAndRedisAvailable, twoInstances } from '../helpers/two-instances.ts';
import { setUpTestApp, streamsClosedAfterAll } from './api-client.ts';

/** Issue 28: a stream is authorised once, when it opens; revoking its link must end it. */

// biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted by the tests
type Body = any;

async function call(base: string, method: string, path: string, secret?: string, body?: unknown) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(secret && { 'x-host-secret': secret }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as Body };
}

/** The host revokes the moderator's link of `poll` (made by pollWithLinks). */
async function revokeModerator(
  base: string,
  poll: { slug: string; secret: string; moderator: { id: number } },
) {
  const revoked = await call(
    base,
    'DELETE',
    `/polls/${poll.slug}/cohosts/${poll.moderator.id}`,
    poll.secret,
  );
  expect(revoked.status).toBe(204);
}

async function pollWithLinks(base: string) {
  const created = await call(base, 'POST', '/polls', undefined, { title: 'Charla' });
  const { slug, host_secret: secret } = created.body;
  await call(base, 'POST', `/polls/${slug}/questions`, secret, { text: '¿Sí?', type: 'yesno' });
  expect((await call(base, 'PATCH', `/polls/${slug}`, secret, { status: 'open' })).status).toBe(
    200,
  );
  const link = async (scope: string, label: string) => {
    const res = await call(base, 'POST', `/polls/${slug}/cohosts`, secret, { scope, label });
    expect(res.status).toBe(201);
    return { id: res.body.id as number, secret: String(res.body.url).split('#')[1] as string };
  };
  return {
    slug,
    secret,
    moderator: await link('moderate', 'Ana'),
    presenter: await link('present', 'Beto'),
  };
}

async function hostStream(base: string, slug: string, secret: string, into: SseStream[]) {
  const stream = await openStream(`${base}/api/v1/polls/${slug}/events`, {
    'x-host-secret': secret,
  });
  into.push(stream);
  expect(stream.status).toBe(200);
  // A host's stream: the presence frame only hosts get.
  await stream.next((e) => e.event === 'presence');
  return stream;
}

const endsWithin = (stream: SseStream, ms: number) =>
  Promise.race([
    stream.ended.then(() => 'ended'),
    new Promise((resolve) => setTimeout(() => resolve('still open'), ms)),
  ]);

describe('a revoked co-host link on one instance', () => {
  const api = setUpTestApp({ listen: true });
  const streams = streamsClosedAfterAll();

  it('ends the streams it opened; other links and the host keep theirs', async () => {
    const poll = await pollWithLinks(api.base);
    const moderating = await hostStream(api.base, poll.slug, poll.moderator.secret, streams);
    const presenting = await hostStream(api.base, poll.slug, poll.presenter.secret, streams);
    const host = await hostStream(api.base, poll.slug, poll.secret, streams);

    await revokeModerator(api.base, poll);
    expect(await endsWithin(moderating, 5000)).toBe('ended');

    // The others still get the poll's changes.
    await call(api.base, 'PATCH', `/polls/${poll.slug}`, poll.secret, { title: 'Charla nueva' });
    for (const stream of [presenting, host]) {
      await stream.next((e) => e.event === 'poll' && e.data.includes('Charla nueva'));
    }
    // And the link cannot open it again.
    const again = await fetch(`${api.base}/api/v1/polls/${poll.slug}/events`, {
      headers: { 'x-host-secret': poll.moderator.secret },
    });
    expect(again.status).toBe(403);
    expect((await again.json()).code).toBe('LINK_REVOKED');
  });
});

describe.runIf(await pgAndRedisAvailable())(
  'a revoked co-host link on two instances (Redis bus)',
  () => {
    const instances = twoInstances();
    const streams: SseStream[] = [];
    let a: RunningServer;
    let b: RunningServer;

    beforeAll(async () => {
      [a, b] = await instances.start();
    }, 60_000);

    afterAll(async () => {
      for (const s of streams) s.close();
      await instances.stop();
    });

    it('ends the stream open on the other instance', async () => {
      const poll = await pollWithLinks(a.url);
      const moderating = await hostStream(b.url, poll.slug, poll.moderator.secret, streams);
      const presenting = await hostStream(b.url, poll.slug, poll.presenter.secret, streams);
      await revokeModerator(a.url, poll);
      expect(await endsWithin(moderating, 5000)).toBe('ended');
      expect(await endsWithin(presenting, 300)).toBe('still open');
    });
  },
);
