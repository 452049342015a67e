import { resolve } from 'node:path';
import type { Config } from './config.ts';
import { lanAddresses } from './net.ts';

/**
 * What the server prints once it listens: where to open it, where the data lives, and a QR code
 * of the address phones on the same network use, drawn in the terminal (white background, so
 * it scans on a dark terminal too), for the host to open the app on a phone.
 */
export async function startBanner(
  config: Config,
  port: number,
  lan: string[] = lanAddresses(),
): Promise<string> {
  const lines = [`  Local:   http://localhost:${port}/`];
  const listensEverywhere = config.host === '0.0.0.0' || config.host === '::';
  const network: string[] = [];
  if (listensEverywhere) {
    for (const ip of lan) network.push(`http://${ip}:${port}/`);
  } else if (config.host !== '127.0.0.1' && config.host !== 'localhost') {
    network.push(`http://${config.host}:${port}/`);
  }
  for (const url of network) lines.push(`  Red:     ${url}`);
  if (config.publicUrl) lines.push(`  Público: ${config.publicUrl}/`);
  let text = `Sondeo está listo. Abre:\n${lines.join('\n')}\n`;
  if (config.database.kind === 'sqlite') {
    const file = config.database.file;
    text += `Datos: ${file === ':memory:' ? 'en memoria (se pierden al salir)' : resolve(file)}\n`;
  }
  const shared = config.publicUrl ? `${config.publicUrl}/` : network[0];
  if (shared) {
    if (listensEverywhere && !config.publicUrl)
      text += 'Los teléfonos en la misma red Wi-Fi entran por la dirección «Red».\n';
    text += `\nEscanea para abrir ${shared} en un teléfono:\n`;
    // Loaded only here: a server bound to loopback alone never draws one (idle memory, issue 29).
    const { default: QRCode } = await import('qrcode');
    text += await QRCode.toString(shared, { type: 'terminal', small: true });
  }
  return text;
}
