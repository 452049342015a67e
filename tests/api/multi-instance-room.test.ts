import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  closePages,
  joinPhones,
  openPages,
  type Phone,
  tally,
} from '../helpers/nat-room.ts';
import type { RunningServer } from '../helpers/server-process.ts';
import { pgAndRedisAvailable, twoInstances } from '../helpers/two-instances.ts';

/**
 * Issue 25 behind two instances: a room's seats and a creation's Idempotency-Key are the whole
 * deployment's, not one process's. Two real server processes on one PostgreSQL schema and one
 * Redis channel, rate limits on: phones hold their streams on A and answer through B, and a
 * double click split between A and B makes one poll.
 */
const instances = twoInstances();

const SEAT_MIN_AGE_MS = 300;
const PHONES = 8;
let a: RunningServer;
let b: RunningServer;
const phones: Phone[] = [];

describe.runIf(await pgAndRedisAvailable())(
  'a room across two instances (PostgreSQL + Redis)',
  () => {
    beforeAll(async () => {
      [a, b] = await instances.start({
        RATE_LIMITS: 'on',
        // One ballot from the address's bucket: every other one must be a seat's.
        BALLOT_BURST: '1',
        BALLOT_RATE_PER_S: '0.01',
        SEAT_MIN_AGE_MS: String(SEAT_MIN_AGE_MS),
      });
    }, 60_000);

    afterAll(async () => {
      closePages(phones);
      await instances.stop();
    });

    it('a phone holding its stream on A answers through B from its seat, and B records it seated', async () => {
      const apiA = `${a.url}/api/v1`;
      const apiB = `${b.url}/api/v1`;
      const created = await apiCall(apiA, 'POST', '/polls', {
        body: { title: 'Dos instancias', settings: {} },
      });
      const { slug, host_secret: secret } = created.body;
      const question = await apiCall(apiA, 'POST', `/polls/${slug}/questions`, {
        secret,
        body: { text: '¿Sí o no?', type: 'single', options: [{ text: 'Sí' }, { text: 'No' }] },
      });
      await apiCall(apiA, 'PATCH', `/polls/${slug}`, { body: { status: 'open' }, secret });
      phones.push(...(await joinPhones(apiA, slug, PHONES)));
      await openPages(apiA, slug, phones);
      await new Promise((resolve) => setTimeout(resolve, SEAT_MIN_AGE_MS + 200));

      const optionId = question.body.options[0].id;
      const statuses = await Promise.all(
        phones.map((phone) =>
          apiCall(apiB, 'POST', `/polls/${slug}/votes`, {
            cookie: phone.cookie,
            body: { answers: [{ questionId: question.body.id, optionIds: [optionId] }] },
          }).then((r) => r.status),
        ),
      );
      // Before: B knew no seat; one ballot took the address's only token, the rest were 429.
      expect(tally(statuses)).toEqual({});
      const integrity = await apiCall(apiB, 'GET', `/polls/${slug}/integrity`, { secret });
      expect(integrity.body.totalBallots).toBe(PHONES);
      expect(integrity.body.sources[0].seatedBallots).toBe(PHONES);
    });

    it('one Idempotency-Key sent to A and B at once makes one poll; another request with it is 409', async () => {
      const key = randomBytes(12).toString('base64url');
      const body = JSON.stringify({ title: 'Doble clic', settings: {} });
      const create = (server: RunningServer, text = body) =>
        fetch(`${server.url}/api/v1/polls`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          body: text,
        }).then(async (res) => ({
          status: res.status,
          replayed: res.headers.get('idempotent-replayed') === 'true',
          body: await res.json(),
        }));
      const [fromA, fromB] = await Promise.all([create(a), create(b)]);
      expect([fromA.status, fromB.status]).toEqual([201, 201]);
      expect(fromA.body.slug).toBe(fromB.body.slug);
      expect(fromA.body.host_secret).toBe(fromB.body.host_secret);
      expect([fromA.replayed, fromB.replayed].sort()).toEqual([false, true]);
      // Later, on either instance: the first result again.
      const again = await create(b);
      expect(again.body.slug).toBe(fromA.body.slug);
      const other = await create(a, JSON.stringify({ title: 'Otra cosa', settings: {} }));
      expect(other.status).toBe(409);
      expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');
    });
  },
);
