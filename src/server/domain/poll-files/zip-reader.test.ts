import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { NotAZip, ZipReader, ZipTooLarge } from './zip-reader.ts';

/** A one-entry ZIP; `declaredSize` may lie, as a crafted archive's does. */
function zipOf(name: string, content: Buffer, method: 0 | 8, declaredSize = content.length) {
  const data = method === 8 ? deflateRawSync(content) : content;
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(method, 8);
  local.writeUInt32LE(crc32(content), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(method, 10);
  central.writeUInt32LE(crc32(content), 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const directoryAt = local.length + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}

describe('ZipReader', () => {
  it('reads stored and deflated entries', () => {
    const text = Buffer.from('<sst><si><t>Hola</t></si></sst>');
    expect(new ZipReader(zipOf('a.xml', text, 0), 1024).text('a.xml')).toBe(text.toString());
    expect(new ZipReader(zipOf('a.xml', text, 8), 1024).text('a.xml')).toBe(text.toString());
    expect(new ZipReader(zipOf('a.xml', text, 8), 1024).text('b.xml')).toBeUndefined();
  });

  it('stops a zip bomb at the cap even when the entry lies about its size', () => {
    const zeros = Buffer.alloc(4 * 1024 * 1024);
    const bomb = zipOf('xl/worksheets/sheet1.xml', zeros, 8, 100);
    expect(bomb.length).toBeLessThan(10_000);
    expect(() => new ZipReader(bomb, 64 * 1024).text('xl/worksheets/sheet1.xml')).toThrow(
      ZipTooLarge,
    );
    const honest = zipOf('x', zeros, 8);
    expect(() => new ZipReader(honest, 64 * 1024).text('x')).toThrow(ZipTooLarge);
  });

  it('refuses what is not a ZIP', () => {
    expect(() => new ZipReader(Buffer.from('no soy un zip, solo texto'), 1024)).toThrow(NotAZip);
  });
});
