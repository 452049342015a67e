import { BlockList, isIPv4 } from 'node:net';
import { networkInterfaces } from 'node:os';

/** This machine's non-internal IPv4 addresses: where phones on the same network reach it. */
export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && a.family === 'IPv4' && !a.internal)
    .map((a) => a!.address);
}

/** Whether HOST is a loopback interface: then nobody on the LAN can connect. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/** The addresses phones on the LAN reach a server listening on `host` by. */
export function lanAddressesFor(host: string): string[] {
  if (host === '0.0.0.0' || host === '::') return lanAddresses();
  if (isLoopbackHost(host)) return [];
  return [host];
}

// Loopback, RFC 1918, link-local and IPv6 unique-local: networks a person's own router or
// machine hands out, not the internet.
const privateNetworks = new BlockList();
privateNetworks.addSubnet('127.0.0.0', 8, 'ipv4');
privateNetworks.addSubnet('10.0.0.0', 8, 'ipv4');
privateNetworks.addSubnet('172.16.0.0', 12, 'ipv4');
privateNetworks.addSubnet('192.168.0.0', 16, 'ipv4');
privateNetworks.addSubnet('169.254.0.0', 16, 'ipv4');
privateNetworks.addAddress('::1', 'ipv6');
privateNetworks.addSubnet('fc00::', 7, 'ipv6');
privateNetworks.addSubnet('fe80::', 10, 'ipv6');

/** Whether a client address is on loopback or a private network (IPv4-mapped IPv6 too). */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  try {
    return privateNetworks.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}
