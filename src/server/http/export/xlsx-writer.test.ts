import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { columnName, escapeXml } from './xlsx-writer.ts';
import { zipStream } from './zip-stream.ts';

async function collect(stream: AsyncGenerator<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The entries of a ZIP as its central directory lists them, each inflated and checked. */
function readZip(zip: Buffer): { name: string; text: string; crcOk: boolean }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const data = inflateRawSync(zip.subarray(dataAt, dataAt + compressed));
    expect(data.length).toBe(size);
    entries.push({ name, text: data.toString('utf8'), crcOk: crc32(data) >>> 0 === crc });
    at += 46 + nameLength;
  }
  return entries;
}

describe('the streaming ZIP', () => {
  it('writes entries a reader inflates back whole, with their CRC and sizes', async () => {
    const big = Array.from({ length: 2_000 }, (_, i) => `<row r="${i}">ñandú ${i}</row>`);
    const zip = await collect(
      zipStream([
        { name: 'a.xml', content: ['<a/>'] },
        {
          name: 'xl/ñ.xml',
          content: (async function* () {
            yield* big;
          })(),
        },
        { name: 'empty.xml', content: [] },
      ]),
    );
    const entries = readZip(zip);
    expect(entries.map((e) => e.name)).toEqual(['a.xml', 'xl/ñ.xml', 'empty.xml']);
    expect(entries.map((e) => e.crcOk)).toEqual([true, true, true]);
    expect(entries[1]!.text).toBe(big.join(''));
    expect(entries[2]!.text).toBe('');
  });

  it('fails the stream when a part fails, instead of ending a broken file', async () => {
    const failing = (async function* () {
      yield '<a>';
      throw new Error('lectura fallida');
    })();
    await expect(collect(zipStream([{ name: 'x.xml', content: failing }]))).rejects.toThrow(
      'lectura fallida',
    );
  });
});

describe('sheet XML', () => {
  it('names columns as a spreadsheet does', () => {
    expect([0, 25, 26, 51, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'ZZ', 'AAA']);
  });

  it('escapes markup and drops what XML 1.0 cannot hold', () => {
    expect(escapeXml('a<b>&"c"')).toBe('a&lt;b&gt;&amp;&quot;c&quot;');
    expect(escapeXml('x\u0001y\u0008z\ttab\nline')).toBe('xyz\ttab\nline');
    expect(escapeXml('lone \ud800 surrogate 😀')).toBe('lone  surrogate 😀');
  });
});
