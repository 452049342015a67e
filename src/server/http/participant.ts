import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PARTICIPANT_COOKIE } from '../../contract/index.ts';
import { BoundedMemo } from '../bounded-memo.ts';
import { FRESH_PARTICIPANT_MS } from '../limits.ts';
import type { Limiter } from '../rate/limiter.ts';
import { countRefusedBallot, rateLimited } from './rate-limits.ts';
import type { RouteConfig } from './route.ts';

const ONE_YEAR_S = 365 * 24 * 60 * 60;
/** The cookie's name over https: the browser then takes it only from a secure origin, for the
 *  whole host, so neither plain http nor a subdomain can plant an id. */
export const SECURE_PARTICIPANT_COOKIE = `__Host-${PARTICIPANT_COOKIE}`;

/**
 * Anonymous participant ids that the server signs: `random.issuedAt.mac`, 22 + ~8 + 22
 * characters (within the 64 the tables hold). An id the server did not sign (a script's own
 * value, a cookie from before signing) is ignored and replaced, so every id in use was handed
 * out by the server and paid for in the address's participant bucket. The issue time is inside
 * what is signed: a ballot knows how old its id is without asking the database.
 */
export class ParticipantIds {
  private readonly key: ShortHmac;
  /** Ids verified lately, with their issue time: a phone sends its id with every request, and
   *  checking the MAC was ~20 µs of each ballot (HMAC_MEMO_ENTRIES). Forged ids are not kept. */
  private readonly verified: BoundedMemo<number>;
  constructor(secret: string, memoEntries = 0) {
    this.key = new ShortHmac(createHmac('sha256', secret).update('participant-id').digest());
    this.verified = new BoundedMemo(memoEntries);
  }

  issue(now: number = Date.now()): string {
    const body = `${randomBytes(16).toString('base64url')}.${now.toString(36)}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The id's issue time (ms) if the server signed it, else undefined. */
  verify(id: string): number | undefined {
    if (id.length > 64) return undefined;
    return this.verified.get(id, (given) => this.check(given));
  }

  private check(id: string): number | undefined {
    const dot = id.lastIndexOf('.');
    if (dot < 0) return undefined;
    const body = id.slice(0, dot);
    // Compared as written, not decoded: base64url's last character carries spare bits, so
    // several spellings decode to the same MAC, and each spelling would be another participant.
    const given = Buffer.from(id.slice(dot + 1));
    const expected = Buffer.from(this.mac(body));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const issuedAt = Number.parseInt(body.slice(body.indexOf('.') + 1), 36);
    return Number.isFinite(issuedAt) ? issuedAt : undefined;
  }

  private mac(body: string): string {
    return this.key.digest(body).subarray(0, 16).toString('base64url');
  }
}

/** SHA-256's block, the size of an HMAC pad. */
const BLOCK = 64;
/** The longest text ShortHmac hashes in its own buffer: a 64-character id in UTF-8. */
const SHORT_TEXT_BYTES = 3 * 64;

/**
 * HMAC-SHA-256 (RFC 2104) of short texts, with the key's pads XORed once: two one-shot hashes
 * (crypto.hash) over buffers kept for the purpose, instead of a native Hmac object made, keyed
 * and collected for every id (a never-seen id is checked on every phone's first request).
 * The same bytes as `createHmac('sha256', key).update(text).digest()`, which a test holds it to.
 */
export class ShortHmac {
  /** The inner pad, then the text. */
  private readonly inner = Buffer.alloc(BLOCK + SHORT_TEXT_BYTES);
  /** The outer pad, then the inner hash. */
  private readonly outer = Buffer.alloc(BLOCK + 32);

  constructor(private readonly key: Buffer) {
    if (key.length > BLOCK) throw new Error('ShortHmac: key longer than a block');
    for (let i = 0; i < BLOCK; i++) {
      this.inner[i] = (key[i] ?? 0) ^ 0x36;
      this.outer[i] = (key[i] ?? 0) ^ 0x5c;
    }
  }

  digest(text: string): Buffer {
    if (text.length * 3 > SHORT_TEXT_BYTES) {
      return createHmac('sha256', this.key).update(text).digest();
    }
    const length = this.inner.write(text, BLOCK, 'utf8');
    hash('sha256', this.inner.subarray(0, BLOCK + length), 'buffer').copy(this.outer, BLOCK);
    return hash('sha256', this.outer, 'buffer');
  }
}

export interface Participant {
  id: string;
  /** Issued less than FRESH_PARTICIPANT_MS before this request (a new or dropped cookie). */
  fresh: boolean;
  /** When the server issued the id (ms), as signed inside it. */
  issuedAt: number;
}

// Kept beside the request rather than declared on FastifyRequest, so where it comes from stays
// visible at each use.
const participants = new WeakMap<FastifyRequest, Participant>();

/** The participant of a route registered with `participant: 'optional'`, if it has one. */
export function participantIfAny(request: FastifyRequest): Participant | undefined {
  return participants.get(request);
}

/** The participant of a route registered with `participant: 'required'`. */
export function participantOf(request: FastifyRequest): Participant {
  const participant = participants.get(request);
  if (!participant) throw new Error('participant hook did not run for this request');
  return participant;
}

/**
 * Gives the participant page an anonymous participant id in an HttpOnly cookie, on the routes
 * that ask for one (`participant` in the route's config: the poll's GET, which the page makes
 * before any vote, and the ballot). A new id takes a token of the address's participant bucket:
 * a script that drops its cookie pays for each ballot twice. When the bucket is empty the poll
 * still loads (without a cookie) and a ballot is refused with 429 until a token is back.
 */
export function registerParticipantCookie(
  app: FastifyInstance,
  ids: ParticipantIds,
  limiter: Limiter,
): void {
  app.addHook('onRequest', async (request, reply) => {
    const need = (request.routeOptions.config as RouteConfig | undefined)?.participant;
    if (!need) return;
    const now = Date.now();
    for (const name of [SECURE_PARTICIPANT_COOKIE, PARTICIPANT_COOKIE]) {
      const existing = request.cookies[name];
      const issuedAt = existing ? ids.verify(existing) : undefined;
      if (existing && issuedAt !== undefined) {
        participants.set(request, {
          id: existing,
          fresh: now - issuedAt < FRESH_PARTICIPANT_MS,
          issuedAt,
        });
        return;
      }
    }
    if (need === 'existing') return;
    const wait = await limiter.take('participant', request.ip);
    if (wait > 0) {
      if (need === 'optional') return;
      countRefusedBallot(limiter, request);
      throw rateLimited(reply, wait);
    }
    const id = ids.issue(now);
    participants.set(request, { id, fresh: true, issuedAt: now });
    setParticipantCookie(request, reply, id);
  });
}

function setParticipantCookie(request: FastifyRequest, reply: FastifyReply, id: string): void {
  const secure = request.protocol === 'https';
  reply.setCookie(secure ? SECURE_PARTICIPANT_COOKIE : PARTICIPANT_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: ONE_YEAR_S,
  });
}
