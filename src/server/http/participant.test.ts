import { createHmac, randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { PARTICIPANT_COOKIE } from '../../contract/index.ts';
import { DEFAULT_RATE_LIMITS } from '../limits.ts';
import { createLimiter } from '../rate/limiter.ts';
import {
  ParticipantIds,
  participantOf,
  registerParticipantCookie,
  SECURE_PARTICIPANT_COOKIE,
  ShortHmac,
} from './participant.ts';

describe('ShortHmac', () => {
  it('gives the bytes of createHmac for every text, short, long or not ASCII', () => {
    const key = createHmac('sha256', 'secret').update('participant-id').digest();
    const mac = new ShortHmac(key);
    const texts = [
      '',
      'a',
      'ñandú 😀',
      'x'.repeat(64),
      '😀'.repeat(32),
      'é'.repeat(65),
      'y'.repeat(500),
    ];
    for (let i = 0; i < 200; i++) texts.push(randomBytes(i % 70).toString('base64url'));
    for (const text of texts) {
      expect(mac.digest(text).equals(createHmac('sha256', key).update(text).digest())).toBe(true);
    }
    const short = Buffer.from('k');
    expect(new ShortHmac(short).digest('abc')).toEqual(
      createHmac('sha256', short).update('abc').digest(),
    );
  });
});

describe('ParticipantIds', () => {
  it('verify what they issued, with its time, and nothing else', () => {
    const ids = new ParticipantIds('k'.repeat(32));
    const id = ids.issue(1_700_000_000_000);
    expect(id.length).toBeLessThanOrEqual(64);
    expect(ids.verify(id)).toBe(1_700_000_000_000);
    expect(new ParticipantIds('j'.repeat(32)).verify(id)).toBeUndefined();
    expect(ids.verify(`${id}x`)).toBeUndefined();
    expect(ids.verify('')).toBeUndefined();
    expect(ids.verify('a.b')).toBeUndefined();
    expect(ids.verify('x'.repeat(500))).toBeUndefined();
  });

  it('refuses every other spelling of a valid id, so one id is one participant', () => {
    const ids = new ParticipantIds('k'.repeat(32));
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let n = 0; n < 20; n++) {
      const id = ids.issue(1_700_000_000_000 + n);
      const last = id.at(-1)!;
      // The MAC's last character carries 2 bits of the MAC and 4 spare ones.
      const respelled = [...alphabet]
        .filter((ch) => ch !== last)
        .map((ch) => ids.verify(id.slice(0, -1) + ch));
      expect(respelled.every((t) => t === undefined)).toBe(true);
      expect(ids.verify(`${id}=`)).toBeUndefined();
    }
  });

  it('remembering verified ids changes no answer: tampered ids stay refused', () => {
    const ids = new ParticipantIds('k'.repeat(32), 2);
    const [a, b, c] = [1, 2, 3].map((n) => ids.issue(1_700_000_000_000 + n));
    for (let round = 0; round < 3; round++) {
      expect([a, b, c].map((id) => ids.verify(id!))).toEqual([
        1_700_000_000_001, 1_700_000_000_002, 1_700_000_000_003,
      ]);
      expect(ids.verify(`${a!.slice(0, -1)}${a!.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
      expect(ids.verify(a!.replace(/^./, (ch) => (ch === 'A' ? 'B' : 'A')))).toBeUndefined();
    }
  });
});

describe('participant cookie over https', () => {
  it('is Secure with the __Host- prefix, and read back under that name', async () => {
    // trustProxy stands for a TLS-terminating proxy: request.protocol is then https.
    const app = Fastify({ trustProxy: true });
    await app.register(fastifyCookie);
    registerParticipantCookie(
      app,
      new ParticipantIds('k'.repeat(32)),
      createLimiter(DEFAULT_RATE_LIMITS),
    );
    app.get('/api/p', { config: { participant: 'required' } }, async (request) => ({
      id: participantOf(request).id,
      fresh: participantOf(request).fresh,
    }));
    const res = await app.inject({ url: '/api/p', headers: { 'x-forwarded-proto': 'https' } });
    const cookie = res.cookies.find((c) => c.name === SECURE_PARTICIPANT_COOKIE);
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    expect(cookie!.domain).toBeUndefined();
    expect(res.json()).toEqual({ id: cookie!.value, fresh: true });
    const again = await app.inject({
      url: '/api/p',
      headers: { 'x-forwarded-proto': 'https' },
      cookies: { [SECURE_PARTICIPANT_COOKIE]: cookie!.value },
    });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.json().id).toBe(cookie!.value);
    // Plain http: the old name, not Secure.
    const plain = await app.inject({ url: '/api/p' });
    expect(plain.cookies.find((c) => c.name === PARTICIPANT_COOKIE)?.secure).toBeFalsy();
    await app.close();
  });
});
