import { connect, type Socket } from 'node:net';

/**
 * A child of bench/abuse.ts: opens STREAMS event streams to one poll as fast as it can (batches
 * of 200 in flight), counts the answers by status, reports them over IPC and holds the admitted
 * ones open until told to stop. One process holds at most ~10,000 sockets (its open-file limit).
 * With ADDRESSES set, the streams come from that many loopback addresses (127.20.x.y, from
 * FIRST_ADDRESS on), in turn; else all from the default address.
 */
const url = new URL(process.env.STREAM_URL!);
const total = Number(process.env.STREAMS);
const addresses = Number(process.env.ADDRESSES ?? 0);
const first = Number(process.env.FIRST_ADDRESS ?? 0);
const addressOf = (i: number) => {
  const n = first + (i % addresses);
  return `127.20.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};
const sockets: Socket[] = [];
const counts: Record<string, number> = {};
const add = (key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

function attempt(i: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({
      host: url.hostname,
      port: Number(url.port),
      ...(addresses > 0 ? { localAddress: addressOf(i) } : {}),
    });
    let head = '';
    let settled = false;
    const done = (key: string, keep: boolean) => {
      if (settled) return;
      settled = true;
      add(key);
      if (keep) sockets.push(socket);
      else socket.destroy();
      resolve();
    };
    socket.setTimeout(20_000, () => done('timeout', false));
    socket.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'error', false));
    socket.on('connect', () =>
      socket.write(
        `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/event-stream\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk) => {
      if (settled) return;
      head += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head)?.[1];
      if (status) done(status, status === '200');
    });
    socket.on('close', () => done('closed', false));
  });
}

let started = 0;
async function lane(): Promise<void> {
  while (started < total) {
    await attempt(started++);
  }
}
await Promise.all(Array.from({ length: 200 }, lane));
process.send?.({ counts });
process.on('message', () => {
  for (const s of sockets) s.destroy();
  process.exit(0);
});
