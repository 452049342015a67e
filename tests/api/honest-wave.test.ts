import { afterAll, describe, expect, it } from 'vitest';
import { PARTICIPANT_COOKIE } from '../../src/contract/index.ts';
import { ParticipantIds } from '../../src/server/http/participant.ts';
import { DEFAULT_RATE_LIMITS } from '../../src/server/limits.ts';
import { httpFrom } from '../helpers/http-from.ts';
import { apiCall, closePages, joinPhones, openPages, type Phone } from '../helpers/nat-room.ts';
import { setUpTestApp } from './api-client.ts';

/**
 * Issue 24: the integrity view flagged honest classes ("ids issued in bulk", "new ids"). Real
 * rooms join in waves, each phone holding its page's event stream and voting seconds later;
 * they must never be flagged, while scripts that never open the page (fresh ids, banked ids)
 * stay flagged. Real HTTP, default limits; every phone of a room is 127.0.0.1 to the server.
 */

const SECRET_KEY = 'honest-wave-test-key-honest-wave-test-key-01';
const api = setUpTestApp({
  listen: true,
  config: { secretKey: SECRET_KEY, rateLimits: DEFAULT_RATE_LIMITS },
});
const phones: Phone[] = [];
afterAll(() => closePages(phones));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function yesNoPoll() {
  const created = await apiCall(api.apiUrl, 'POST', '/polls', { body: { title: 'Clase' } });
  const { slug, host_secret: secret } = created.body;
  const q = await apiCall(api.apiUrl, 'POST', `/polls/${slug}/questions`, {
    body: { text: '¿Sí?', type: 'yesno' },
    secret,
  });
  await apiCall(api.apiUrl, 'PATCH', `/polls/${slug}`, { body: { status: 'open' }, secret });
  const ballot = (option: number) => ({
    answers: [{ questionId: q.body.id, optionIds: [q.body.options[option].id] }],
  });
  const view = async () =>
    (await apiCall(api.apiUrl, 'GET', `/polls/${slug}/integrity`, { secret })).body;
  return { slug, ballot, view };
}

/** A wave: `count` phones open the page at once (ids issued within a second or two), hold the
 *  stream, and each votes after its own delay within `delayMs`. */
async function wave(count: number, delayMs: [number, number]) {
  const poll = await yesNoPoll();
  const room = await joinPhones(api.apiUrl, poll.slug, count);
  phones.push(...room);
  await openPages(api.apiUrl, poll.slug, room);
  const statuses = await Promise.all(
    room.map(async (phone, i) => {
      await sleep(delayMs[0] + ((delayMs[1] - delayMs[0]) * i) / count);
      return (
        await apiCall(api.apiUrl, 'POST', `/polls/${poll.slug}/votes`, {
          cookie: phone.cookie,
          body: poll.ballot(i % 2),
        })
      ).status;
    }),
  );
  closePages(room);
  return { statuses, view: await poll.view() };
}

describe('the integrity view and a room joining in a wave', () => {
  it('does not flag 150 phones that scanned at once and voted 2–10 s later', async () => {
    const { statuses, view } = await wave(150, [2_000, 10_000]);
    expect(statuses.every((s) => s === 201)).toBe(true);
    expect(view).toMatchObject({ totalBallots: 150, unusualSources: 0 });
    expect(view.sources[0]).toMatchObject({ seatedBallots: 150, unusual: false });
  }, 60_000);

  it('does not flag 30 phones on one Wi-Fi that voted soon after opening', async () => {
    const { statuses, view } = await wave(30, [200, 1_000]);
    expect(statuses.every((s) => s === 201)).toBe(true);
    expect(view).toMatchObject({ totalBallots: 30, unusualSources: 0 });
  }, 60_000);

  it('still flags a script dropping its cookie and one voting with banked ids', async () => {
    const poll = await yesNoPoll();
    // Fresh ids: no cookie kept, from one address.
    for (let i = 0; i < 40; i++) {
      const res = await httpFrom('127.0.0.5', `${api.apiUrl}/polls/${poll.slug}/votes`, {
        body: poll.ballot(0),
      });
      expect(res.status).toBe(201);
    }
    // Banked ids: 40 ids issued within one second a minute ago (signed with the server's key),
    // voting now from another address, with no page behind them.
    const signer = new ParticipantIds(SECRET_KEY);
    const issued = Date.now() - 60_000;
    for (let i = 0; i < 40; i++) {
      const res = await httpFrom('127.0.0.6', `${api.apiUrl}/polls/${poll.slug}/votes`, {
        body: poll.ballot(1),
        headers: { cookie: `${PARTICIPANT_COOKIE}=${signer.issue(issued + i)}` },
      });
      expect(res.status).toBe(201);
    }
    const view = await poll.view();
    expect(view).toMatchObject({ totalBallots: 80, unusualSources: 2 });
    for (const source of view.sources) {
      expect(source).toMatchObject({ seatedBallots: 0, unusual: true });
    }
  }, 60_000);
});
