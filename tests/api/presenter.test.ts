import { describe, expect, it } from 'vitest';
import { PARTICIPANT_COOKIE } from '../../src/contract/index.ts';
import { ParticipantIds } from '../../src/server/http/participant.ts';
import { createLive, type Live } from '../../src/server/live/live.ts';
import { openStream, type SseStream } from '../helpers/sse-client.ts';
import { setUpTestApp, streamsClosedAfterAll } from './api-client.ts';

/** The presenter's calls over real HTTP: the current question (PATCH) and the presence count. */

let live: Live;

const PRESENCE_MS = 150;
/** The server signs participant ids; with its key known, a test can be a named person. */
const SECRET_KEY = 'presenter-test-key-presenter-test-key-0123';
const signer = new ParticipantIds(SECRET_KEY);
const signedIds = new Map<string, string>();
const signedId = (name: string) => {
  if (!signedIds.has(name)) signedIds.set(name, signer.issue());
  return signedIds.get(name)!;
};

const api = setUpTestApp({
  config: { port: 0, secretKey: SECRET_KEY },
  live: (store) => {
    live = createLive(store, undefined, { presenceMs: PRESENCE_MS });
    return live;
  },
  listen: true,
});

async function call(method: string, path: string, body?: unknown, secret?: string) {
  const res = await fetch(`${api.apiUrl}${path}`, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(secret && { 'x-host-secret': secret }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

async function pollWithTwoQuestions(settings: Record<string, boolean> = {}) {
  const created = await call('POST', '/polls', { title: 'Clase', settings });
  const { slug, host_secret: secret } = created.body;
  const q1 = await call('POST', `/polls/${slug}/questions`, { text: 'A', type: 'yesno' }, secret);
  const q2 = await call('POST', `/polls/${slug}/questions`, { text: 'B', type: 'yesno' }, secret);
  return { slug, secret, q1: q1.body.id as number, q2: q2.body.id as number, created };
}

const streams = streamsClosedAfterAll();
async function stream(slug: string, headers: Record<string, string> = {}, query = '') {
  const s = await openStream(`${api.apiUrl}/polls/${slug}/events${query}`, headers);
  streams.push(s);
  return s;
}
const participant = (slug: string, id: string) =>
  stream(slug, { cookie: `${PARTICIPANT_COOKIE}=${signedId(id)}` }, '?as=participant');
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const presences = (s: SseStream) =>
  s.events.filter((e) => e.event === 'presence').map((e) => JSON.parse(e.data).participants);

describe('presenter pace setting and the current question', () => {
  it('starts off, with no current question, and is kept by duplicate', async () => {
    const p = await pollWithTwoQuestions();
    expect(p.created.body.settings.presenterPace).toBe(false);
    expect(p.created.body.currentQuestionId).toBeNull();
    const on = await call(
      'PATCH',
      `/polls/${p.slug}`,
      { settings: { presenterPace: true } },
      p.secret,
    );
    expect(on.status).toBe(200);
    expect(on.body.settings).toMatchObject({ presenterPace: true, oneVotePerQuestion: true });
    const copy = await call('POST', `/polls/${p.slug}/duplicate`, undefined, p.secret);
    const copied = await call('GET', `/polls/${copy.body.slug}`);
    expect(copied.body.settings.presenterPace).toBe(true);
    expect(copied.body.currentQuestionId).toBeNull();
  });

  it('sets, moves and clears the current question with the host secret only', async () => {
    const p = await pollWithTwoQuestions({ presenterPace: true });
    const path = `/polls/${p.slug}`;
    expect((await call('PATCH', path, { currentQuestionId: p.q1 })).status).toBe(401);
    expect((await call('PATCH', path, { currentQuestionId: p.q1 }, 'wrong')).status).toBe(403);
    const set = await call('PATCH', path, { currentQuestionId: p.q1 }, p.secret);
    expect(set.status).toBe(200);
    expect(set.body.currentQuestionId).toBe(p.q1);
    expect((await call('GET', path)).body.currentQuestionId).toBe(p.q1);
    await call('PATCH', path, { currentQuestionId: p.q2 }, p.secret);
    expect((await call('GET', path)).body.currentQuestionId).toBe(p.q2);
    const cleared = await call('PATCH', path, { currentQuestionId: null }, p.secret);
    expect(cleared.body.currentQuestionId).toBeNull();
  });

  it('refuses a question of another poll or none at all, changing nothing', async () => {
    const p = await pollWithTwoQuestions();
    const other = await pollWithTwoQuestions();
    const path = `/polls/${p.slug}`;
    await call('PATCH', path, { currentQuestionId: p.q1 }, p.secret);
    const foreign = await call('PATCH', path, { currentQuestionId: other.q1 }, p.secret);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('QUESTION_NOT_FOUND');
    expect((await call('PATCH', path, { currentQuestionId: 999_999 }, p.secret)).status).toBe(404);
    for (const bad of [0, -1, 1.5, 'x']) {
      const res = await call('PATCH', path, { currentQuestionId: bad }, p.secret);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    expect((await call('GET', path)).body.currentQuestionId).toBe(p.q1);
  });

  it('stops naming a question once it is deleted', async () => {
    const p = await pollWithTwoQuestions();
    await call('PATCH', `/polls/${p.slug}`, { currentQuestionId: p.q2 }, p.secret);
    expect((await call('DELETE', `/questions/${p.q2}`, undefined, p.secret)).status).toBe(204);
    expect((await call('GET', `/polls/${p.slug}`)).body.currentQuestionId).toBeNull();
  });

  it('reaches every participant stream as a poll event', async () => {
    const p = await pollWithTwoQuestions({ presenterPace: true });
    const phone = await participant(p.slug, 'phone-aaaaaaaaaaaaaa');
    await phone.next((e) => e.event === 'poll');
    await call('PATCH', `/polls/${p.slug}`, { currentQuestionId: p.q2 }, p.secret);
    await phone.next(
      (e) => e.event === 'poll' && JSON.parse(e.data).currentQuestionId === p.q2,
      1000,
    );
  });
});

describe('presence on the host stream', () => {
  it('tells the host at once, counts people not tabs, leaves out results viewers and the host', async () => {
    const p = await pollWithTwoQuestions();
    const host = await stream(p.slug, { 'x-host-secret': p.secret });
    expect(await host.next((e) => e.event === 'presence')).toMatchObject({
      data: JSON.stringify({ participants: 0 }),
    });
    await stream(p.slug); // a results page: not a participant
    const a1 = await participant(p.slug, 'person-a-aaaaaaaaaaaa');
    await participant(p.slug, 'person-a-aaaaaaaaaaaa'); // a second tab of the same person
    await participant(p.slug, 'person-b-bbbbbbbbbbbb');
    await host.next((e) => e.event === 'presence' && JSON.parse(e.data).participants === 2, 2000);
    await wait(PRESENCE_MS * 2);
    expect(live.hub.presence(p.slug)).toBe(2);
    expect(Math.max(...presences(host))).toBe(2);

    a1.close(); // person A still has a tab open
    await wait(PRESENCE_MS * 2);
    expect(live.hub.presence(p.slug)).toBe(2);
    const late = await stream(p.slug, { 'x-host-secret': p.secret });
    expect(await late.next((e) => e.event === 'presence')).toMatchObject({
      data: JSON.stringify({ participants: 2 }),
    });
  });

  it('coalesces a crowd arriving together into a few frames, and never sends presence to others', async () => {
    const p = await pollWithTwoQuestions({ resultsPublic: true });
    const host = await stream(p.slug, { 'x-host-secret': p.secret });
    const viewer = await stream(p.slug);
    await host.next((e) => e.event === 'presence');
    const crowd = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        participant(p.slug, `crowd-${String(i).padStart(16, '0')}`),
      ),
    );
    await host.next((e) => e.event === 'presence' && JSON.parse(e.data).participants === 30, 3000);
    // One at once, then at most one per window while they keep arriving.
    expect(presences(host).length).toBeLessThanOrEqual(6);
    for (const s of crowd) s.close();
    await host.next((e) => e.event === 'presence' && JSON.parse(e.data).participants === 0, 3000);
    expect(viewer.events.some((e) => e.event === 'presence')).toBe(false);
    expect(crowd[0]!.events.some((e) => e.event === 'presence')).toBe(false);
  });
});
