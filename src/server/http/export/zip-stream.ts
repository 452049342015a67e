import { pipeline, Readable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A ZIP archive written as a stream (issue 25: an XLSX is a ZIP of XML parts; building it whole
 * took 641 MB and ~3 s of the event loop for 200,000 ballots). Each entry is deflated as its
 * parts arrive (zlib works off the event loop, in its thread pool) and its CRC and sizes follow
 * it in a data descriptor (general purpose flag bit 3), so nothing is held but the chunk in
 * hand and the central directory (a few dozen bytes per entry).
 *
 * No ZIP64: an entry or the archive past 4 GiB fails the stream rather than writing a file no
 * reader opens (a poll's export is far smaller: ballots are capped per poll).
 */

export type ZipEntry = { name: string; content: AsyncIterable<string> | Iterable<string> };

const LIMIT_32 = 0xffffffff;
/** Version needed: 2.0, deflate. */
const VERSION = 20;
/** Bit 3: sizes and CRC in a data descriptor after the data; bit 11: names in UTF-8. */
const FLAGS = 0x0008 | 0x0800;
const DEFLATE = 8;
/** 1980-01-01 00:00 in MS-DOS format: the entries' times say nothing. */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

export async function* zipStream(entries: Iterable<ZipEntry>): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  const emit = (buffer: Buffer) => {
    offset += buffer.length;
    if (offset > LIMIT_32) throw new Error('El archivo supera 4 GiB');
    return buffer;
  };
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const start = offset;
    yield emit(localHeader(name));
    let crc = 0;
    let size = 0;
    let compressed = 0;
    const counted = async function* () {
      for await (const part of entry.content) {
        const bytes = Buffer.from(part, 'utf8');
        crc = crc32(bytes, crc);
        size += bytes.length;
        if (size > LIMIT_32) throw new Error('Una parte del archivo supera 4 GiB');
        yield bytes;
      }
    };
    const deflate = createDeflateRaw({ level: 6 });
    // Errors of the source destroy the deflater, and the loop below throws them.
    pipeline(Readable.from(counted()), deflate, () => {});
    for await (const chunk of deflate as AsyncIterable<Buffer>) {
      compressed += chunk.length;
      yield emit(chunk);
    }
    yield emit(dataDescriptor(crc, compressed, size));
    written.push({ name, crc, compressed, size, offset: start });
  }
  const directoryStart = offset;
  for (const w of written) yield emit(centralHeader(w));
  yield emit(endOfDirectory(written.length, offset - directoryStart, directoryStart));
}

function localHeader(name: Buffer): Buffer {
  const b = Buffer.alloc(30);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(VERSION, 4);
  b.writeUInt16LE(FLAGS, 6);
  b.writeUInt16LE(DEFLATE, 8);
  b.writeUInt16LE(DOS_TIME, 10);
  b.writeUInt16LE(DOS_DATE, 12);
  // CRC and sizes (14–25) are 0 here: the data descriptor carries them.
  b.writeUInt16LE(name.length, 26);
  b.writeUInt16LE(0, 28);
  return Buffer.concat([b, name]);
}

function dataDescriptor(crc: number, compressed: number, size: number): Buffer {
  const b = Buffer.alloc(16);
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(crc >>> 0, 4);
  b.writeUInt32LE(compressed, 8);
  b.writeUInt32LE(size, 12);
  return b;
}

function centralHeader(w: Written): Buffer {
  const b = Buffer.alloc(46);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(VERSION, 4);
  b.writeUInt16LE(VERSION, 6);
  b.writeUInt16LE(FLAGS, 8);
  b.writeUInt16LE(DEFLATE, 10);
  b.writeUInt16LE(DOS_TIME, 12);
  b.writeUInt16LE(DOS_DATE, 14);
  b.writeUInt32LE(w.crc >>> 0, 16);
  b.writeUInt32LE(w.compressed, 20);
  b.writeUInt32LE(w.size, 24);
  b.writeUInt16LE(w.name.length, 28);
  // Extra field, comment, disk, attributes: none (30–41).
  b.writeUInt32LE(w.offset, 42);
  return Buffer.concat([b, w.name]);
}

function endOfDirectory(count: number, size: number, start: number): Buffer {
  const b = Buffer.alloc(22);
  b.writeUInt32LE(0x06054b50, 0);
  b.writeUInt16LE(count, 8);
  b.writeUInt16LE(count, 10);
  b.writeUInt32LE(size, 12);
  b.writeUInt32LE(start, 16);
  return b;
}
