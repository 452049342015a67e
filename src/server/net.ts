import { networkInterfaces } from 'node:os';

/** This machine's non-internal IPv4 addresses: where phones on the same network reach it. */
export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && a.family === 'IPv4' && !a.internal)
    .map((a) => a!.address);
}
