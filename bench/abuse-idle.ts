import { connect, type Socket } from 'node:net';

/**
 * A child of bench/abuse-connections.ts: holds SOCKETS idle TCP connections to the server from
 * ADDRESSES loopback addresses (127.10.x.y, starting at FIRST_ADDRESS), never sending a byte,
 * and opens a new one whenever the server closes one (as a flood would: the pressure stays).
 * Reports how many are open over IPC when asked; closes everything on 'stop'.
 */
const host = process.env.HOST_ADDRESS ?? '127.0.0.1';
const port = Number(process.env.PORT_NUMBER);
const total = Number(process.env.SOCKETS);
const addresses = Number(process.env.ADDRESSES ?? 2500);
const first = Number(process.env.FIRST_ADDRESS ?? 0);
const open = new Set<Socket>();
let opened = 0;
let failed = 0;
let stopping = false;

/** ONE_ADDRESS: every socket from that address instead (the /health probes' own, 127.0.0.1). */
const one = process.env.ONE_ADDRESS;
const addressOf = (i: number) => {
  if (one) return one;
  const n = first + (i % addresses);
  return `127.10.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};

function openOne(i: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, localAddress: addressOf(i) });
    let connected = false;
    socket.on('error', () => {});
    socket.once('connect', () => {
      connected = true;
      opened++;
      open.add(socket);
      resolve();
    });
    socket.once('close', () => {
      open.delete(socket);
      if (!connected) {
        failed++;
        resolve();
      }
      // The flood keeps its numbers up: a closed socket is replaced a moment later.
      if (!stopping) setTimeout(() => void openOne(i), 200);
    });
    // Read what the server may send (a 408 when it times the socket out), so its close is seen.
    socket.resume();
  });
}

let next = 0;
async function lane(): Promise<void> {
  while (next < total) await openOne(next++);
}
await Promise.all(Array.from({ length: 200 }, lane));
process.send?.({ ready: true, open: open.size });
process.on('message', (message: string) => {
  if (message === 'count') process.send?.({ open: open.size, opened, failed });
  if (message === 'stop') {
    stopping = true;
    for (const s of open) s.destroy();
    process.exit(0);
  }
});
