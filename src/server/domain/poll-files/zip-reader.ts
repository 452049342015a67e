import { inflateRawSync } from 'node:zlib';

/**
 * Reads entries of a ZIP archive held in memory (an XLSX is one), through its central
 * directory: enough for the spreadsheets people import, with no dependency. Everything read is
 * counted against `maxUnzipped` bytes, so a small archive that unpacks to gigabytes (a zip
 * bomb) stops at the limit instead of filling the memory.
 */
export class ZipTooLarge extends Error {}
export class NotAZip extends Error {}

interface Entry {
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export class ZipReader {
  private readonly entries = new Map<string, Entry>();
  private unzipped = 0;

  constructor(
    private readonly data: Buffer,
    private readonly maxUnzipped: number,
  ) {
    const end = findEndOfDirectory(data);
    const count = data.readUInt16LE(end + 10);
    let at = data.readUInt32LE(end + 16);
    for (let i = 0; i < count; i++) {
      if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) throw new NotAZip();
      const nameLength = data.readUInt16LE(at + 28);
      const name = data.toString('utf8', at + 46, at + 46 + nameLength);
      this.entries.set(name, {
        method: data.readUInt16LE(at + 10),
        compressedSize: data.readUInt32LE(at + 20),
        size: data.readUInt32LE(at + 24),
        localOffset: data.readUInt32LE(at + 42),
      });
      at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The entry's bytes as UTF-8 text, or undefined when the archive has no such entry. */
  text(name: string): string | undefined {
    const entry = this.entries.get(name);
    if (!entry) return undefined;
    const room = this.maxUnzipped - this.unzipped;
    // The declared size may lie; inflating stops at the room left whatever it says.
    if (entry.size > room) throw new ZipTooLarge();
    const at = entry.localOffset;
    if (at + 30 > this.data.length || this.data.readUInt32LE(at) !== LOCAL) throw new NotAZip();
    const start = at + 30 + this.data.readUInt16LE(at + 26) + this.data.readUInt16LE(at + 28);
    const raw = this.data.subarray(start, start + entry.compressedSize);
    let bytes: Buffer;
    if (entry.method === 0) bytes = raw;
    else if (entry.method === 8) {
      try {
        bytes = inflateRawSync(raw, { maxOutputLength: Math.max(1, room) });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipTooLarge();
        throw new NotAZip();
      }
    } else throw new NotAZip();
    this.unzipped += bytes.length;
    if (this.unzipped > this.maxUnzipped) throw new ZipTooLarge();
    return bytes.toString('utf8');
  }
}

/** The end-of-central-directory record: the last 22 bytes, or earlier behind a comment. */
function findEndOfDirectory(data: Buffer): number {
  const lowest = Math.max(0, data.length - 22 - 0xffff);
  for (let at = data.length - 22; at >= lowest; at--) {
    if (data.readUInt32LE(at) === EOCD) return at;
  }
  throw new NotAZip();
}
