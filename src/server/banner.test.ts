import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { startBanner } from './banner.ts';
import { loadConfig } from './config.ts';

/**
 * Reads back a QR code drawn by qrcode's terminal renderer (small mode): each character is two
 * modules stacked (▀ top, ▄ bottom, █ both, space none) in the foreground colour, black (30) or
 * white (37); drawn as pixels and decoded with jsQR, as a phone camera would.
 */
const ESC = String.fromCharCode(27);
/** ANSI colour codes (ESC [ n m), built from ESC so the pattern holds no control character. */
const SGR_SPLIT = new RegExp(`(${ESC}\\[\\d+m)`);
const SGR = new RegExp(`^${ESC}\\[(\\d+)m$`);

function decodeTerminalQr(text: string): string | undefined {
  const rows: boolean[][] = [];
  for (const line of text.split('\n')) {
    if (!line.includes(`${ESC}[`)) continue;
    let dark = true;
    const top: boolean[] = [];
    const bottom: boolean[] = [];
    for (const part of line.split(SGR_SPLIT)) {
      const code = SGR.exec(part)?.[1];
      if (code === '30') dark = true;
      else if (code === '37') dark = false;
      else if (code === undefined) {
        for (const ch of part) {
          top.push(dark && (ch === '▀' || ch === '█'));
          bottom.push(dark && (ch === '▄' || ch === '█'));
        }
      }
    }
    if (top.length) rows.push(top, bottom);
  }
  const scale = 6;
  const margin = 4;
  const size = Math.max(...rows.map((r) => r.length));
  const width = (size + 2 * margin) * scale;
  const height = (rows.length + 2 * margin) * scale;
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  rows.forEach((row, y) => {
    row.forEach((isDark, x) => {
      if (!isDark) return;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const i = (((y + margin) * scale + dy) * width + (x + margin) * scale + dx) * 4;
          pixels.fill(0, i, i + 3);
        }
      }
    });
  });
  return jsQR(pixels, width, height)?.data;
}

describe('start banner', () => {
  it('lists the addresses and draws a QR code of the LAN address that decodes to it', async () => {
    const config = loadConfig({ DATABASE_URL: 'datos/sondeo.db' });
    const text = await startBanner(config, 8080, ['192.168.1.20', '10.0.0.5']);
    expect(text).toContain('Local:   http://localhost:8080/');
    expect(text).toContain('Red:     http://192.168.1.20:8080/');
    expect(text).toContain('Red:     http://10.0.0.5:8080/');
    expect(text).toMatch(/Datos: \/.*datos\/sondeo\.db/);
    expect(text).toContain('Escanea para abrir http://192.168.1.20:8080/ en un teléfono');
    expect(decodeTerminalQr(text)).toBe('http://192.168.1.20:8080/');
  });

  it('draws PUBLIC_URL when set, and no QR when only this machine can connect', async () => {
    const pub = await startBanner(
      loadConfig({ PUBLIC_URL: 'https://sondeo.example.org/', DATABASE_URL: ':memory:' }),
      3000,
      ['192.168.1.20'],
    );
    expect(pub).toContain('Público: https://sondeo.example.org/');
    expect(pub).toContain('Datos: en memoria');
    expect(decodeTerminalQr(pub)).toBe('https://sondeo.example.org/');

    const local = await startBanner(loadConfig({ HOST: '127.0.0.1' }), 3000, ['192.168.1.20']);
    expect(local).not.toContain('Red:');
    expect(local).not.toContain('Escanea');
  });
});
