import { createHmac } from 'node:crypto';

/**
 * Where ballots come from, as hosts may see it: a keyed hash of the client's address and the
 * poll, never the address. Keyed, so the 2^32 IPv4 addresses cannot be tried one by one; with
 * the poll inside, one address has a different source in each poll and hosts of different polls
 * cannot follow a person across them. 96 bits: no collisions among a poll's addresses.
 */
export class SourceHasher {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('ballot-source').digest();
  }

  of(address: string, slug: string): string {
    return createHmac('sha256', this.key)
      .update(`${slug}\u0000${address}`)
      .digest()
      .subarray(0, 12)
      .toString('base64url');
  }
}
